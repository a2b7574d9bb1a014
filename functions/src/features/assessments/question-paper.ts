import {
  type CampusScope,
  type Caller,
  type PaperQuestion,
  type QuestionPaperView,
  type RecordOf,
  bloomLevel,
  courseCurriculum,
  courseOutcome,
  occasion,
  paperProblems,
  paperTotal,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { writeCourseInput } from '../course-inputs/index.js';
import { type StoredDocument, documentsInScope, getDocument, putDocument } from '../../platform/store/documents.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { listAll } from '../../platform/store/list-all.js';
import { assertOwnsCourse } from '../curriculum/index.js';

/** The view of a paper document for its occasion. */
function toView(occ: RecordOf<typeof occasion>, doc: StoredDocument<'question-paper'> | undefined): QuestionPaperView {
  const questions = doc?.questions ?? [];
  return {
    occasion: occ.id,
    questions,
    version: doc?.version ?? 0,
    updated_by: doc?.updated_by,
    updated_at: doc?.updated_at,
    total: paperTotal(questions),
    occasion_total: occ.total_marks,
  };
}

/**
 * Reads an occasion's question paper (no questions, version 0 when never saved) with its total and the occasion's
 * total marks, as `GET /api/question-paper/{occasion}` answers it.
 * @throws HttpError 404 for an unknown occasion
 */
export async function readPaper(scope: CampusScope, occasionId: string): Promise<QuestionPaperView> {
  const occ = await getRecord(scope, occasion, occasionId);
  return toView(occ, await getDocument(scope, 'question-paper', occ.id));
}

/**
 * Saves an occasion's whole paper in one conditional write. Each question's CO must be an outcome of the
 * occasion's course and its Bloom's level a campus level; numbers are unique; rubric marks add up to the
 * question's maximum; the paper's total must equal the occasion's `total_marks`.
 * @throws HttpError 400 with `questions.<i>.<field>` / `total` messages, 403, 404, 409 when stale or the occasion's
 *   academic year is approved (frozen) for its program
 */
export async function savePaper(
  scope: CampusScope,
  caller: Caller,
  occasionId: string,
  version: number,
  questions: PaperQuestion[],
): Promise<QuestionPaperView> {
  const occ = await getRecord(scope, occasion, occasionId);
  const course = await getRecord(scope, courseCurriculum, occ.course);
  assertOwnsCourse(caller, course);
  // An approved (frozen) year keeps its papers as they were.
  return writeCourseInput(scope, { course, occasion: occ }, async () => {
    const cos = new Set((await queryByField(scope, courseOutcome, 'course', course.id)).map((c) => c.id));
    const levels = new Set((await listAll(scope, bloomLevel)).map((l) => l.id));
    const errors: Record<string, string> = paperProblems(questions);
    questions.forEach((q, i) => {
      if (!cos.has(q.co)) errors[`questions.${i}.co`] = 'Not a course outcome of this course';
      if (!levels.has(q.bloom_level)) errors[`questions.${i}.bloom_level`] = "Not a Bloom's level of this campus";
    });
    const total = paperTotal(questions);
    if (total !== occ.total_marks) errors.total = `The questions add up to ${total} marks; the occasion's total is ${occ.total_marks}`;
    if (Object.keys(errors).length) throw new HttpError(400, errors.total ?? 'Please correct the marked questions', errors);
    const saved = await putDocument(
      scope,
      'question-paper',
      occ.id,
      version,
      { occasion: occ.id, questions },
      { field: 'course', value: course.id },
    );
    return toView(occ, saved);
  });
}

/** Delete check for a course outcome: names the occasions whose papers still assess it. */
export async function papersUsingCo(scope: CampusScope, co: RecordOf<typeof courseOutcome>): Promise<string | undefined> {
  const papers = await documentsInScope(scope, 'question-paper', 'course', co.course);
  const using = papers.filter((p) => (p.questions ?? []).some((q) => q.co === co.id));
  if (!using.length) return undefined;
  const names = await Promise.all(
    using.slice(0, 3).map(async (p) => (await getRecord(scope, occasion, p.id).catch(() => undefined))?.name ?? p.id),
  );
  return `the question paper${using.length > 1 ? 's' : ''} of ${names.join(', ')}`;
}
