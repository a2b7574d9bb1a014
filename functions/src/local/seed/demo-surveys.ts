import {
  type CampusScope,
  type EntityDef,
  type RecordOf,
  courseCurriculum,
  courseOutcome,
  curriculum,
  program,
  stakeholder,
  student,
  survey,
  surveyTemplate,
  todayInIndia,
  validateBody,
} from '@attain/shared-types';
import { randomUUID } from 'node:crypto';
import { overwriteDocument } from '../../platform/store/documents.js';
import { batchWrite } from '../../platform/store/batch.js';
import { listAll } from '../../platform/store/list-all.js';
import { createRecord, queryByField } from '../../platform/store/records.js';
import { resolveReferences } from '../../platform/store/references.js';
import { buildSurveyForm } from '../../features/survey/survey-form.js';
import { surveyEvidenceChanged } from '../../features/course-inputs/write-course-input.js';
import { inviteesPk, responsesPk } from '../../features/survey/survey-store.js';
import { prng } from './sample-random.js';

/**
 * SAMPLE DATA, not from any source: the demo's survey area so the CO pages show indirect levels out
 * of the box. Everything generated says so ("(sample)" in names, "Sample" stakeholders, `sample: true` on answers).
 * - stakeholders of the published-samples curriculum in every group, at SES mailbox-simulator addresses (they deliver
 *   locally and in AWS without reaching anyone);
 * - two templates: a three-point course-exit scale (Slight 0.33 / Moderate 0.67 / Substantial 1, the published
 *   workbook's; docs/nba-sources.md) with a question per CO1-CO8 and a comment, and a five-point alumni scale
 *   (Strongly disagree 1 .. Strongly agree 5, deepeshdivakaran.com's) with a question per PO1-PO11;
 * - for each published-sample course, a closed course-exit survey of 2025-26 (the demo's CAY) answered by most of
 *   section A (about 85 %), except `FEW_ANSWERS_COURSE`'s, answered by about a fifth: too few for the default 95 %
 *   margin of error of +-15 points, so its CO page shows no indirect level and the sentence why; and an alumni survey
 *   of the program answered by all 12 sample alumni;
 * - instead of the closed one, for `OPEN_SURVEY_COURSE` an open, anonymous end-of-term course-exit survey answered by
 *   24 of section A, for the other sample students to answer signed in (`addOpenSurvey`).
 */
const YEAR = '2025-26';
/** The demo course whose course-exit survey too few answer for a survey level (the validity rule at work). */
export const FEW_ANSWERS_COURSE = '5IT4-23';
/** Share of those invited who answer: most of a class; a fifth where the demo shows a survey too small to count. */
const RESPONSE_RATE = { usual: 0.85, few: 0.2, everyone: 1 };
const OPEN = { start_date: '2026-04-01', end_date: '2026-05-15' };
const COURSE_EXIT_SCALE = [
  { label: 'Slight', weight: 0.33 },
  { label: 'Moderate', weight: 0.67 },
  { label: 'Substantial', weight: 1 },
];
const AGREEMENT_SCALE = ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'].map((label, i) => ({
  label,
  weight: i + 1,
}));

/** Generated free-text answers (sample data, written for the demo). */
const SAMPLE_COMMENTS = [
  'More lab sessions before the end-semester exam, please (sample).',
  'The worked examples in class helped most (sample).',
  'Assignments came too close together in October (sample).',
  'More practice problems on the last unit (sample).',
];

/** Validates like the API (sample data holds only what a person could enter) and creates. */
async function add<D extends EntityDef>(scope: CampusScope, def: D, body: Record<string, unknown>): Promise<RecordOf<D>> {
  const v = validateBody(def, body, 'create');
  if (!v.ok) throw new Error(`Sample ${def.name} refused: ${JSON.stringify(v.fields)}`);
  await resolveReferences(scope, def, v.data);
  return createRecord(scope, def, v.data as never);
}

/** A survey made as the API makes it: the record, then its form from the template. */
async function addSurvey(scope: CampusScope, body: Record<string, unknown>, template: RecordOf<typeof surveyTemplate>) {
  const s = await add(scope, survey, body);
  await surveyEvidenceChanged(scope, s);
  const form = await buildSurveyForm(scope, s, template);
  await overwriteDocument(scope, 'survey-form', s.id, { ...form, template: s.template, course: s.course ?? null });
  return { s, form };
}

/**
 * Stores generated answers: `people` invitees marked answered (or not), and one answer set per respondent whose
 * rating on each question is drawn around `lean(question index)` (0-1 along the scale).
 */
