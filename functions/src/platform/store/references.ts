import {
  type CampusScope,
  type Caller,
  type EntityDef,
  type EntityRecord,
  REFERENCE_INDEX,
  TABLE,
  inSentence,
  recordPk,
  textOf,
  may,
} from '@attain/shared-types';
import { batchGet } from './batch.js';
import { HttpError } from '../lib/errors.js';
import { listAll } from './list-all.js';
import { queryByField } from './records.js';

/**
 * Another entity as this Lambda knows it: its stub from the reference index (name, label, display, indexes and the
 * fields that name its records), not its whole definition, which only the Lambda serving it carries.
 */
const known = (name: string | undefined): EntityDef | undefined => (name ? REFERENCE_INDEX.entities[name] : undefined);

/** The records a body's ref fields point at, keyed by field name. */
export type ResolvedRefs = Record<string, EntityRecord>;

/** The names a record answers to when a `byName` ref gives it by name: its display field and short name. */
function namesOf(target: EntityDef, rec: EntityRecord): string[] {
  return [target.display ?? 'name', 'short_name', 'title']
    .map((k) => rec[k])
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim().toLowerCase());
}

/**
 * Gives each `byName` ref of `data` that names no record by id the id of the one record of the campus whose name,
 * title or short name is the value (any letter case); errors by field for a name no record has, or several have.
 * Reads the target's records (one paged Query each) only for a value that is not an id.
 */
async function idsForNames(
  scope: CampusScope,
  def: EntityDef,
  data: Record<string, unknown>,
  found: Map<string, Record<string, unknown>>,
  errors: Record<string, string>,
): Promise<void> {
  for (const fd of def.fields) {
    const v = data[fd.name];
    const target = known(fd.ref);
    if (!fd.byName || !target || typeof v !== 'string' || found.has(`${recordPk(scope.campus, target.name)}|${v}`)) continue;
    const want = v.trim().toLowerCase();
    const hits = (await listAll(scope, target)).filter((r) => namesOf(target, r).includes(want));
    if (hits.length === 1) {
      data[fd.name] = hits[0].id;
      found.set(`${recordPk(scope.campus, target.name)}|${hits[0].id}`, hits[0]);
    } else if (hits.length > 1) errors[fd.name] = `More than one ${target.label.toLowerCase()} is called ${v.trim()}; choose one`;
  }
}

/**
 * Reads every record the body's ref fields name (one BatchGetItem; a `byName` ref may give a unique name instead of
 * an id, `idsForNames`), and:
 * - refuses a ref to a missing record (or another campus's) with 400 `{ field: 'Not found' }`;
 * - refuses a ref outside its scope (`within`, e.g. a term of another curriculum) with 400;
 * - fills the server-derived fields (`derivedFrom`) into `data` from the record they are copied through.
 * @returns the referenced records, by field.
 * @throws HttpError 400
 */
export async function resolveReferences(scope: CampusScope, def: EntityDef, data: Record<string, unknown>): Promise<ResolvedRefs> {
  const refFields = def.fields.filter((fd) => fd.kind === 'ref' && !fd.derivedFrom && typeof data[fd.name] === 'string' && known(fd.ref));
  const keys = new Map<string, { PK: string; SK: string }>();
  for (const fd of refFields) {
    const pk = recordPk(scope.campus, fd.ref as string);
    keys.set(`${pk}|${data[fd.name]}`, { [TABLE.partitionKey]: pk, [TABLE.sortKey]: data[fd.name] } as { PK: string; SK: string });
  }
  const found = await batchGet([...keys.values()]);
  const refs: ResolvedRefs = {};
  const errors: Record<string, string> = {};
  await idsForNames(scope, def, data, found, errors);
  for (const fd of refFields) {
    const item = found.get(`${recordPk(scope.campus, fd.ref as string)}|${data[fd.name]}`);
    if (!item) errors[fd.name] ??= 'Not found';
    else refs[fd.name] = item as EntityRecord;
  }
  for (const fd of refFields) {
    const r = refs[fd.name];
    if (!r || !fd.within) continue;
    if (r[fd.within] !== data[fd.within]) {
      const scope = def.fields.find((x) => x.name === fd.within)?.label.toLowerCase() ?? fd.within;
      errors[fd.name] = `Not part of the selected ${scope}`;
    }
  }
  if (Object.keys(errors).length) throw new HttpError(400, `Please correct these fields: ${Object.keys(errors).join(', ')}`, errors);
  for (const fd of def.fields) {
    if (!fd.derivedFrom) continue;
    const parent = refs[fd.derivedFrom];
    const v = parent?.[fd.name];
    if (v === undefined || v === null) delete data[fd.name];
    else data[fd.name] = v;
  }
  return refs;
}

/**
 * Refuses a write the caller's role does not allow: roles in `writeRoles` may write; faculty may also write a
 * record of an `ownedVia` entity when they own its course (`course.owner` is their user id), both the course the
 * record belongs to now (`old`) and the one it is moved to (`refs`); and a record of an `ownerField` entity they own
 * before (`old`) and after (`data`) the write, holding no `reservedChoices` value.
 * @throws HttpError 403
 */
