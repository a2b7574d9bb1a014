import { type CampusScope, type DataOf, type Domain, type EntityDef, type RecordOf, type RouteContract } from '@attain/shared-types';
import type { ResolvedRefs } from '../store/references.js';
import type { Endpoint } from './endpoint.js';

/**
 * Behaviour of one entity beyond generic CRUD, run by the CRUD router around its writes (docs/design.md "The
 * entity registry"). Every hook gets the campus scope it acts in; records are typed from the entity's field builders.
 * A hook refuses with `HttpError` (its status and message reach the caller; nothing after it runs).
 */
export interface EntityHooks<D extends EntityDef = EntityDef> {
  /** Before a record is created, after its body and references were checked (e.g. a curriculum needs terms). */
  beforeCreate?(scope: CampusScope, data: DataOf<D>, refs: ResolvedRefs): Promise<void>;
  /** Before a record is replaced, after its body and references were checked; `old` is the stored record. */
  beforeReplace?(scope: CampusScope, data: DataOf<D>, old: RecordOf<D>, refs: ResolvedRefs): Promise<void>;
  /** After a record is created (e.g. a curriculum's terms). */
  afterCreate?(scope: CampusScope, rec: RecordOf<D>, refs: ResolvedRefs): Promise<void>;
  /** After a record is created or replaced (e.g. results that depend on it computed again). */
  afterSave?(scope: CampusScope, rec: RecordOf<D>): Promise<void>;
  /**
   * Before a record is deleted, beside the registry's reference checks: what else still refers to it (documents
   * such as a CO-PO matrix hold ids), one message per referrer, or none. Any message refuses the delete with 409.
   */
  beforeDelete?(scope: CampusScope, rec: RecordOf<D>): Promise<string[]>;
  /** After a record is deleted (e.g. the documents it owned). */
  afterDelete?(scope: CampusScope, rec: RecordOf<D>): Promise<void>;
}

/** One entity's hooks, typed by the entity they belong to. */
export interface EntityBehaviour {
  readonly entity: EntityDef;
  readonly hooks: EntityHooks<EntityDef>;
}

/** Declares the hooks of `entity`, with its record type inferred from its field builders. */
export function behaviour<D extends EntityDef>(entity: D, hooks: EntityHooks<D>): EntityBehaviour {
  return { entity, hooks: hooks as EntityHooks<EntityDef> };
}

/**
 * The hooks of each entity, from every behaviour declared for it: a record type's rules may come from several features
 * (the curriculum keeps a course outcome's frozen year; the assessments refuse to delete one a question paper uses), so
 * the hooks of one entity run in the order declared, each `before` hook able to refuse; `beforeDelete` lists every
 * referrer any of them names.
 */
export function hooksByEntity(behaviours: readonly EntityBehaviour[]): Map<EntityDef, EntityHooks> {
  const map = new Map<EntityDef, EntityHooks>();
  for (const { entity, hooks } of behaviours) {
    const had = map.get(entity);
    map.set(entity, had ? chained(had, hooks) : hooks);
  }
  return map;
}

/** `a`'s hooks then `b`'s, for each hook either declares. */
function chained(a: EntityHooks, b: EntityHooks): EntityHooks {
  const both = <A extends unknown[]>(x?: (...args: A) => Promise<void>, y?: (...args: A) => Promise<void>) =>
    x && y
      ? async (...args: A) => {
          await x(...args);
          await y(...args);
        }
      : (x ?? y);
  const [deleteA, deleteB] = [a.beforeDelete, b.beforeDelete];
  return {
    beforeCreate: both(a.beforeCreate, b.beforeCreate),
    beforeReplace: both(a.beforeReplace, b.beforeReplace),
    afterCreate: both(a.afterCreate, b.afterCreate),
    afterSave: both(a.afterSave, b.afterSave),
    afterDelete: both(a.afterDelete, b.afterDelete),
    beforeDelete:
      deleteA && deleteB ? async (scope, rec) => [...(await deleteA(scope, rec)), ...(await deleteB(scope, rec))] : (deleteA ?? deleteB),
  };
}

