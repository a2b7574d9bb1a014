import { type CampusScope, type Caller, courseCurriculum, student } from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { listAll } from '../../platform/store/list-all.js';
import { queryByField } from '../../platform/store/records.js';

/**
 * Faculty may mail only the students of the courses they own (the survey issue sends course-exit surveys
 * this way). Checks every address against the e-mails of the students of those courses' curricula.
 * @throws HttpError 403 naming the first address that is not such a student (and how many more)
 */
export async function assertOwnStudents(scope: CampusScope, caller: Caller, addresses: readonly string[]): Promise<void> {
  const courses = (await listAll(scope, courseCurriculum)).filter((c) => c.owner === caller.sub);
  const curricula = [...new Set(courses.map((c) => c.curriculum).filter((c): c is string => Boolean(c)))];
  const allowed = new Set<string>();
  for (const cur of curricula)
    for (const s of await queryByField(scope, student, 'curriculum', cur)) if (s.email) allowed.add(s.email.trim().toLowerCase());
  const outside = addresses.map((a) => a.trim().toLowerCase()).filter((a) => !allowed.has(a));
  if (outside.length) {
    const who = outside.length > 1 ? `${outside[0]} and ${outside.length - 1} more are` : `${outside[0]} is`;
    throw new HttpError(403, `Faculty may mail only the students of their own courses; ${who} not one of them`, {
      to: 'Only students of your courses',
    });
  }
}
