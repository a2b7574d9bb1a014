import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { MAX_SCALE_POINTS, MAX_SURVEY_QUESTIONS, QUESTION_KINDS, SURVEY_FOR, SURVEY_TYPES } from './survey-choices.js';
import { templateProblems } from './template-rules.js';

/** One point of a rating scale: what the respondent reads and its weight (e.g. Substantial, 1.0). */
export const scalePointFields = [
  f.string('label', 'Label', { required: true, max: 60 }),
  f.number('weight', 'Weight', { required: true, min: 0, max: 100 }),
] as const;

/**
 * One question of a template: its text, how it is answered, and the outcome it assesses by code (`CO2`, `PO3`,
 * `PSO1`, `PEO2`; blank for none), resolved when a survey is made for a course or program. `{statement}` in the text
 * is replaced then by that outcome's statement ("How well can you now {statement}?").
 */
export const questionFields = [
  f.text('text', 'Question', { required: true, max: 1000 }),
  f.enum('kind', 'Answered as', QUESTION_KINDS, { required: true, default: 'Rating' }),
  f.string('outcome', 'Outcome assessed (e.g. CO1, PO3, PSO1, PEO2)', { max: 8 }),
] as const;

/**
 * A survey template (spec part 2 §3 "Template": name, description, type, department, program, survey_for), plus its
 * rating scale and questions: the scale is data, a label and a weight per point, so a three-point course-exit
 * scale (Slight 0.33 / Moderate 0.67 / Substantial 1) and a five-point agreement scale (Strongly agree 5 ..
 * Strongly disagree 1) are both templates, and one formula reads them (`surveyPercent`). Surveys copy the questions
 * and scale when they are made, so a later change to a template never alters a survey's answers.
 */
export const surveyTemplate = defineEntity({
  name: 'template',
  label: 'Survey template',
  path: '/api/template',
  domain: 'survey',
  writeRoles: ['admin'],
  display: 'name',
  fields: [
    f.string('name', 'Name', { required: true, max: 150 }),
    f.text('description', 'Description', { max: 2000 }),
    f.enum('type', 'Answered by', SURVEY_TYPES, { required: true }),
    f.ref('department', 'Department', 'department', { refLabel: 'short_name' }),
    f.ref('program', 'Program', 'program', { refLabel: 'title' }),
    f.enum('survey_for', 'Survey for', SURVEY_FOR, { required: true }),
    f.list('scale', 'Rating scale (lowest first)', scalePointFields, { maxItems: MAX_SCALE_POINTS, itemLabel: 'Point' }),
    f.list('questions', 'Questions', questionFields, { required: true, maxItems: MAX_SURVEY_QUESTIONS, itemLabel: 'Question' }),
  ],
  columns: ['name', 'survey_for', 'type', 'department', 'program'],
  filters: ['department', 'program', 'survey_for'],
  checks: (d) => templateProblems(d),
});
