import {
  type CampusScope,
  type CampusUser,
  type DataViewer,
  dataViewer,
  type NewUserResponse,
  type RecordOf,
  department,
  issueFields,
  newUserSchema,
  personalView,
  profile,
  setPasswordSchema,
  isPlainObject,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { ensureCampusUser } from './campus-users.js';
import { inviteUser, setPasswordWithToken } from './invitations.js';
import { HttpError } from '../../platform/lib/errors.js';
import { listAll } from '../../platform/store/list-all.js';
import { getRecord, uniqueOwner } from '../../platform/store/records.js';
import { resolveReferences } from '../../platform/store/references.js';
import type { AppEnv } from '../../platform/http/context.js';
import { cleanBody } from '../../platform/http/crud-router.js';
import { readJson } from '../../platform/http/read-json.js';
import { siteOf } from '../../platform/lib/link-token.js';

/**
 * A profile as `viewer` may read it (`personalView`: a colleague's directory fields only; Aadhaar masked but for its
 * owner) plus `name` ("Dr. Asha Rao"), the label pickers show.
 */
const listed = (p: RecordOf<typeof profile>, viewer: DataViewer): CampusUser => ({
  ...personalView(profile, p, viewer),
  name: [p.title, p.first_name, p.last_name].filter(Boolean).join(' ') || (p.email ?? p.id),
});

/** The campus's users (profiles) as `viewer` may read them, by last name. */
async function campusUsers(scope: CampusScope, viewer: DataViewer): Promise<CampusUser[]> {
  // A profile a user created through PATCH /api/auth/profile may lack the names the type requires.
  return (await listAll(scope, profile)).map((p) => listed(p, viewer)).sort((a, b) => (a.last_name ?? '').localeCompare(b.last_name ?? ''));
}

/**
 * `/api/auth/user-list`: `GET` lists the campus's users (any signed-in user, for pickers such as course owner) as
 * `{ data: CampusUser[], next: null }`, each as the caller may read it (`personalView`); `POST` (campus admins only)
 * adds a user: a Cognito user with the role as its group plus the profile record, answering 201
 * `{ message, data: CampusUser }` (400 with field messages, 403, 409 when the e-mail already has an account).
 * Body: `email`, `role` (admin | faculty), `password` (optional: without it the member is mailed an invitation to set
 * their own, and the answer names that mail) and profile fields (first_name and last_name required).
 */
export function userListRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => {
    const data: CampusUser[] = await campusUsers(c.var.scope, dataViewer(c.var.caller, c.var.scope));
    return c.json({ data, next: null });
  });
  r.post('/', async (c) => {
    const caller = c.var.caller;
    if (caller.role !== 'admin') throw new HttpError(403, 'Only campus administrators may add users');
    const body = await readJson(c);
    if (!isPlainObject(body)) throw new HttpError(400, 'The request body must be a JSON object');
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
      first_name: String(first_name),
      last_name: String(last_name),
      profileFields,
      createdBy: caller.user,
      mustBeNew: true,
    });
    const data: CampusUser = listed(await getRecord(c.var.scope, profile, sub), dataViewer(caller, c.var.scope));
    if (acct.data.password) return c.json({ message: 'successfully created', data } satisfies NewUserResponse, 201);
    // No first password: the member sets their own through the link the invitation mail carries.
    const site = siteOf(c.req.header('origin'), c.req.url);
    const mail = await inviteUser(c.var.scope, caller, { sub, email: acct.data.email.toLowerCase(), first_name: String(first_name) }, site);
    return c.json({ message: 'successfully created', data, invitation: { mail } } satisfies NewUserResponse, 201);
  });
  return r;
}

/** `GET /api/department/user-list?short_name=CSE`: the users whose profile names that department. 404 for an unknown one. */
export function departmentUserListRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => {
    const short = c.req.query('short_name')?.trim();
    if (!short) throw new HttpError(400, 'Give the department short name', { short_name: 'Required' });
    const owner = await uniqueOwner(c.var.scope, department, 'short_name', { short_name: short });
    if (!owner) throw new HttpError(404, `No department with short name ${short}`);
    const data: CampusUser[] = (await campusUsers(c.var.scope, dataViewer(c.var.caller, c.var.scope))).filter(
      (u) => u.department === owner,
    );
    return c.json({ data, next: null });
  });
  return r;
}

/**
 * `POST /api/auth/set-password { token, password }` (public: the invitation link's page, no sign-in): sets the invited
 * member's password once. 200 `{ message }`; 400 for a bad, used or expired link, or a password the policy refuses.
 */
export function setPasswordRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.post('/', async (c) => {
    const parsed = setPasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, 'Choose a password', issueFields(parsed.error.issues));
    await setPasswordWithToken(parsed.data.token, parsed.data.password);
    return c.json({ message: 'Your password is set; sign in with it' });
  });
  return r;
}
