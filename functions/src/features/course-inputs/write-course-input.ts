import { type CampusScope, courseCurriculum } from '@attain/shared-types';
import { findRecord } from '../../platform/store/records.js';
import { type CourseYearChange, assertCourseYearOpen } from './frozen-year-gate.js';
import { resultsQueueIsRemote, resultsQueueRuns, scheduleResults } from './results-queue.js';
import { PROGRAM_STAMP_SK, SURVEYS_SK, setStamp, stampSk } from './store.js';

/**
 * Whose stored results a write changes: a course (with its program when the caller has it; read otherwise), or a
 * program alone (its attainment method: every course of it).
 */
export interface ChangedResults {
  course?: string;
  program?: string;
}

/** The program whose results partition holds a course's results: `program` when given, else read (one GetItem). */
const programOf = async (scope: CampusScope, course: string | undefined, program: string | undefined) =>
  course && !program ? (await findRecord(scope, courseCurriculum, course))?.program : program;

/**
 * Records that inputs of courses changed and schedules their results to be computed again (the results queue):
 * per course one UpdateItem of its input stamp (`changed_at`, and `queued_at` when the queue is SQS) and one job; per
 * program alone one job and its program stamp's `queued_at` (whenever a job runs), so its pages show every course as
 * updating, with the previous figures, until the job has stored it. A course outside any program has no stored results
 * and is left alone. Locally a course's job runs before this returns; a program's runs in the background.
 */
export async function courseInputsChanged(scope: CampusScope, ...changed: ChangedResults[]): Promise<void> {
  const now = new Date().toISOString();
  const remote = resultsQueueIsRemote();
  const seen = new Set<string>();
  for (const ch of changed) {
    const program = await programOf(scope, ch.course, ch.program);
    const key = `${program}/${ch.course ?? '*'}`;
    if (!program || seen.has(key)) continue;
    seen.add(key);
    if (ch.course) await setStamp(scope, program, stampSk(ch.course), remote ? { changed_at: now, queued_at: now } : { changed_at: now });
    else if (resultsQueueRuns()) await setStamp(scope, program, PROGRAM_STAMP_SK, { queued_at: now });
    await scheduleResults(scope, ch.course ? { kind: 'course', program, course: ch.course } : { kind: 'program', program });
  }
}

/**
 * Records that a course's inputs changed, without scheduling its results: for writes that come in great numbers (a
 * survey's answers) or that schedule once they are done (`courseInputsChanged` after a marks file). Its stored results
 * count as stale from now on, and the next read computes them. One UpdateItem (plus a GetItem when `program` is not
 * given); a course outside any program is left alone.
 */
export async function markCourseChanged(scope: CampusScope, course: string | undefined, program?: string): Promise<void> {
  const prog = await programOf(scope, course, program);
  if (course && prog) await setStamp(scope, prog, stampSk(course), { changed_at: new Date().toISOString() });
}

/**
 * Records that a survey's evidence changed (an answer, an invitation, its paper counts, the survey itself), without
 * scheduling anything: a course-exit (CO) survey's course has its results marked stale (`markCourseChanged`), a PO/PSO
 * survey's program its stored survey evidence. The next read computes them. One UpdateItem.
 */
export async function surveyEvidenceChanged(
  scope: CampusScope,
  s: { survey_for: string; course?: string; program: string },
): Promise<void> {
  if (s.survey_for === 'CO') await markCourseChanged(scope, s.course, s.program);
  else if (s.survey_for === 'PO') await setStamp(scope, s.program, SURVEYS_SK, { changed_at: new Date().toISOString() });
}

/** The course (id and program, when known) a gate change names: the results it changes. */
function changedBy(ch: CourseYearChange): ChangedResults | undefined {
  if (typeof ch.course === 'string') return { course: ch.course, program: ch.program };
  if (ch.course) return { course: ch.course.id, program: ch.course.program };
  if (ch.program) return { program: ch.program };
  return undefined;
}

/**
 * The one way to write an input of course-years (marks, a question paper, occasions, COs, the CO-PO matrix, survey
 * counts, the attainment method): refuses the write while a frozen year holds it (`assertCourseYearOpen`, 409), runs
 * `write` (which audits in its own transaction, as every record and document write does), then records the change and
 * schedules the results (`courseInputsChanged`).
 * @param changes what the write touches, as the frozen-year gate reads it
 * @param changed whose results change, when not the courses and programs `changes` name
 * @returns what `write` returns
 * @throws HttpError 409 (a frozen year), and whatever `write` throws (nothing is marked then)
 */
export async function writeCourseInput<T>(
  scope: CampusScope,
  changes: CourseYearChange | readonly CourseYearChange[],
  write: () => Promise<T>,
  changed?: readonly ChangedResults[],
): Promise<T> {
  const list = [changes].flat();
  await assertCourseYearOpen(scope, ...list);
  const out = await write();
  await courseInputsChanged(scope, ...(changed ?? list.flatMap((ch) => changedBy(ch) ?? [])));
  return out;
}
