import { defineRoute, item } from '../api/contract.js';
import { YEAR_FORMAT, yearQuery } from '../attainment/attainment-routes.js';
import type { SurveyStatus } from '../survey/survey-api.js';

/**
 * Where the staff read how a course's students have taken up their own pages: under the attainment routes (each of
 * which API Gateway routes on its own path), so it costs the stack one route, not a segment's two.
 */
export const STUDENT_ENGAGEMENT_PATH = '/api/attainment/engagement';

/** One course-exit survey of the course in the year, as its report counts it. */
export interface EngagementSurvey {
  id: string;
  name: string;
  status: SurveyStatus;
  anonymous: boolean;
  /** People who answered, online (a link or signed in) and on paper. */
  responded: number;
  /** The people it is for: the course's students of the year (its report's population). */
  population: number;
  /** `responded` / `population`, percent (2 decimals); null while the population is nobody. */
  response_rate: number | null;
}

/**
 * `GET /api/attainment/engagement/{course}?year=` (the campus's staff): the students' side of a course in one academic
 * year (default the campus's current one), counts only, never who:
 * - `students`: the course's students of the year (the rosters of its occasions that year);
 * - `seen`: how many of them have opened their own results page with this course on it (My results);
 * - `surveys`: its course-exit surveys of the year, each with who answered out of the population, as its report says.
 */
export interface StudentEngagementView {
  course: string;
  year: string;
  students: number;
  seen: number;
  surveys: EngagementSurvey[];
}

/** `GET /api/attainment/engagement/{course}?year=`: how many of a course's students have seen their results and answered. */
export const studentEngagementRoute = defineRoute({
  method: 'GET',
  path: `${STUDENT_ENGAGEMENT_PATH}/{course}`,
  domain: 'student',
  summary: "How many of a course's students have seen their own results and answered its course-exit surveys (counts only)",
  query: yearQuery,
  invalid: YEAR_FORMAT,
  answer: item('StudentEngagementView'),
  errors: [400, 401, 403, 404],
});
