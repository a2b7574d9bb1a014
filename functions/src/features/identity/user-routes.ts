import {
  type CampusUser,
  dataViewer,
  createUserRoute,
  issueFields,
  newUserSchema,
  profile,
  setPasswordRoute,
  userListRoute,
  userAccessRoute,
  textOf,
} from '@attain/shared-types';
import { changeUserAccess } from './user-access.js';
import { ensureCampusUser } from './campus-users.js';
import { campusUsers, listed } from './campus-user-list.js';
import { inviteUser, setPasswordWithToken } from './invitations.js';
import { HttpError } from '../../platform/lib/errors.js';
import { getRecord } from '../../platform/store/records.js';
import { resolveReferences } from '../../platform/store/references.js';
import { cleanBody } from '../../platform/http/crud-router.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { siteOf } from '../../platform/lib/link-token.js';

/**
 * The campus's users and invitations, as `userListRoute`, `createUserRoute` and `setPasswordRoute` declare them:
 * - `GET /api/auth/user-list`: the campus's users (any signed-in user, for pickers such as course owner), each as the
 *   caller may read it (`personalView`);
 * - `POST /api/auth/user-list` (campus admins): a Cognito user with the role as its group plus the profile record, 201
 *   (400 with field messages, 403, 409 when the e-mail already has an account); without a `password` the member is
 *   mailed an invitation to set their own, and the answer names that mail;
 * - `POST /api/auth/set-password` (public: the invitation link's page): sets the invited member's password once;
 * - `POST /api/auth/user-list/{user}/access { action }`: disables, enables or removes a user (`changeUserAccess`).
 */
export const USER_ENDPOINTS: readonly Endpoint[] = [
  endpoint(userListRoute, async (c) => ({
    data: await campusUsers(c.var.scope, dataViewer(c.var.caller, c.var.scope), c.var.caller.role),
    next: null,
  })),
  endpoint(userAccessRoute, async (c, { params, body }) => {
    const data = await changeUserAccess(c.var.scope, c.var.caller, params.user, body.action);
    return { message: `Access is now ${data.status}`, data };
  }),
  endpoint(createUserRoute, async (c, { body }) => {
    const caller = c.var.caller;
    const { email, role, password, ...rest } = body;
    const fields: Record<string, string> = {};
    const acct = newUserSchema.safeParse({ email, role, password });
    if (!acct.success) issueFields(acct.error.issues, fields);
    let prof: Record<string, unknown> = {};
    try {
      prof = cleanBody(profile, rest, 'create').data;
      await resolveReferences(c.var.scope, profile, prof);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      Object.assign(fields, e.fields);
    }
    if (!acct.success || Object.keys(fields).length)
      throw new HttpError(400, `Please correct these fields: ${Object.keys(fields).join(', ')}`, fields);
    const { first_name, last_name, ...profileFields } = prof;
    const sub = await ensureCampusUser({
      tenant: c.var.scope.campus,
      email: acct.data.email.toLowerCase(),
      password: acct.data.password,
      role: acct.data.role,
      first_name: textOf(first_name),
      last_name: textOf(last_name),
      profileFields,
      createdBy: caller.user,
      mustBeNew: true,
    });
    const data: CampusUser = listed(await getRecord(c.var.scope, profile, sub), dataViewer(caller, c.var.scope));
    if (acct.data.password) return { message: 'successfully created', data };
    // No first password: the member sets their own through the link the invitation mail carries.
    const site = siteOf(c.req.header('origin'), c.req.url);
    const mail = await inviteUser(c.var.scope, caller, { sub, email: acct.data.email.toLowerCase(), first_name: textOf(first_name) }, site);
    return { message: 'successfully created', data, invitation: { mail } };
  }),
  endpoint(setPasswordRoute, async (_c, { body }) => {
    await setPasswordWithToken(body.token, body.password);
    return { message: 'Your password is set; sign in with it' };
  }),
];
