import { notBefore } from '../registry/checks.js';
import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { isAcademicYear } from '../format/academic-year.js';
import { SURVEY_FOR, SURVEY_TYPES } from './survey-choices.js';

/**
 * A survey (spec part 2 §3 "Survey": name, department, program, type, sub_title, intro_text, end_text, end_date,
 * survey_for, curriculum), made from a template for a program's curriculum, or for one course of it when it
 * is a CO (course-exit) survey, in one academic year, open from `start_date` to `end_date` (both days included, India
 * time). When it is made, the server copies the template's scale and questions into the survey's form (resolving
 * each question's outcome code to the course's CO, or the program's PO/PSO/PEO), so later template edits leave it alone.
 * `anonymous`: answers are stored without the invitee (reminders still reach only those who have not answered).
 * Hosting, answers and results are `/api/survey-host/...`, `/api/public/survey/{token}` and `/api/survey-results/...`.
 */
export const survey = defineEntity({
  name: 'survey',
  label: 'Survey',
  path: '/api/survey',
  domain: 'survey',
  writeRoles: ['admin'],
  display: 'name',
  fields: [
    f.string('name', 'Name', { required: true, max: 150 }),
    f.ref('template', 'Template', 'template', { required: true }),
    f.enum('survey_for', 'Survey for', SURVEY_FOR, { required: true }),
    f.enum('type', 'Answered by', SURVEY_TYPES, { required: true }),
    f.ref('department', 'Department', 'department', { refLabel: 'short_name' }),
    f.ref('program', 'Program', 'program', { required: true, refLabel: 'title' }),
    f.ref('curriculum', 'Curriculum', 'curriculum', { required: true, within: 'program' }),
    f.ref('course', 'Course', 'course-curriculum', { within: 'curriculum', askedWhen: { field: 'survey_for', equals: 'CO' } }),
    f.string('academic_year', 'Academic year', { required: true, max: 7, academicYear: true }),
    f.date('start_date', 'Opens on', { required: true }),
    f.date('end_date', 'Closes on', { required: true }),
    f.boolean('anonymous', 'Anonymous answers', { default: false }),
    f.string('sub_title', 'Subtitle', { max: 200 }),
    f.text('intro_text', 'Introduction', { max: 3000 }),
    f.text('end_text', 'Closing message', { max: 3000 }),
  ],
  columns: ['name', 'survey_for', 'academic_year', 'course', 'program', 'start_date', 'end_date', 'type'],
  filters: ['department', 'program', 'curriculum', 'course', 'survey_for', 'academic_year'],
  indexes: [
    { field: 'program', sortBy: 'academic_year' },
    { field: 'course', sortBy: 'academic_year' },
  ],
  checks: (d) => ({
    ...notBefore('start_date', 'end_date', 'Must not be before the opening day')(d),
    ...(typeof d.academic_year === 'string' && d.academic_year && !isAcademicYear(d.academic_year)
      ? { academic_year: 'Write it as 2025-26' }
      : {}),
    ...(d.survey_for === 'CO' && !d.course ? { course: 'Required' } : {}),
  }),
});
