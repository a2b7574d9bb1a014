import { type CampusScope, type EntityRecord, department, issueFields, newUserSchema, profile } from '@attain/shared-types';
import { Hono } from 'hono';
import { ensureCampusUser } from '../identity/campus-users.js';
import { HttpError } from '../lib/errors.js';
import { listAll } from '../store/list-all.js';
import { findRecord, uniqueOwner } from '../store/records.js';
import { resolveReferences } from '../store/references.js';
import type { AppEnv } from './context.js';
import { cleanBody } from './crud-router.js';
import { readJson } from './read-json.js';

/** A profile as listed: its fields plus `name` ("Dr. Asha Rao"), the label pickers show. */
const listed = (p: EntityRecord): EntityRecord => ({ ...p, name: [p.title, p.first_name, p.last_name].filter(Boolean).join(' ') || String(p.email ?? p.id) });

/** The campus's users (profiles), by last name. */
async function campusUsers(scope: CampusScope) {
  return (await listAll(scope, profile)).map(listed).sort((a, b) => String(a.last_name ?? '').localeCompare(String(b.last_name ?? '')));
}

/**
 * `/api/auth/user-list`: `GET` lists the campus's users (any signed-in user, for pickers such as course owner);
 * `POST` (campus admins only) adds a user: a Cognito user with the role as its group plus the profile record.
 * Body: `email`, `role` (admin | faculty), `password` and profile fields (first_name and last_name required).
 */
export function userListRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => c.json({ data: await campusUsers(c.var.scope), next: null }));
  r.post('/', async (c) => {
    const caller = c.var.caller;
    if (caller.role !== 'admin') throw new HttpError(403, 'Only campus administrators may add users');
    const body = (await readJson(c)) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object');
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
    if (!acct.success || Object.keys(fields).length) throw new HttpError(400, `Please correct these fields: ${Object.keys(fields).join(', ')}`, fields);
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
    const created = await findRecord(c.var.scope, profile, sub);
    return c.json({ message: 'successfully created', data: created && listed(created) }, 201);
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
    const users = (await campusUsers(c.var.scope)).filter((u) => u.department === owner);
    return c.json({ data: users, next: null });
  });
  return r;
}
