import { CRUD_ENTITIES } from '../entities/index.js';
import { ROLES, type Role } from '../identity/roles.js';
import { type Reach, mayReadRecords, readReach, writeReach } from '../registry/entity.js';
import { API_KEY_SCOPES } from '../identity/api-keys.js';
import { type HttpMethod, mayCall } from './contract.js';
import { API_CONTRACTS } from './contracts.js';

/**
 * One route of the API as each role meets it: `all` (called; a record type's whole campus), `own` (called, on what the
 * role owns only), `none` (403 before anything is read), or `public` (no sign-in needed).
 */
export interface AccessRow {
  readonly method: HttpMethod;
  /** The path as declared, `{name}` for each parameter (a record type's id is `{id}`). */
  readonly path: string;
  /** What the route does, in people's words (a contract's summary; "List", "Read"... and the record type's label). */
  readonly what: string;
  /** The record type a generic route serves, if it is one. */
  readonly entity?: string;
  readonly reach: Readonly<Record<Role, Reach | 'public'>>;
}

const byRole = (f: (role: Role) => Reach | 'public'): Record<Role, Reach | 'public'> =>
  Object.fromEntries(ROLES.map((r) => [r, f(r)])) as Record<Role, Reach | 'public'>;

/** A caller of `role` as the table shows it: a machine client's key holding every scope (`API_KEY_SCOPES`). */
const asCaller = (role: Role) => ({ role, scopes: API_KEY_SCOPES });

/**
 * Every route of the API and what each role may do with it, from the declarations alone: each record type's generic
 * routes (`readReach`, `writeReach` of its `readRoles`, `writeRoles` and ownership) and each declared route
 * (`mayCall`: its `roles`, or its `keyScope` for a machine client, shown as a key holding every scope). The generic
 * router and `endpoint` enforce the same functions; docs/powers.md prints this table and the integration test
 * access-walk.test.ts calls every row as each role and compares.
 */
export function accessTable(): AccessRow[] {
  const crud = CRUD_ENTITIES.flatMap((e): AccessRow[] => {
    // A key's scope opens the whole campus's records of the type (record types a key reads are none personal).
    const read = byRole((r) => {
      const reach = readReach(e, r);
      return reach === 'none' && mayReadRecords(asCaller(r), e) ? 'all' : reach;
    });
    const write = byRole((r) => writeReach(e, r));
    const row = (method: HttpMethod, path: string, what: string, reach: AccessRow['reach']): AccessRow => ({
      method,
      path,
      what: `${what} ${e.label}`,
      entity: e.name,
      reach,
    });
    return [
      row('GET', e.path, 'List', read),
      row('GET', `${e.path}/{id}`, 'Read', read),
      row('POST', e.path, 'Create', write),
      row('PUT', `${e.path}/{id}`, 'Replace', write),
      row('DELETE', `${e.path}/{id}`, 'Delete', write),
    ];
  });
  const declared = API_CONTRACTS.map((c): AccessRow => ({
    method: c.method,
    path: c.path,
    what: c.summary,
    reach: byRole((r) => (c.public ? 'public' : mayCall(asCaller(r), c) ? 'all' : 'none')),
  }));
  return [...crud, ...declared];
}
