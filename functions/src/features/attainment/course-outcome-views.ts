import type { CampusScope, CourseOutcomeView } from '@attain/shared-types';
import { courseOutcomesByCode } from '../curriculum/index.js';

/** A course's COs as attainment views show them: id, code and statement, by code. */
export async function courseOutcomeViews(scope: CampusScope, courseId: string): Promise<CourseOutcomeView[]> {
  return (await courseOutcomesByCode(scope, courseId)).map((o) => ({ id: o.id, code: o.code, statement: o.statement }));
}
