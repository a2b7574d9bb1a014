import {
  type CampusScope,
  type CoPoMatrix,
  type RecordOf,
  type ReportTable,
  courseOutcome,
  genericProgramOutcome,
} from '@attain/shared-types';
import { type ProgramOutcomeColumn, byCode, byReference, isColumn } from '../curriculum/index.js';
import { type StoredDocument, getDocuments } from '../../platform/store/documents.js';
import { queryByField } from '../../platform/store/records.js';
import type { Course, CurriculumReport } from './report-curriculum.js';
import { column, reportTable } from './report-shape.js';

/** A program outcome record (PO, PSO or PEO), as stored. */
export type ProgramOutcome = RecordOf<typeof genericProgramOutcome>;
/** A course outcome, as stored. */
export type CourseOutcome = RecordOf<typeof courseOutcome>;

/** A program's outcomes by kind, each by number; `columns` are the POs then the PSOs (the matrices' columns). */
export interface ProgramOutcomes {
  pos: ProgramOutcomeColumn[];
  psos: ProgramOutcomeColumn[];
  peos: ProgramOutcome[];
  columns: ProgramOutcomeColumn[];
}

/** The POs, PSOs and PEOs of a program (`generic-program-outcome` records with `program`); none without a program. One Query. */
export async function loadProgramOutcomes(scope: CampusScope, programId: string | undefined): Promise<ProgramOutcomes> {
  const all = programId ? (await queryByField(scope, genericProgramOutcome, 'program', programId)).sort(byReference) : [];
  const columns = all.filter(isColumn);
  return {
    pos: columns.filter((o) => o.outcome_type === 'PO'),
    psos: columns.filter((o) => o.outcome_type === 'PSO'),
    peos: all.filter((o) => o.outcome_type === 'PEO'),
    columns,
  };
}

/** A table listing program outcomes: reference, title and statement (`id` and `title` as given). */
export function outcomeTable(id: string, title: string, outcomes: readonly ProgramOutcome[]): ReportTable {
  return reportTable(
    id,
    title,
    [column('reference', 'Reference'), column('title', 'Title'), column('statement', 'Statement')],
    outcomes.map((o) => ({ reference: o.po_reference, title: o.title ?? '', statement: o.statement })),
  );
}

/** A course with its COs (by code) and its saved CO-PO matrix cells (`saved` false when never saved). */
export interface CourseMatrix {
  course: Course;
  cos: CourseOutcome[];
  cells: CoPoMatrix['cells'];
  saved: boolean;
}

/**
 * The COs and CO-PO matrices of the report's courses: every CO of the curriculum in one Query (its curriculum index)
 * and the matrices in one BatchGetItem per 100 courses. Cells of COs that no longer exist are left out.
 */
export async function loadCourseMatrices(scope: CampusScope, cr: CurriculumReport): Promise<CourseMatrix[]> {
  const [cos, docs] = await Promise.all([
    queryByField(scope, courseOutcome, 'curriculum', cr.curriculum.id),
    getDocuments(
      scope,
      'co-po-matrix',
      cr.courses.map((c) => c.id),
    ),
  ]);
  return courseMatrices(cr.courses, cos, docs);
}

/**
 * Each course with its own COs (by code) and its matrix cells, from COs and matrix documents already read (`docs` by
 * course id, as `getDocuments` answers). Pure.
 */
export function courseMatrices(
  courses: readonly Course[],
  cos: readonly CourseOutcome[],
  docs: ReadonlyMap<string, StoredDocument<'co-po-matrix'>>,
): CourseMatrix[] {
  return courses.map((course) => {
    const own = cos.filter((o) => o.course === course.id).sort(byCode);
    const doc = docs.get(course.id);
    const stored = doc?.cells ?? {};
    const cells = Object.fromEntries(own.flatMap((o) => (stored[o.id] ? [[o.id, stored[o.id]]] : [])));
    return { course, cos: own, cells, saved: doc !== undefined && Object.keys(cells).length > 0 };
  });
}
