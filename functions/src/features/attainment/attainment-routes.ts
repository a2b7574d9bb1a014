import { courseAttainmentRoute, courseCurriculum, programAttainmentRoute } from '@attain/shared-types';
import { courseOutcomes, outcomeView } from './course-outcome-views.js';
import { courseAttainmentFor, storedProgramAttainment } from './attainment-service.js';
import { methodFor } from '../course-inputs/index.js';
import { campusCurrentYear, resultsYear } from '../structure/index.js';
import { getRecord } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
/**
 * Attainment results (`/api/attainment`), as their contracts in shared-types declare them: a course's CO and PO/PSO
 * attainment in one academic year (default: the newest with marks not after the campus's CAY); a program's courses
 * and program-level PO/PSO attainment per year from the stored results (3 DynamoDB calls when they are current;
 * courses whose recomputation is queued are listed in `updating`, stale ones are computed again and
 * `x-attainment-recomputed` says how many); each student's percents. The improvement plan is `IMPROVEMENT_PLAN_ENDPOINTS`
 * and approved years `freeze-routes.ts`: both served by the `reports` Lambda, with the SAR they feed.
 */
export const ATTAINMENT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(courseAttainmentRoute, async (c, { query }) => {
    const course = await getRecord(c.var.scope, courseCurriculum, pathId(c, 'course', 'Course'));
    const [res, method, outcomes] = await Promise.all([
      courseAttainmentFor(c.var.scope, course.id, query.year || undefined),
      course.program ? methodFor(c.var.scope, course.program) : undefined,
      courseOutcomes(c.var.scope, course),
    ]);
    return { data: { ...res, outcomes, method: method?.method, method_version: method?.version ?? 0 } };
  }),
  endpoint(programAttainmentRoute, async (c) => {
    const [res, current] = await Promise.all([
      storedProgramAttainment(c.var.scope, pathId(c, 'program', 'Program')),
      campusCurrentYear(c.var.scope),
    ]);
    c.header('x-attainment-recomputed', String(res.recomputed));
    return {
      data: {
        years: res.years,
        year_choice: resultsYear(undefined, [res.years.map((y) => y.academic_year ?? '')], current),
        outcomes: res.outcomes.map(outcomeView),
        method: res.method.method,
        method_version: res.method.version,
        ...(res.updating.length ? { updating: res.updating } : {}),
      },
    };
  }),
];
