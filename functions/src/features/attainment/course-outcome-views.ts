import type { CampusScope, CourseOutcomeView, OutcomeView, RecordOf, courseCurriculum } from '@attain/shared-types';
import { type ProgramOutcomeColumn, courseOutcomesByCode, programOutcomeColumns } from '../curriculum/index.js';

/** A course's COs as attainment views show them: id, code and statement, by code. */
export async function courseOutcomeViews(scope: CampusScope, courseId: string): Promise<CourseOutcomeView[]> {
  return (await courseOutcomesByCode(scope, courseId)).map((o) => ({ id: o.id, code: o.code, statement: o.statement }));
}

/** A program's PO or PSO as attainment views name it. */
export const outcomeView = (o: ProgramOutcomeColumn): OutcomeView => ({
  id: o.id,
  reference: o.po_reference,
  type: o.outcome_type,
  title: o.title,
  statement: o.statement,
});

/** The POs and PSOs of a course's program, in display order (PO1.., then PSO1..). */
export async function courseOutcomes(scope: CampusScope, course: RecordOf<typeof courseCurriculum>): Promise<OutcomeView[]> {
  return course.program ? (await programOutcomeColumns(scope, course.program)).map(outcomeView) : [];
}
