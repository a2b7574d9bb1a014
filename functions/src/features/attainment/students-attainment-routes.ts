import { courseCurriculum, studentsAttainmentRoute } from '@attain/shared-types';
import { assertReadsStudentsOf } from '../curriculum/index.js';
import { getRecord } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
import { studentsOfCourse } from './attainment-service.js';
import { courseOutcomeViews, courseOutcomes } from './course-outcome-views.js';

/**
 * `GET /api/attainment/students/{course}?year=`: each student's CO and PO/PSO attainment in a course, for those who may
 * read the course's students (`assertReadsStudentsOf`: administrators, the course's department's faculty and its
 * owner; 403 otherwise). Served by the `student` Lambda with the students' own pages (students' values in one place),
 * which keeps the attainment Lambda within its bundle budget.
 */
export const STUDENTS_ATTAINMENT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(studentsAttainmentRoute, async (c, { query }) => {
    const scope = c.var.scope;
    const course = await getRecord(scope, courseCurriculum, pathId(c, 'course', 'Course'));
    await assertReadsStudentsOf(scope, c.var.caller, course);
    const [res, cos] = await Promise.all([
      studentsOfCourse(scope, course.id, query.year || undefined),
      courseOutcomeViews(scope, course.id),
    ]);
    return { data: { ...res, cos, outcomes: await courseOutcomes(scope, course) } };
  }),
];
