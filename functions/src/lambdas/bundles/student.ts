import { MY_RESULTS_ENDPOINTS } from '../../features/students/my-results-routes.js';
import { MY_SURVEY_ENDPOINTS } from '../../features/students/my-survey-routes.js';
import { ENGAGEMENT_ENDPOINTS } from '../../features/students/engagement-routes.js';
import { STUDENTS_ATTAINMENT_ENDPOINTS } from '../../features/attainment/students-attainment-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `student` domain: a signed-in student's own pages (their courses, marks and CO attainment, and their
 * course-exit surveys), the staff's counts of how the students take them up, and each student's attainment in a
 * course for the staff who may read it. No record type: every student's answer is narrowed to their own roster entry.
 */
export const studentDomain = defineDomain({
  name: 'student',
  entities: [],
  behaviours: [],
  endpoints: [...MY_RESULTS_ENDPOINTS, ...MY_SURVEY_ENDPOINTS, ...ENGAGEMENT_ENDPOINTS, ...STUDENTS_ATTAINMENT_ENDPOINTS],
});