export async function assertCanWrite(
  scope: CampusScope,
  caller: Caller,
  def: EntityDef,
  refs: ResolvedRefs | undefined,
  old?: EntityRecord,
  data?: Readonly<Record<string, unknown>>,
): Promise<void> {
  if (def.writeRoles.includes(caller.role)) return;
  if (may(caller, 'keep-own') && def.ownerField) return assertOwnerWrite(caller, def, def.ownerField, old, data);
  if (may(caller, 'keep-own') && def.ownedVia) {
    const courseDef = known(def.fields.find((fd) => fd.name === def.ownedVia)?.ref);
    const courses: (EntityRecord | undefined)[] = [];
    if (refs) courses.push(refs[def.ownedVia]);
    if (old && courseDef) {
      const r = await resolveReferences(scope, def, { [def.ownedVia]: old[def.ownedVia] }).catch(() => ({}) as ResolvedRefs);
      courses.push(r[def.ownedVia]);
    }
    if (courses.length && courses.every((c) => c?.owner === caller.sub)) return;
    throw new HttpError(403, `Only an administrator or the course's owner may change this ${def.label.toLowerCase()}`);
  }
  throw new HttpError(403, 'Your role does not allow this action');
}

/**
 * A faculty member's write to a record of an `ownerField` entity: the record must be theirs before (`old`) and after
 * (`data`) the write, and neither may hold a `reservedChoices` value (an approved SAR section is the administrators').
 * @throws HttpError 403 saying who may
 */
function assertOwnerWrite(
  caller: Caller,
  def: EntityDef,
  field: string,
  old?: EntityRecord,
  data?: Readonly<Record<string, unknown>>,
): void {
  const what = inSentence(def.label);
  if ((old && old[field] !== caller.sub) || (data && data[field] !== caller.sub))
    throw new HttpError(403, `Only an administrator or its owner may change this ${what}; as its owner, keep yourself its owner`, {
      [field]: 'Yourself',
    });
  for (const [name, values] of Object.entries(def.reservedChoices ?? {})) {
    const label = def.fields.find((fd) => fd.name === name)?.label ?? name;
    if (old && values.includes(textOf(old[name])))
      throw new HttpError(403, `This ${what} is ${textOf(old[name]).toLowerCase()}: only an administrator may change it now`);
    if (data && values.includes(textOf(data[name])))
      throw new HttpError(403, `Only an administrator may set ${label} to ${textOf(data[name])}`, {
        [name]: `Only an administrator sets it`,
      });
  }
}

/** How one referring record is named in a message (its display field, else its id). */
const nameOf = (def: EntityDef, r: EntityRecord) => textOf(r[def.display ?? 'name']) || r.id;

/**
 * Refuses to delete a record others still refer to, naming them (e.g. `course outcomes CO1, CO2 and 3 more`).
 * Referrers marked `cascade` do not block; they are returned to be deleted with the record.
 * What else refers to it (documents such as the CO-PO matrix that hold ids: the entity's `beforeDelete` hook) is
 * passed in as `more`, one message each. The referrers come from the reference index; a blocking one is read through
 * its stub (enough to name it), a cascading one through its whole definition in `served`, the entities this Lambda
 * serves (cascades stay within a domain, which the registry's tests check), so it is deleted with all its fields.
 * @throws HttpError 409; Error when a cascading referrer is not in `served` (a wiring mistake)
 */
export async function assertNotReferenced(
  scope: CampusScope,
  def: EntityDef,
  rec: EntityRecord,
  more: readonly string[] = [],
  served: readonly EntityDef[] = [def],
): Promise<{ entity: EntityDef; records: EntityRecord[] }[]> {
  const blocking: string[] = [];
  const cascades: { entity: EntityDef; records: EntityRecord[] }[] = [];
  for (const r of REFERENCE_INDEX.referrers[def.name] ?? []) {
    if (r.cascade) {
      const entity = served.find((e) => e.name === r.entity);
      if (!entity) throw new Error(`${r.entity} records are deleted with a ${def.name} but this Lambda does not serve them`);
      cascades.push({ entity, records: await queryByField(scope, entity, r.field, rec.id) });
      continue;
    }
    const entity = served.find((e) => e.name === r.entity) ?? REFERENCE_INDEX.entities[r.entity];
    const hits = (await queryByField(scope, entity, r.field, rec.id, 4)).filter((h) => !(r.entity === def.name && h.id === rec.id));
    if (!hits.length) continue;
    const names = hits.slice(0, 3).map((h) => nameOf(entity, h));
    const label = entity.label.toLowerCase();
    blocking.push(`${hits.length > 1 ? `${label}s` : label} ${names.join(', ')}${hits.length > 3 ? ' and more' : ''}`);
  }
  blocking.push(...more);
  if (blocking.length) {
    throw new HttpError(
      409,
      `The ${def.label.toLowerCase()} "${nameOf(def, rec)}" cannot be deleted: ${blocking.join('; ')} still refer to it`,
    );
  }
  return cascades;
}
