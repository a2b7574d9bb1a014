import * as z from 'zod/mini';
import { defineRoute, item } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';
import type { Role } from './roles.js';

/**
 * Ending a person's access (docs/access.md): a campus admin disables, re-enables or removes a faculty member; the group
 * administrator does the same for campus admins. A disabled or removed account cannot sign in, and every token it
 * already holds stops working within `ACCESS_CACHE_MS` on every route.
 */

/** Where an account stands: `active`, `disabled` (may be enabled again) or `removed` (its sign-in is deleted; its
 * profile and contribution records stay, as SAR Criterion 5 counts past faculty). */
export const ACCESS_STATUSES = ['active', 'disabled', 'removed'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];
/** Each status in people's words. */
export const ACCESS_STATUS_LABELS: Readonly<Record<AccessStatus, string>> = { active: 'Active', disabled: 'Disabled', removed: 'Removed' };

/** What an admin does to an account. */
export const ACCESS_ACTIONS = ['disable', 'enable', 'remove'] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
/** The status each action leaves, and its button label. */
export const ACCESS_ACTION_RESULT: Readonly<Record<AccessAction, AccessStatus>> = {
  disable: 'disabled',
  enable: 'active',
  remove: 'removed',
};
export const ACCESS_ACTION_LABELS: Readonly<Record<AccessAction, string>> = { disable: 'Disable', enable: 'Enable', remove: 'Remove' };

/**
 * Who may end whose access, by the account's role: faculty and students by campus admins and the group administrator,
 * campus admins by the group administrator only. A group administrator's own account is the platform's (nobody here ends it).
 */
export const ACCESS_ENDERS: Readonly<Record<Role, readonly Role[]>> = {
  faculty: ['admin', 'group-admin'],
  admin: ['group-admin'],
  'group-admin': [],
  student: ['admin', 'group-admin'],
  // A key has no account: it is revoked on the API keys page.
  'api-key': [],
};

/** Whether `caller` may disable, enable or remove an account of role `target` (`ACCESS_ENDERS`). */
export const mayEndAccess = (caller: Role, target: Role | undefined): boolean => !!target && ACCESS_ENDERS[target].includes(caller);

/**
 * How long a server may trust what it read of an account's access (ms): a disabled account's tokens stop working at most
 * this long after the admin's click, on every route and Lambda.
 */
export const ACCESS_CACHE_MS = 30_000;

/** Clock skew allowed for a token's `iat` and `nbf` (seconds): a token issued further in the future is refused. */
export const TOKEN_CLOCK_SKEW_S = 60;

/**
 * How long an ID token of the deployed user pool is valid (s): the pool client's `idTokenValidity` in the stack and
 * the oldest `iat` the API accepts (`ID_TOKEN_MAX_AGE_S` overrides it; the local stack's issuer gives 24 h).
 */
export const ID_TOKEN_VALIDITY_S = 3600;

/** An account's access as the user list shows it: its status, and since when (ISO-8601). */
export interface UserAccess {
  status: AccessStatus;
  changed_at?: string;
  changed_by?: string;
}

/**
 * `POST /api/auth/user-list/{user}/access { action }`: disables, enables or removes a campus user (`user`: the
 * profile id, the Cognito sub), audited. 200 with the account's access; 403 when the caller's role may not
 * (`ACCESS_ENDERS`) or it is the caller's own account; 404 for a user not of this campus; 409 for a removed account.
 */
export const userAccessRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/user-list/{user}/access',
  domain: 'auth',
  summary: "Disable, enable or remove a campus user's access (their open sessions end within a minute)",
  roles: ['admin', 'group-admin'],
  forbidden: 'Only campus administrators (for faculty) and the group administrator (for campus administrators) may do this',
  body: z.object({ action: z.enum(ACCESS_ACTIONS, { error: MESSAGES.choice }) }),
  invalid: 'Choose disable, enable or remove',
  answer: item('UserAccess'),
  errors: [400, 401, 403, 404, 409],
});
