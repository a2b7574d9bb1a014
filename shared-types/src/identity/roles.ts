import type { ApiKeyScope } from './api-keys.js';
/**
 * Roles and identity claims (docs/design.md "Tenancy, roles, identity").
 * - `admin`: a campus's configuration, users and mail.
 * - `faculty`: own profile and contributions, marks of own courses; reads the campus's structure.
 * - `group-admin`: every campus of its group, read-only.
 * - `student`: a student of the campus's rosters, who reads their own results (issue 43); holds no power yet, so every
 *   record type and route refuses them until one declares them.
 * - `api-key`: a machine client (an ERP, a script) signed in with a campus's API key (decision 0062); holds no power
 *   and no route's role, only what its key's scopes open (a route's or record type's `keyScope`).
 * Roles are Cognito groups (`cognito:groups` claim); the campus is the `custom:tenant` attribute. What each role may do
 * beyond its record types' `writeRoles` and its routes' `roles` is the powers table (powers.ts, `may`).
 */
/** The roles a person holds: each is a Cognito group of the user pool. */
export const GROUP_ROLES = ['admin', 'faculty', 'group-admin', 'student'] as const;
/** Every role a caller can have: a person's (`GROUP_ROLES`), or a machine client's API key (no group). */
export const ROLES = [...GROUP_ROLES, 'api-key'] as const;
export type Role = (typeof ROLES)[number];
/** Each role in people's words, as the pages, the audit trail and exports show it. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  admin: 'Campus administrator',
  faculty: 'Faculty',
  'group-admin': 'Group administrator',
  student: 'Student',
  'api-key': 'API key',
};

/** Name of the user-pool custom attribute that carries the campus (tenant) id. */
export const TENANT_ATTRIBUTE = 'tenant';
/** The claim in the ID token that carries the campus id. */
export const TENANT_CLAIM = `custom:${TENANT_ATTRIBUTE}`;
/**
 * The claim that carries the Attain account's id (its native user's `sub`, the profile id) in the ID token of a person
 * signed in through their college's provider (decision 0063): that token's own `sub` is the pool's federated user's,
 * and the pool's pre token generation trigger adds this claim. A password sign-in's token has none: its `sub` is the
 * account's.
 */
export const ACCOUNT_CLAIM = 'attain:account';
/** The claim that carries the Cognito groups (roles). */
export const GROUPS_CLAIM = 'cognito:groups';

/** The signed-in caller, as derived from verified token claims only (never from body, path or query). */
export interface Caller {
  /** Campus id; every storage key starts with it. */
  tenant: string;
  role: Role;
  /** The user's e-mail; written to `created_by` / `updated_by`. */
  user: string;
  /** Cognito `sub`: the stable user id (profile record id); a machine client's: its key's client id. */
  sub: string;
  /** A machine client's scopes: those its key holds and its token names (role `api-key` only). */
  scopes?: readonly ApiKeyScope[];
}

/** Picks the strongest role from a list of group names; `undefined` when none is a known role. */
export function roleFromGroups(groups: readonly string[] | undefined): Role | undefined {
  if (!groups) return undefined;
  // The strongest first.
  for (const r of ['admin', 'group-admin', 'faculty', 'student'] as const satisfies readonly (typeof GROUP_ROLES)[number][])
    if (groups.includes(r)) return r;
  return undefined;
}
