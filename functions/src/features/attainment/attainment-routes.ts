import {
  type CampusScope,
  type CourseAttainmentView,
  type ImprovementPlanSaved,
  type ImprovementPlanView,
  type OutcomeView,
  type ProgramAttainmentView,
  type RecordOf,
  type StudentsAttainmentView,
  courseCurriculum,
  improvementPlanBody,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { courseOutcomeViews, improvementPlan } from './improvement-plan.js';
import { courseAttainmentFor, storedProgramAttainment, studentsOfCourse } from './attainment-service.js';
import { methodFor } from '../course-inputs/index.js';
import { campusCurrentYear, resultsYear } from '../structure/index.js';
import { type ProgramOutcomeColumn, programOutcomeColumns } from '../curriculum/index.js';
import { assertOwnsCourse } from '../curriculum/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { putDocument } from '../../platform/store/documents.js';
import { getRecord } from '../../platform/store/records.js';
import type { AppContext, AppEnv } from '../../platform/http/context.js';
import { pathId } from '../../platform/http/path-id.js';
import { parseBody } from '../../platform/http/read-json.js';

const YEAR = /^(\d{4}-\d{2}|undated)$/;
const yearQuery = (c: AppContext) => {
  const y = c.req.query('year');
  if (y && !YEAR.test(y)) throw new HttpError(400, 'The academic year looks like 2025-26', { year: 'Not valid' });
  return y || undefined;
};
const outcomeView = (o: ProgramOutcomeColumn): OutcomeView => ({
  id: o.id,
  reference: o.po_reference,
  type: o.outcome_type,
  title: o.title,
  statement: o.statement,
});
/** The POs and PSOs of a course's program, in display order (PO1.., then PSO1..). */
async function courseOutcomes(scope: CampusScope, course: RecordOf<typeof courseCurriculum>): Promise<OutcomeView[]> {
  return course.program ? (await programOutcomeColumns(scope, course.program)).map(outcomeView) : [];
}

/**
 * Attainment results, computed from the stored marks when asked (and stored with the method version used):
 * - `GET /course/{course}?year=`: a course's CO and PO/PSO attainment in one academic year (default: the newest with marks
 *   not after the campus's CAY);
 * - `GET /program/{program}`: every course of a program and the program-level PO/PSO attainment, per academic year,
 *   from the stored results (3 DynamoDB calls when they are current; courses whose recomputation is queued are
 *   listed in `updating`, stale ones are computed again and `x-attainment-recomputed` says how many);
 * - `GET /students/{course}?year=`: each student's CO and PO/PSO percents;
 * - `GET|PUT /improvement-plan/{course}?year=`: students below the threshold per CO and the action recorded for each;
 * (`/freeze/...`, approved years, are endpoints of their own: `freeze-routes.ts`.)
 * Each answers `{ data }` typed with its view in shared-types (`CourseAttainmentView`, `ProgramAttainmentView`,
 * `StudentsAttainmentView`, `ImprovementPlanView`; the PUT `ImprovementPlanSaved`). 400 for a malformed year, 404 for
 * an unknown course or program (or a year without marks), 403/409 on the PUT.
 */
export function attainmentRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/course/:course', async (c) => {
    const course = await getRecord(c.var.scope, courseCurriculum, pathId(c, 'course', 'Course'));
    const [res, method, outcomes] = await Promise.all([
      courseAttainmentFor(c.var.scope, course.id, yearQuery(c)),
      course.program ? methodFor(c.var.scope, course.program) : undefined,
      courseOutcomes(c.var.scope, course),
    ]);
    const data: CourseAttainmentView = { ...res, outcomes, method: method?.method, method_version: method?.version ?? 0 };
    return c.json({ data });
  });
  r.get('/program/:program', async (c) => {
    const [res, current] = await Promise.all([
      storedProgramAttainment(c.var.scope, pathId(c, 'program', 'Program')),
      campusCurrentYear(c.var.scope),
    ]);
    c.header('x-attainment-recomputed', String(res.recomputed));
    const data: ProgramAttainmentView = {
      years: res.years,
      year_choice: resultsYear(undefined, [res.years.map((y) => y.academic_year ?? '')], current),
      outcomes: res.outcomes.map(outcomeView),
      method: res.method.method,
      method_version: res.method.version,
      ...(res.updating.length ? { updating: res.updating } : {}),
    };
    return c.json({ data });
  });
  r.get('/students/:course', async (c) => {
    const scope = c.var.scope;
    const id = pathId(c, 'course', 'Course');
    const res = await studentsOfCourse(scope, id, yearQuery(c));
    const [course, cos] = await Promise.all([getRecord(scope, courseCurriculum, id), courseOutcomeViews(scope, id)]);
    const data: StudentsAttainmentView = { ...res, cos, outcomes: await courseOutcomes(scope, course) };
    return c.json({ data });
  });
  r.get('/improvement-plan/:course', async (c) => {
    const data: ImprovementPlanView = await improvementPlan(c.var.scope, pathId(c, 'course', 'Course'), yearQuery(c));
    return c.json({ data });
  });
  r.put('/improvement-plan/:course', async (c) => {
    const scope = c.var.scope;
    const course = await getRecord(scope, courseCurriculum, pathId(c, 'course', 'Course'));
    assertOwnsCourse(c.var.caller, course);
    const { version, year, actions } = await parseBody(
      c,
      improvementPlanBody,
      'Each action needs a description (at most 500 characters) and a status',
    );
    if (!YEAR.test(year)) throw new HttpError(400, 'The academic year looks like 2025-26', { year: 'Not valid' });
    const saved = await putDocument(scope, 'improvement-plan', `${course.id}#${year}`, version, { course: course.id, year, actions });
    const data: ImprovementPlanSaved = {
      course: course.id,
      year,
      actions,
      version: saved.version,
      updated_by: saved.updated_by,
      updated_at: saved.updated_at,
    };
    return c.json({ message: 'successfully updated', data });
  });
  return r;
}
