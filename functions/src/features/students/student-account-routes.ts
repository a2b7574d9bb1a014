import { inviteStudentsRoute, studentAccessRoute, studentAccountsRoute, studentInviteRunRoute } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
import { siteOf } from '../../platform/lib/link-token.js';
import { changeStudentAccess, inviteRun, inviteStudents, studentAccounts } from './student-accounts.js';

/**
 * Students' accounts, kept by the campus's administrators (issue 43 item 2, decision 0056): a roster's accounts
 * (`GET /api/auth/student-accounts`), inviting a roster or a section (`POST /api/auth/student-accounts`, a background run
 * followed at `GET /api/student-invites/{run}`), and a student's access (`POST .../{student}/access`). Served by the `auth` Lambda, with the staff's accounts.
 */
export const STUDENT_ACCOUNT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(studentAccountsRoute, async (c, { query }) => ({
    data: await studentAccounts(c.var.scope, query.curriculum, query.section || undefined),
  })),
  endpoint(inviteStudentsRoute, async (c, { body }) => {
    const data = await inviteStudents(c.var.scope, c.var.caller, body, siteOf(c.req.header('origin'), c.req.url));
    return { message: 'The students are being invited: this page shows how far it has got', data };
  }),
  endpoint(studentInviteRunRoute, async (c) => ({ data: await inviteRun(c.var.scope, pathId(c, 'run', 'Invitation run')) })),
  endpoint(studentAccessRoute, async (c, { body }) => {
    const data = await changeStudentAccess(c.var.scope, c.var.caller, pathId(c, 'student', 'Student'), body.action);
    return { message: `The student's access is now ${data.status}`, data };
  }),
];