/** A "still referred to by" message as the list `beforeDelete` returns (none when `m` is undefined). */
export const listed = (m: string | undefined): string[] => (m ? [m] : []);

/**
 * One domain of the API: the unit of deployment (one Lambda) and of bundling (its entry imports only this module).
 * Its CRUD entities are the registry entities whose `domain` is `name`, listed in `entities`; the module adds their
 * hooks and the domain's other routes (`endpoints`).
 */
export interface DomainModule {
  readonly name: Domain;
  /**
   * The CRUD entities the domain serves: every registry entity whose `domain` is `name` (`domainProblems` checks both
   * ways against the registry when given it). The module imports each one's definition itself, so its Lambda carries
   * these definitions and, of every other entity, only the stub in `REFERENCE_INDEX`.
   */
  readonly entities: readonly EntityDef[];
  readonly behaviours: readonly EntityBehaviour[];
  /** Its routes besides the CRUD ones, each a contract of shared-types with its handler. */
  readonly endpoints?: readonly Endpoint[];
  /**
   * Cleans rich text before it is stored; required when an entity of the domain has an `html` field. Only such
   * domains bundle the sanitizer library.
   */
  readonly sanitizeHtml?: (html: string) => string;
}

/**
 * What is wrong with a domain module, as sentences (empty when it is sound): hooks for an entity of another domain
 * (they would never run), rich-text fields with no sanitizer, an endpoint of another domain or one served twice; and,
 * given the whole registry's CRUD entities (`registry`: the tests and the local server pass `CRUD_ENTITIES`; a Lambda
 * does not carry it), an entity of the domain the module does not list (its routes would be missing) or one it lists
 * that is not a CRUD entity; given every route contract (`contracts`: `API_CONTRACTS`, passed like `registry`), a
 * contract of the domain with no handler.
 */
export function domainProblems(m: DomainModule, registry?: readonly EntityDef[], contracts?: readonly RouteContract[]): string[] {
  const problems: string[] = [];
  if (registry)
    for (const e of registry.filter((x) => x.domain === m.name && !m.entities.includes(x)))
      problems.push(`${m.name}: ${e.name} is an entity of this domain the module does not serve`);
  for (const e of m.entities) {
    if (e.domain !== m.name) problems.push(`${m.name}: serves ${e.name}, an entity of the ${e.domain} domain`);
    if (registry && !registry.includes(e)) problems.push(`${m.name}: serves ${e.name}, which is not a CRUD entity`);
    if (!m.sanitizeHtml && e.fields.some((f) => f.kind === 'html'))
      problems.push(`${m.name}: ${e.name} has rich-text fields but the domain gives no HTML sanitizer`);
  }
  const keys = (m.endpoints ?? []).map((e) => `${e.contract.method} ${e.contract.path}`);
  for (const e of m.endpoints ?? [])
    if (e.contract.domain !== m.name)
      problems.push(`${m.name}: serves ${e.contract.method} ${e.contract.path}, a route of the ${e.contract.domain} domain`);
  for (const k of new Set(keys)) if (keys.filter((x) => x === k).length > 1) problems.push(`${m.name}: ${k} is served twice`);
  if (contracts)
    for (const r of contracts.filter((x) => x.domain === m.name))
      if (!keys.includes(`${r.method} ${r.path}`)) problems.push(`${m.name}: route ${r.method} ${r.path} has no handler`);
  for (const b of m.behaviours) {
    if (b.entity.domain !== m.name) problems.push(`${m.name}: hooks for ${b.entity.name}, an entity of the ${b.entity.domain} domain`);
    else if (!m.entities.includes(b.entity)) problems.push(`${m.name}: hooks for ${b.entity.name}, which is not a CRUD entity it serves`);
  }
  return problems;
}

/**
 * Declares a domain module. Its wiring is checked by `domainProblems` over every module at once (`ALL_DOMAINS`, which
 * the local server loads at start-up and the tests check), not again in each Lambda: a Lambda's module is the same
 * object, and the checks' messages would cost every bundle about a kilobyte.
 */
export const defineDomain = (m: DomainModule): DomainModule => m;