async function answer(
  scope: CampusScope,
  surveyId: string,
  form: Awaited<ReturnType<typeof buildSurveyForm>>,
  people: { id: string; name: string; email: string; source: 'Students' | 'Stakeholder'; group?: string }[],
  rand: () => number,
  lean: (q: number) => number,
  rate: number,
) {
  const writes = [];
  for (const p of people) {
    const responded = rand() < rate;
    writes.push({
      PutRequest: {
        Item: {
          PK: inviteesPk(scope.campus, surveyId),
          SK: p.id,
          entityType: 'survey-invitee',
          ...p,
          invited_at: `${OPEN.start_date}T04:30:00.000Z`,
          reminders: 0,
          responded,
          sample: true,
        },
      },
    });
    if (!responded) continue;
    const a: Record<string, number | string> = {};
    form.questions.forEach((q, i) => {
      if (q.kind !== 'Rating') {
        if (rand() < 0.25) a[q.id] = SAMPLE_COMMENTS[Math.floor(rand() * SAMPLE_COMMENTS.length)];
        return;
      }
      const x = Math.min(0.999, Math.max(0, lean(i) + (rand() - 0.5) * 0.7));
      a[q.id] = Math.floor(x * form.scale.length);
    });
    writes.push({
      PutRequest: {
        Item: {
          PK: responsesPk(scope.campus, surveyId),
          SK: randomUUID(),
          entityType: 'survey-response',
          a,
          d: '2026-04-20',
          sample: true,
        },
      },
    });
  }
  for (let i = 0; i < writes.length; i += 25) await batchWrite(writes.slice(i, i + 25));
}

/** The demo course whose course-exit survey is still open for its students to answer signed in (issue 43). */
export const OPEN_SURVEY_COURSE = '4CS4-05';
/**
 * The sample students of section A who have not answered the open survey yet (25CSA001-010 and 25CSA031-036, by the
 * roster's names): the ones to sign in as and answer it; the other 24 of the 40 answered with generated answers.
 */
const UNANSWERED = /25CSA0(0\d|10|3[1-6])$/;
/** How long the demo's open survey stays open from the day the demo is seeded, days. */
const OPEN_SURVEY_DAYS = 120;

/**
 * An anonymous end-of-term course-exit survey of `OPEN_SURVEY_COURSE` for 2025-26 (that course's only one of the year),
 * open from the day the demo is seeded for `OPEN_SURVEY_DAYS`, answered by 24 of section A's 40 (generated answers):
 * the others (`UNANSWERED`) answer it signed in, and its course's indirect attainment and response rate move with each
 * answer.
 */
