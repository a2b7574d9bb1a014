import { type CampusScope, type OfflineResults, isPlainObject, objectOrEmpty, survey as surveyEntity } from '@attain/shared-types';
import { surveyEvidenceChanged, writeCourseInput } from '../course-inputs/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { putDocument } from '../../platform/store/documents.js';
import { assertWritable, getRecord } from '../../platform/store/records.js';
import { surveyDocuments, surveyStudents } from './survey-tally.js';

/** Largest count accepted (people surveyed on paper, or at one scale point). */
const MAX_COUNT = 100_000;

const sum = (counts: readonly number[]) => counts.reduce((t, x) => t + x, 0);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_COUNT;

/**
 * Saves a survey's paper results: the number surveyed and, per rating question, the count at each
 * scale point (lowest first). Questions left out count 0. The same computation then reads them with the online
 * answers. A CO survey's course has its attainment computed again (`writeCourseInput`).
 * @param body `{ surveyed, counts, version }` (`OfflineResultsBody`); `version` as read (0 the first time)
 * @returns the stored counts with their new version
 * @throws HttpError 400 (per field: `surveyed` (not a count, or above a course-exit survey's course's students of its
 *   year, `surveyStudents`), or the question id: a count that is not a whole number >= 0, a list
 *   of another length than the scale, a question that is not rated, counts adding up to more than were surveyed),
 *   404 (no such survey), 409 (saved by someone else since `version`, or the survey's year is approved (frozen) for
 *   its course (CO survey) or program (PO survey): `assertCourseYearOpen`)
 */
export async function saveOfflineResults(scope: CampusScope, surveyId: string, body: unknown): Promise<OfflineResults> {
  assertWritable(scope);
  const s = await getRecord(scope, surveyEntity, surveyId);
  const [docs, students] = await Promise.all([surveyDocuments(scope, s.id), surveyStudents(scope, s)]);
  if (!docs) throw new HttpError(409, 'This survey has no questions yet; save it again from its template');
  const b = objectOrEmpty(body);
  const fields: Record<string, string> = {};
  if (!isCount(b.surveyed)) fields.surveyed = 'Digit only!';
  // A course-exit survey is for the course's students of its year: no more can have been surveyed.
  else if (students !== undefined && b.surveyed > students)
    fields.surveyed = `The course has ${students} students in ${s.academic_year}: at most ${students} can be surveyed`;
  const version = typeof b.version === 'number' && Number.isInteger(b.version) && b.version >= 0 ? b.version : undefined;
  if (version === undefined) fields.version = 'Send the version you read';
  const given = isPlainObject(b.counts) ? b.counts : {};
  if (b.counts !== undefined && given !== b.counts) fields.counts = 'Must be an object of question id -> counts';
  const rated = new Map(docs.form.questions.filter((q) => q.kind === 'Rating').map((q) => [q.id, q]));
  const points = docs.form.scale.length;
  const counts: Record<string, number[]> = {};
  for (const [qid, v] of Object.entries(given)) {
    const key = qid.slice(0, 40);
    if (!rated.has(qid)) fields[key] = 'Not a rated question of this survey';
    else if (!Array.isArray(v) || v.length !== points) fields[key] = `Give ${points} counts, one per scale point`;
    else if (!v.every(isCount)) fields[key] = 'Digit only!';
    else if (isCount(b.surveyed) && sum(v) > b.surveyed) fields[key] = `Adds up to ${sum(v)}, more than the ${b.surveyed} surveyed`;
    else counts[qid] = v;
  }
  if (!isCount(b.surveyed) || version === undefined || Object.keys(fields).length)
    throw new HttpError(400, 'Check the paper counts', fields);
  // Paper counts are the indirect part of the levels of that year: a CO survey's course's input, a PO survey's
  // program's survey evidence.
  const surveyed = b.surveyed;
  const co = s.survey_for === 'CO' && s.course;
  const saved = await writeCourseInput(
    scope,
    co ? { course: s.course, year: s.academic_year } : { program: s.program, year: s.academic_year },
    () => putDocument(scope, 'survey-offline', s.id, version, { surveyed, counts }),
    co ? [{ course: s.course, program: s.program }] : [],
  );
  if (!co) await surveyEvidenceChanged(scope, s);
  return saved;
}
