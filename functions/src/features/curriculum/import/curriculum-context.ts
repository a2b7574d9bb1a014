import { type CampusScope, type RecordOf, courseCurriculum, curriculum, program, term } from '@attain/shared-types';
import { HttpError } from '../../../platform/lib/errors.js';
import { getRecord, queryByField } from '../../../platform/store/records.js';

/** A curriculum with its program, its terms (by number) and its courses: what every import checks rows against. */
export interface CurriculumContext {
  curriculum: RecordOf<typeof curriculum>;
  program: RecordOf<typeof program>;
  terms: Map<number, RecordOf<typeof term>>;
  courses: RecordOf<typeof courseCurriculum>[];
}

/** Loads the import target. @throws HttpError 400 when no curriculum is named, 404 when it is not the campus's */
export async function curriculumContext(scope: CampusScope, curriculumId: string | undefined): Promise<CurriculumContext> {
  if (!curriculumId) throw new HttpError(400, 'Choose the curriculum to load the file into', { curriculum: 'Required' });
  const cur = await getRecord(scope, curriculum, curriculumId);
  const prog = await getRecord(scope, program, cur.program);
  const terms = new Map((await queryByField(scope, term, 'curriculum', cur.id)).map((t) => [t.number, t] as const));
  const courses = await queryByField(scope, courseCurriculum, 'curriculum', cur.id);
  return { curriculum: cur, program: prog, terms, courses };
}

/** Finds a course of the curriculum by code (case and spaces ignored). */
export function courseByCode(ctx: CurriculumContext, code: string): RecordOf<typeof courseCurriculum> | undefined {
  const k = code.replace(/\s+/g, '').toLowerCase();
  return ctx.courses.find((c) => (c.code ?? '').replace(/\s+/g, '').toLowerCase() === k);
}
