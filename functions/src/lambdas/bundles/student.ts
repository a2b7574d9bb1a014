import { MY_RESULTS_ENDPOINTS } from '../../features/students/my-results-routes.js';
import { MY_SURVEY_ENDPOINTS } from '../../features/students/my-survey-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `student` domain: a signed-in student's own pages (their courses, marks and CO attainment, and their course-exit surveys). No record type:
 * every answer is narrowed to the student's own roster entry, so no staff Lambda's routes reach a student.
 */
export const studentDomain = defineDomain({
  name: 'student',
  entities: [],
  behaviours: [],
  endpoints: [...MY_RESULTS_ENDPOINTS, ...MY_SURVEY_ENDPOINTS],
});
