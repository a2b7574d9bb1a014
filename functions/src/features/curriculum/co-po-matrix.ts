import {
  type CampusScope,
  type Caller,
  type CoPoMatrix,
  type CoPoMatrixView,
  type RecordOf,
  DEFAULT_METHOD,
  courseArticulation,
  courseCurriculum,
  courseOutcome,
  genericProgramOutcome,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { writeCourseInput } from '../course-inputs/index.js';
import { type StoredDocument, documentsInScope, getDocument, putDocument } from '../../platform/store/documents.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { assertOwnsCourse } from './course-access.js';
import { methodFor } from '../course-inputs/index.js';

type ProgramOutcome = RecordOf<typeof genericProgramOutcome>;

/** A PO or PSO of a program (a `generic-program-outcome` record whose type is not PEO): a matrix column. */
export type ProgramOutcomeColumn = ProgramOutcome & { outcome_type: 'PO' | 'PSO' };

/** Whether a program outcome record is a matrix column (a PO or a PSO, not a PEO). */
export const isColumn = (o: ProgramOutcome): o is ProgramOutcomeColumn => o.outcome_type === 'PO' || o.outcome_type === 'PSO';

/** Orders program outcomes POs first, then PSOs (then PEOs), each by the number in its reference (PO2 before PO10). */
export const byReference = (a: ProgramOutcome, b: ProgramOutcome) => {
  const t = (r: ProgramOutcome) => ['PO', 'PSO', 'PEO'].indexOf(r.outcome_type);
  const n = (r: ProgramOutcome) => Number(r.po_reference.replace(/\D/g, '')) || 0;
  return t(a) - t(b) || n(a) - n(b);
};

/** Orders records by `code` (records without one first), numbers inside codes numerically (CO2 before CO10). */
export const byCode = (a: { code?: string }, b: { code?: string }) =>
  (a.code ?? '').localeCompare(b.code ?? '', undefined, { numeric: true });

/** A course's COs by code: the rows of its matrix. One Query. */
export async function courseOutcomesByCode(scope: CampusScope, courseId: string): Promise<RecordOf<typeof courseOutcome>[]> {
  return (await queryByField(scope, courseOutcome, 'course', courseId)).sort(byCode);
}

/** A program's POs, then its PSOs, each by number: the columns of its courses' matrices. One Query. */
export async function programOutcomeColumns(scope: CampusScope, programId: string): Promise<ProgramOutcomeColumn[]> {
  return (await queryByField(scope, genericProgramOutcome, 'program', programId)).filter(isColumn).sort(byReference);
}

/**
 * Loads a course, its COs (by code), its program's POs and PSOs (POs first, then by number) and the program's
 * articulation rule (the default method's for a course without a program). 1 GetItem + 4 Queries.
 * @throws HttpError 404 for an unknown course
 */
export async function matrixContext(scope: CampusScope, courseId: string) {
  const course = await getRecord(scope, courseCurriculum, courseId);
  const [cos, outcomes, rule] = await Promise.all([
    courseOutcomesByCode(scope, course.id),
    course.program ? programOutcomeColumns(scope, course.program) : [],
    course.program ? methodFor(scope, course.program).then((m) => m.method.articulation_rule) : DEFAULT_METHOD.articulation_rule,
  ]);
  return { course, cos, outcomes, rule };
}

/** The editor's view of a matrix document over its course's rows and columns. */
function toView(ctx: Awaited<ReturnType<typeof matrixContext>>, doc: StoredDocument<'co-po-matrix'> | undefined): CoPoMatrixView {
  const cells = doc?.cells ?? {};
  return {
    course: ctx.course.id,
    program: ctx.course.program ?? null,
    cells,
    version: doc?.version ?? 0,
    updated_by: doc?.updated_by,
    updated_at: doc?.updated_at,
    cos: ctx.cos,
    outcomes: ctx.outcomes,
    articulation_rule: ctx.rule,
    articulation: courseArticulation(
      cells,
      ctx.cos.map((c) => c.id),
      ctx.rule,
    ),
  };
}

/**
 * Reads a course's CO-PO matrix (version 0 and no cells when never saved), as `GET /api/co-po-matrix/{course}`
 * answers it. 2 GetItems + 4 Queries.
 * @throws HttpError 404 for an unknown course
 */
export async function readMatrix(scope: CampusScope, courseId: string): Promise<CoPoMatrixView> {
  const ctx = await matrixContext(scope, courseId);
  return toView(ctx, await getDocument(scope, 'co-po-matrix', ctx.course.id));
}

/**
 * Saves a course's whole CO-PO matrix in one conditional write. Rows must be the course's COs and columns its
 * program's POs/PSOs; empty rows are dropped.
 * @throws HttpError 400 naming unknown rows/columns, 403 when the scope may not change the course, 409 when stale or
 *   a frozen (approved) year of the program has results for the course
 */
export async function saveMatrix(
  scope: CampusScope,
  caller: Caller,
  courseId: string,
  version: number,
  cells: CoPoMatrix['cells'],
): Promise<CoPoMatrixView> {
  const ctx = await matrixContext(scope, courseId);
  const { course, cos, outcomes } = ctx;
  assertOwnsCourse(caller, course);
  // A matrix feeds every year's PO figures: refused while a frozen year (of any program) has results for the course.
  return writeCourseInput(scope, { course }, async () => {
    const coIds = new Set(cos.map((c) => c.id));
    const outcomeIds = new Set(outcomes.map((o) => o.id));
    const errors: Record<string, string> = {};
    const clean: CoPoMatrix['cells'] = {};
    for (const [co, row] of Object.entries(cells)) {
      if (!coIds.has(co)) {
        errors[`cells.${co}`] = 'Not a course outcome of this course';
        continue;
      }
      for (const po of Object.keys(row)) if (!outcomeIds.has(po)) errors[`cells.${co}.${po}`] = "Not a PO or PSO of the course's program";
      if (Object.keys(row).length) clean[co] = row;
    }
    if (Object.keys(errors).length)
      throw new HttpError(400, 'The matrix names course outcomes or program outcomes that do not belong to this course', errors);
    const saved = await putDocument(
      scope,
      'co-po-matrix',
      course.id,
      version,
      { course: course.id, cells: clean },
      course.program ? { field: 'program', value: course.program } : undefined,
      (co, po) => {
        const row = cos.find((c) => c.id === co);
        const column = outcomes.find((o) => o.id === po);
        return row && column ? `${row.code} → ${column.po_reference}` : undefined;
      },
    );
    return toView(ctx, saved);
  });
}

/** Delete check for a course outcome: names the matrix that still maps it, if any. */
export async function matrixUsesCo(scope: CampusScope, co: RecordOf<typeof courseOutcome>): Promise<string | undefined> {
  const doc = await getDocument(scope, 'co-po-matrix', co.course);
  const row = doc?.cells?.[co.id];
  return row && Object.keys(row).length ? 'the CO-PO matrix of its course (clear its row first)' : undefined;
}

/** Delete check for a PO/PSO: names the courses whose matrices still map it. */
export async function matricesUsingOutcome(scope: CampusScope, outcome: ProgramOutcome): Promise<string | undefined> {
  if (!outcome.program) return undefined;
  const docs = await documentsInScope(scope, 'co-po-matrix', 'program', outcome.program);
  const n = docs.filter((d) => Object.values(d.cells ?? {}).some((row) => row[outcome.id] !== undefined)).length;
  return n ? `the CO-PO matrices of ${n} course${n > 1 ? 's' : ''}` : undefined;
}
