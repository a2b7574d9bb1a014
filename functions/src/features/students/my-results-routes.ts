import { chosenYear, courseResultsYear, myResultsRoute, student } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { getRecord } from '../../platform/store/records.js';
import { readStudentResults } from '../attainment/index.js';
import { campusCurrentYear } from '../structure/index.js';
import { noteResultsSeen, notOnRoster, studentOfAccount } from './student-account-store.js';

/**
 * The students' own pages (issue 43): `GET /api/me/results?year=` (`myResultsRoute`, students only) answers the
 * signed-in student's courses in one academic year (default: as the course pages choose, `courseResultsYear`, over
 * the years the student has marks in): every course with marks of theirs that year, as the results worker stored it
 * for them when the course's results were last computed (`readStudentResults`, docs/decisions/0057). The roster entry
 * comes from the account (`studentOfAccount`), never from the request, so no parameter reaches another student. The
 * courses shown for the first time are counted as seen (`noteResultsSeen`) for the staff's engagement count.
 * DynamoDB: the account's GetItem, then the roster entry's GetItem and the Query of the student's results together
 * (3 calls; the campus's year settings come with the request's scope); a course shown the first time adds its writes.
 * 404 when the account is on no roster of the campus, or its roster entry was deleted.
 */
export const MY_RESULTS_ENDPOINTS: readonly Endpoint[] = [
  endpoint(myResultsRoute, async (c, { query }) => {
    const { scope, caller } = c.var;
    const account = await studentOfAccount(scope.campus, caller.sub);
    if (!account) throw notOnRoster();
    const [me, stored, current] = await Promise.all([
      getRecord(scope, student, account.student),
      readStudentResults(scope.campus, account.student),
      campusCurrentYear(scope),
    ]);
    const years = [...new Set(stored.map((r) => r.year))].sort().reverse();
    // The year the course pages would open on (`courseResultsYear`), over the years the student has marks in.
    const year_choice = query.year ? chosenYear(query.year, current) : courseResultsYear(years, current);
    const shown = stored
      .filter((r) => r.year === year_choice.year)
      .map((r) => r.result)
      .sort((a, b) => a.course.code.localeCompare(b.course.code, undefined, { numeric: true }));
    // The staff's count of students who have seen their results: only courses this account has not shown before.
    const fresh = shown.map((c) => c.course.id).filter((c) => !account.seen.has(`${year_choice.year}#${c}`));
    await noteResultsSeen(scope.campus, caller.sub, me.id, year_choice.year, fresh);
    return { data: { student: { roll_no: me.roll_no, name: me.name, section: me.section }, year_choice, years, courses: shown } };
  }),
];
