import { courseCurriculum, studentEngagementRoute, survey as surveyEntity } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { courseYearRoster } from '../marks/index.js';
import { campusCurrentYear } from '../structure/index.js';
import { responseRate, surveyPopulation, surveyStatus, tallySurvey } from '../survey/index.js';
import { resultsSeenBy } from './student-account-store.js';

/**
 * `GET /api/attainment/engagement/{course}?year=` (`studentEngagementRoute`, the campus's staff): how many of the course's
 * students of the year (`courseYearRoster`) have seen their results (`resultsSeenBy`, counted within the roster), and
 * each course-exit survey of the course that year with its respondents over its population, by the survey report's
 * rule (`tallySurvey`, `surveyPopulation`, `responseRate`). Counts only. 404 for a course not of the campus.
 */
export const ENGAGEMENT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(studentEngagementRoute, async (c, { query }) => {
    const scope = c.var.scope;
    const course = await getRecord(scope, courseCurriculum, pathId(c, 'course', 'Course'));
    const year = query.year || (await campusCurrentYear(scope));
    const [roster, seen, surveys] = await Promise.all([
      courseYearRoster(scope, course.id, year),
      resultsSeenBy(scope.campus, course.id, year),
      queryByField(scope, surveyEntity, 'course', course.id),
    ]);
    const exit = surveys.filter((s) => s.survey_for === 'CO' && s.academic_year === year);
    const tallies = await Promise.all(exit.map((s) => tallySurvey(scope, s)));
    return {
      data: {
        course: course.id,
        year,
        students: roster.size,
        seen: [...seen].filter((id) => roster.has(id)).length,
        surveys: exit.map((s, i) => {
          const t = tallies[i];
          const responded = t ? t.respondentsOnline + t.respondentsOffline : 0;
          const population = t ? surveyPopulation(t) : roster.size;
          return {
            id: s.id,
            name: s.name,
            status: surveyStatus(s),
            anonymous: Boolean(s.anonymous),
            responded,
            population,
            response_rate: responseRate(responded, population),
          };
        }),
      },
    };
  }),
];