async function addOpenSurvey(
  scope: CampusScope,
  courses: readonly RecordOf<typeof courseCurriculum>[],
  place: Record<string, string>,
  template: RecordOf<typeof surveyTemplate>,
  section: readonly { id: string; name: string; email: string; source: 'Students' }[],
  rand: () => number,
) {
  const course = courses.find((c) => c.code === OPEN_SURVEY_COURSE);
  if (!course) return;
  const today = todayInIndia();
  const closes = new Date(Date.parse(`${today}T00:00:00Z`) + OPEN_SURVEY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const { s, form } = await addSurvey(
    scope,
    {
      name: `End-of-term course exit ${course.code} ${YEAR} (sample)`,
      template: template.id,
      survey_for: 'CO',
      type: 'Students',
      ...place,
      course: course.id,
      academic_year: YEAR,
      start_date: today,
      end_date: closes,
      anonymous: true,
      sub_title: course.title,
      intro_text: 'Sample survey: answer as a sample student signed in; your answers stay anonymous.',
      end_text: 'Thank you: your answers count in the course’s attainment.',
    },
    template,
  );
  // Most of the class has answered already (generated answers); `UNANSWERED` have not, to answer signed in.
  const answered = section.filter((p) => !UNANSWERED.test(p.name));
  await answer(scope, s.id, form, answered, rand, (q) => 0.3 + ((q * 3) % 5) * 0.1, RESPONSE_RATE.everyone);
}

/**
 * Seeds the demo's surveys once (when the campus has no survey template).
 * @returns true when it seeded
 */
export async function seedDemoSurveys(scope: CampusScope): Promise<boolean> {
  if ((await listAll(scope, surveyTemplate)).length) return false;
  const samples = (await listAll(scope, curriculum)).find((c) => c.name === 'Published CO-PO samples');
  const prog = samples && (await listAll(scope, program)).find((p) => p.id === samples.program);
  if (!samples || !prog?.department) return false;
  const place = { department: prog.department, program: prog.id, curriculum: samples.id };
  const groups = [
    ['Alumni', 'alumni', 12],
    ['Employer or Industry', 'employer', 4],
    ['Professional Bodies', 'body', 2],
    ['Others', 'parent', 2],
  ] as const;
  const alumni: RecordOf<typeof stakeholder>[] = [];
  for (const [group, tag, n] of groups)
    for (let i = 1; i <= n; i++) {
      const rec = await add(scope, stakeholder, {
        ...place,
        group,
        first_name: `Sample ${tag}`,
        last_name: String(i),
        email: `success+${tag}${i}@simulator.amazonses.com`,
        contact_number: `98450${String(10000 + i * 37).slice(-5)}`,
      });
      if (group === 'Alumni') alumni.push(rec);
    }
  const courseExit = await add(scope, surveyTemplate, {
    name: 'Course exit survey (three-point)',
    description: 'Students rate how far they attained each CO: Slight 0.33, Moderate 0.67, Substantial 1 (sample template).',
    type: 'Students',
    survey_for: 'CO',
    department: place.department,
    program: place.program,
    scale: COURSE_EXIT_SCALE,
    questions: [
      ...Array.from({ length: 8 }, (_, i) => ({ text: 'How far can you now {statement}?', kind: 'Rating', outcome: `CO${i + 1}` })),
      { text: 'What should change in this course?', kind: 'Free text' },
    ],
  });
  const alumniTemplate = await add(scope, surveyTemplate, {
    name: 'Alumni survey (five-point)',
    description: 'Alumni say how far the program prepared them for each PO: Strongly disagree 1 .. Strongly agree 5 (sample template).',
    type: 'Alumni',
    survey_for: 'PO',
    department: place.department,
    program: place.program,
    scale: AGREEMENT_SCALE,
    // One question per PO of the demo program (its 2025 format's 11).
    questions: Array.from({ length: 11 }, (_, i) => ({
      text: 'The program prepared me for this: {statement}',
      kind: 'Rating',
      outcome: `PO${i + 1}`,
    })),
  });
  const rand = prng(1414);
  const section = (await listAll(scope, student, { curriculum: samples.id })).filter((s) => s.section === 'A');
  const students = section.map((s) => ({ id: `student#${s.id}`, name: s.name, email: s.email ?? '', source: 'Students' as const }));
  const courses = (await queryByField(scope, courseCurriculum, 'curriculum', samples.id)).sort((a, b) =>
    (a.code ?? '').localeCompare(b.code ?? ''),
  );
  for (const course of courses) {
    // The open survey's course has that one survey of the year (`addOpenSurvey`): two would pool the same class twice.
    if (course.code === OPEN_SURVEY_COURSE) continue;
    if (!(await queryByField(scope, courseOutcome, 'course', course.id, 1)).length) continue;
    const { s, form } = await addSurvey(
      scope,
      {
        name: `Course exit ${course.code} ${YEAR} (sample)`,
        template: courseExit.id,
        survey_for: 'CO',
        type: 'Students',
        ...place,
        course: course.id,
        academic_year: YEAR,
        ...OPEN,
        sub_title: course.title,
        intro_text: 'Sample data: generated answers, not a real survey.',
        end_text: 'Thank you.',
      },
      courseExit,
    );
    const bias = rand() * 0.3;
    const rate = course.code === FEW_ANSWERS_COURSE ? RESPONSE_RATE.few : RESPONSE_RATE.usual;
    await answer(scope, s.id, form, students, rand, (q) => 0.12 + bias + ((q * 7) % 5) * 0.1, rate);
  }
  await addOpenSurvey(scope, courses, place, courseExit, students, rand);
  const { s, form } = await addSurvey(
    scope,
    {
      name: `Alumni survey ${YEAR} (sample)`,
      template: alumniTemplate.id,
      survey_for: 'PO',
      type: 'Alumni',
      ...place,
      academic_year: YEAR,
      ...OPEN,
      intro_text: 'Sample data: generated answers, not a real survey.',
    },
    alumniTemplate,
  );
  await answer(
    scope,
    s.id,
    form,
    alumni.map((a) => ({
      id: `stakeholder#${a.id}`,
      name: `${a.first_name} ${a.last_name}`,
      email: a.email ?? '',
      source: 'Stakeholder',
      group: 'Alumni',
    })),
    rand,
    (q) => 0.5 + ((q * 5) % 4) * 0.1,
    RESPONSE_RATE.everyone,
  );
  return true;
}
