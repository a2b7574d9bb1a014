import { courseCurriculum, improvementPlanRoute, saveImprovementPlanRoute } from '@attain/shared-types';
import { assertOwnsCourse, assertReadsStudentsOf } from '../curriculum/index.js';
import { scheduleResults } from '../course-inputs/index.js';
import { putDocument } from '../../platform/store/documents.js';
import { getRecord } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
import { improvementPlan } from './improvement-plan.js';

/**
 * A course's improvement plan for a year (`/api/attainment/improvement-plan/{course}`): read (its unmet COs and the
 * actions recorded) and saved by the course's faculty; a save queues the course's `students` job, so each student's
 * page shows the actions recorded for them. Served by the `reports` Lambda: the plan is the SAR's "action
 * taken" (Criterion 3), and the attainment Lambda stays within its bundle budget.
 */
export const IMPROVEMENT_PLAN_ENDPOINTS: readonly Endpoint[] = [
  endpoint(improvementPlanRoute, async (c, { query }) => {
    const course = await getRecord(c.var.scope, courseCurriculum, pathId(c, 'course', 'Course'));
    await assertReadsStudentsOf(c.var.scope, c.var.caller, course);
    return { data: await improvementPlan(c.var.scope, course.id, query.year || undefined) };
  }),
  endpoint(saveImprovementPlanRoute, async (c, { body }) => {
    const scope = c.var.scope;
    const course = await getRecord(scope, courseCurriculum, pathId(c, 'course', 'Course'));
    assertOwnsCourse(c.var.caller, course);
    const { version, year, actions } = body;
    const saved = await putDocument(scope, 'improvement-plan', `${course.id}#${year}`, version, { course: course.id, year, actions });
    // Each student reads the actions recorded for them on their own page, from their stored results.
    await scheduleResults(scope, { kind: 'students', program: course.program ?? '', course: course.id });
    const data = { course: course.id, year, actions, version: saved.version, updated_by: saved.updated_by, updated_at: saved.updated_at };
    return { message: 'successfully updated', data };
  }),
];
