import { WRITING_SCOPES } from './api-keys.js';
import { holdsScope, may } from './powers.js';
import type { Caller } from './roles.js';

/**
 * The campus a piece of work reads and writes, separate from who asked (docs/design.md "Tenancy, roles, identity").
 * The store takes its keys only from a scope, never from a caller:
 * - a campus user works in its own campus (`campusScope`);
 * - a group administrator reads a chosen campus of its group (`groupScope`, read-only);
 * - a worker acts in the campus of the job it runs, as the user who started it (`jobScope`).
 */
export interface CampusScope {
  /** Campus (tenant) id: every storage key starts with it. */
  readonly campus: string;
  /** Who is written to `created_by` / `updated_by` (an e-mail address). */
  readonly actor: string;
  /** `read-only` scopes refuse every write in the store (403), whatever the route allowed. */
  readonly access: 'read-write' | 'read-only';
}

/**
 * The caller's own campus: read-write for those who change a campus (`change-campus`) and for a machine client whose
 * key holds a writing scope (its routes are the only ones it reaches: `mayCall`), read-only for the rest.
 */
export function campusScope(caller: Caller): CampusScope {
  const writes = may(caller, 'change-campus') || WRITING_SCOPES.some((s) => holdsScope(caller, s));
  return { campus: caller.tenant, actor: caller.user, access: writes ? 'read-write' : 'read-only' };
}

/**
 * A campus of a group administrator's group, read-only. The caller must already be known to be a group
 * administrator of `campus`'s group (the group roll-up issue checks membership before calling this).
 */
export function groupScope(caller: Caller, campus: string): CampusScope {
  return { campus, actor: caller.user, access: 'read-only' };
}

/** The campus of a background job, acting as the user who started it. */
export function jobScope(job: { campus: string; started_by: string }): CampusScope {
  return { campus: job.campus, actor: job.started_by, access: 'read-write' };
}

/**
 * The caller's own namespace, where its profile lives: its campus, or a group administrator's group.
 * Read-write: everyone keeps their own profile, group administrators included.
 */
export function ownScope(caller: Caller): CampusScope {
  return { campus: caller.tenant, actor: caller.user, access: 'read-write' };
}
