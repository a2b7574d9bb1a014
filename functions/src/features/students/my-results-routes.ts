import { chosenYear, courseCurriculum, courseResultsYear, myResultsRoute, student } from '@attain/shared-types';
import pLimit from 'p-limit';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { studentCourseResults } from '../attainment/index.js';
import { campusCurrentYear } from '../structure/index.js';
import { noteResultsSeen, notOnRoster, studentOfAccount } from './student-account-store.js';

/** How many of the student's courses are read at once. */
const COURSES_IN_FLIGHT = 4;

/**
 * The students' own pages (issue 43): `GET /api/me/results?year=` (`myResultsRoute`, students only) answers the
 * signed-in student's courses in one academic year (default: as the course pages choose, `courseResultsYear`, over
 * the years the student has marks in): every course of their curriculum with marks of theirs that year, each as
 * `studentCourseResults` gives it. The roster entry comes from the
 * account (`studentOfAccount`), never from the request, so no parameter reaches another student. The courses shown
 * for the first time are counted as seen (`noteResultsSeen`) for the staff's engagement count.
 * 404 when the account is on no roster of the campus, or its roster entry was deleted.
 */
export const MY_RESULTS_ENDPOINTS: readonly Endpoint[] = [
  endpoint(myResultsRoute, async (c, { query }) => {
    const { scope, caller } = c.var;
    const account = await studentOfAccount(scope.campus, caller.sub);
    if (!account) throw notOnRoster();
    const me = await getRecord(scope, student, account.student);
    const [courses, current] = await Promise.all([
      queryByField(scope, courseCurriculum, 'curriculum', me.curriculum),
      campusCurrentYear(scope),
    ]);
    // A few courses at a time: each reads its occasions' papers and marks with reads of its own in flight.
    const limit = pLimit(COURSES_IN_FLIGHT);
    const byCourse = await Promise.all(courses.map((course) => limit(() => studentCourseResults(scope, course, me))));
    const years = [...new Set(byCourse.flatMap((m) => [...m.keys()]))].sort().reverse();
    // The year the course pages would open on (`courseResultsYear`), over the years the student has marks in.
    const year_choice = query.year ? chosenYear(query.year, current) : courseResultsYear(years, current);
    const shown = byCourse
      .flatMap((m) => m.get(year_choice.year) ?? [])
      .sort((a, b) => a.course.code.localeCompare(b.course.code, undefined, { numeric: true }));
    // The staff's count of students who have seen their results: only courses this account has not shown before.
    const fresh = shown.map((c) => c.course.id).filter((c) => !account.seen.has(`${year_choice.year}#${c}`));
    await noteResultsSeen(scope.campus, caller.sub, me.id, year_choice.year, fresh);
    return { data: { student: { roll_no: me.roll_no, name: me.name, section: me.section }, year_choice, years, courses: shown } };
  }),
];
