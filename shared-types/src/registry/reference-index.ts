import type { EntityDef } from './entity.js';

/** A field of one entity that stores the id of a record of another (or the same) entity. */
export interface ReferrerEntry {
  /** Registry name of the referring entity. */
  readonly entity: string;
  /** The referring field. */
  readonly field: string;
  /** The referring records are deleted along with the target instead of blocking its delete. */
  readonly cascade: boolean;
}

/**
 * What a Lambda must know of the registry beyond the entities it serves, small enough to ship in every bundle:
 * - `entities`: every registry entity as a stub, an `EntityDef` with the same name, label, domain, display,
 *   indexes and flags but only the names of the fields the store needs to find, list and name its records (its
 *   display and naming fields; every field of a `byName` target, whose records become references). A stub serves
 *   reads only: listing, reference checks and names, never a write or a validation;
 * - `referrers`: for each entity name, the fields across the registry that store the id of one of its records
 *   (derived copies left out), what a delete checks.
 * Built from the whole registry by `referenceIndexData` (written out as `entities/reference-index.ts`) and
 * `referenceIndexFrom`.
 */
export interface ReferenceIndex {
  readonly entities: Readonly<Record<string, EntityDef>>;
  readonly referrers: Readonly<Record<string, readonly ReferrerEntry[]>>;
}

/** The fields a referring entity's records are named by: its display field, name, short name, title and code. */
const NAMING = ['name', 'short_name', 'title'];

/** The optional parts of a definition a stub keeps. */
const KEPT = ['display', 'codeField', 'indexes', 'singleton', 'ownedVia', 'personal', 'personData', 'listPath'] as const;

/**
 * One entity of `ReferenceIndexData`: its name, label and domain, the kept optional parts, and the names of the
 * fields its stub keeps (`fields`). No path: a stub is never mounted.
 */
export type EntityStubData = Pick<EntityDef, 'name' | 'label' | 'domain' | (typeof KEPT)[number]> & {
  readonly fields: readonly string[];
};

/**
 * The reference index as written out (`entities/reference-index.ts`): plain data, expanded by `referenceIndexFrom`.
 * Referrers are written short, `entity.field`, with a trailing `!` when they cascade.
 */
export interface ReferenceIndexData {
  readonly entities: readonly EntityStubData[];
  readonly referrers: Readonly<Record<string, readonly string[]>>;
}

/** The stub data of `def` (see `ReferenceIndex`); `whole` keeps every field (a `byName` target). */
function stubData(def: EntityDef, whole: boolean): EntityStubData {
  const keep = new Set([...NAMING, def.display ?? 'name', def.codeField ?? 'code', ...(def.ownedVia ? [def.ownedVia] : [])]);
  const stub: Record<string, unknown> = { name: def.name, label: def.label, domain: def.domain };
  for (const k of KEPT) if (def[k] !== undefined) stub[k] = def[k];
  stub.fields = def.fields.filter((fd) => whole || keep.has(fd.name)).map((fd) => fd.name);
  return stub as EntityStubData;
}

/**
 * The reference index data of a whole registry: `crud`, the entities the generic CRUD router serves (their ref
 * fields are the referrers), and `others` (the profile), which get a stub but whose ref fields refer to nothing a
 * delete checks. Pure. Referrers keep registry order.
 */
export function referenceIndexData(crud: readonly EntityDef[], others: readonly EntityDef[] = []): ReferenceIndexData {
  const all = [...crud, ...others];
  const byNameTargets = new Set(all.flatMap((e) => e.fields.filter((fd) => fd.kind === 'ref' && fd.byName).map((fd) => fd.ref)));
  const referrers: Record<string, string[]> = {};
  for (const e of crud)
    for (const fd of e.fields) {
      if (fd.kind !== 'ref' || !fd.ref || fd.derivedFrom) continue;
      (referrers[fd.ref] ??= []).push(`${e.name}.${fd.name}${fd.cascade ? '!' : ''}`);
    }
  return { entities: all.map((e) => stubData(e, byNameTargets.has(e.name))), referrers };
}

/**
 * Expands written-out index data into the `ReferenceIndex`: each stub an `EntityDef` whose fields are the kept names
 * (as plain strings: a stub's records are read, never validated), with an empty path (never mounted), no columns and
 * no write roles.
 */
export function referenceIndexFrom(data: ReferenceIndexData): ReferenceIndex {
  const entities: Record<string, EntityDef> = {};
  for (const { fields, ...rest } of data.entities)
    entities[rest.name] = {
      ...rest,
      path: '',
      fields: fields.map((name) => ({ name, label: name, kind: 'string' })),
      columns: [],
      writeRoles: [],
    };
  const referrers: Record<string, ReferrerEntry[]> = {};
  for (const [target, list] of Object.entries(data.referrers))
    referrers[target] = list.map((r) => {
      const [entity, field] = r.replace(/!$/, '').split('.');
      return { entity, field, cascade: r.endsWith('!') };
    });
  return { entities, referrers };
}
