import { CRUD_ENTITIES } from '../entities/index.js';
import { ROLES, type Role } from '../identity/roles.js';
import { type Reach, readReach, writeReach } from '../registry/entity.js';
import { type HttpMethod, callersOf } from './contract.js';
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

/**
 * Every route of the API and what each role may do with it, from the declarations alone: each record type's generic
 * routes (`readReach`, `writeReach` of its `readRoles`, `writeRoles` and ownership) and each declared route
 * (`callersOf` of its `roles`). The generic router and `endpoint` enforce the same functions; docs/powers.md prints
 * this table and the integration test access-walk.test.ts calls every row as each role and compares.
 */
export function accessTable(): AccessRow[] {
  const crud = CRUD_ENTITIES.flatMap((e): AccessRow[] => {
    const read = byRole((r) => readReach(e, r));
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
    reach: byRole((r) => (c.public ? 'public' : callersOf(c).includes(r) ? 'all' : 'none')),
  }));
  return [...crud, ...declared];
}
