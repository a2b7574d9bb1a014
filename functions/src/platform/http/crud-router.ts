import {
  type DataOf,
  type EntityDef,
  MESSAGES,
  OWNER_FIELD,
  PAGE_SIZE,
  RECORD_ID,
  validateBody,
  textOf,
  may,
  writeReach,
  mayReadRecords,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import type { EntityHooks } from './domain-module.js';
import { HttpError, notFound } from '../lib/errors.js';
import { createRecord, deleteRecord, getRecord, listRecords, recordsByIds, replaceRecord } from '../store/records.js';
import { assertCanWrite, assertNotReferenced, resolveReferences } from '../store/references.js';
import { checkAttachedFiles, uploadersOf } from '../store/attached-files.js';
import type { AppContext, AppEnv } from './context.js';
import { pathId } from './path-id.js';
import { readJson } from './read-json.js';

/** Cleans rich text (HTML) before it is stored; given by the domain modules whose entities have `html` fields. */
export type HtmlSanitizer = (html: string) => string;

/**
 * Validates a body (a patch against the `stored` record when given, see `validateBody`) and sanitizes its rich-text
 * fields with `sanitize`.
 * @throws HttpError 400 with per-field messages; Error when the entity has `html` fields and no sanitizer is given
 * (a wiring mistake `domainProblems` also reports)
 */
export function cleanBody<D extends EntityDef>(
  def: D,
  body: unknown,
  mode: 'create' | 'replace' | 'patch',
  sanitize?: HtmlSanitizer,
  stored?: Readonly<Record<string, unknown>>,
): { data: DataOf<D>; version?: number } {
  const v = validateBody(def, body, mode, stored);
  if (!v.ok) throw new HttpError(400, v.detail, v.fields);
  for (const fd of def.fields) {
    const html = v.data[fd.name];
    if (fd.kind !== 'html' || typeof html !== 'string') continue;
    if (!sanitize) throw new Error(`${def.name}.${fd.name} is rich text but its domain gives no HTML sanitizer`);
    v.data[fd.name] = sanitize(html);
  }
  // The one place a validated body takes its entity's type: `validateBody` checked every field against `def`.
  return { data: v.data as DataOf<D>, version: v.version };
}

/** Record ids are UUIDs (or the campus id for singletons); anything else cannot exist, so it is a 404. */
const idParam = (c: AppContext, def: EntityDef) => pathId(c, 'id', def.label);

/**
 * The generic CRUD router of one registry entity, mounted at the entity's spec path:
 * `GET /` list (query filters, `?next=` cursor, or `?ids=a,b` for up to `MAX_IDS` named records), `POST /` create
 * (201), `GET|PUT|DELETE /:id`. Reads are refused (403) to roles not among the record type's readers (`readersOf`),
 * writes to roles with neither a writing role nor ownership (`writeRoles`, `keep-own`). Trailing slashes are accepted (the spec's tables use `base/` + id).
 * `hooks` are the entity's behaviour from its domain module (and `sanitize` its HTML sanitizer), run around the writes in this order: body checks,
 * references, role, before-hook, write, after-hooks. `served` are the entities of the same Lambda (its domain
 * module's): a delete removes the records that cascade with this one through their definitions.
 */
export function crudRouter(
  def: EntityDef,
  hooks: EntityHooks = {},
  sanitize?: HtmlSanitizer,
  served: readonly EntityDef[] = [def],
): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  // Roles that can never write this entity are refused before the body is read (`writeReach`).
  const mayEverWrite = (c: AppContext) => {
    if (writeReach(def, c.var.caller.role) === 'none') throw new HttpError(403, 'Your role does not allow this action');
  };
  // Roles the record type does not name as readers (`readReach`: a student, unless it says so) are refused its reads.
  const mayRead = (c: AppContext) => {
    if (!mayReadRecords(c.var.caller, def)) throw new HttpError(403, 'Your role does not allow this action');
  };
  // Personal records (Faculty Contribution): only those who read every member's see others'; the rest (faculty) see and
  // change only their own, others' are "not found".
  const onlyOwn = (c: AppContext) => Boolean(def.personal) && !may(c.var.caller, 'read-every-member');
  const own = <R extends Record<string, unknown>>(c: AppContext, rec: R): R => {
    if (onlyOwn(c) && rec[OWNER_FIELD] !== c.var.caller.sub) throw notFound(def.label);
    return rec;
  };
  r.get('/', async (c) => {
    mayRead(c);
    const { next, limit, ids, ...filters } = c.req.query();
    if (ids !== undefined) {
      const found = await recordsByIds(c.var.scope, def, idList(ids));
      return c.json({ data: onlyOwn(c) ? found.filter((x) => x[OWNER_FIELD] === c.var.caller.sub) : found, next: null });
    }
    // A faculty member's list is their own, whatever owner was asked for.
    if (onlyOwn(c)) filters[OWNER_FIELD] = c.var.caller.sub;
    const page = await listRecords(c.var.scope, def, filters, next || undefined, limit ? Number(limit) : PAGE_SIZE);
    return c.json(page);
  });
  r.post('/', async (c) => {
    mayEverWrite(c);
    const { scope, caller } = c.var;
    const v = cleanBody(def, await readJson(c), 'create', sanitize);
    const refs = await resolveReferences(scope, def, v.data);
    await assertCanWrite(scope, caller, def, refs, undefined, v.data);
    // A personal record belongs to whoever creates it (from the token, never from the body).
    if (def.personal) v.data[OWNER_FIELD] = caller.sub;
    await checkAttachedFiles(scope, def, v.data, [caller.sub]);
    await hooks.beforeCreate?.(scope, v.data, refs);
    const data = await createRecord(scope, def, v.data);
    await hooks.afterCreate?.(scope, data, refs);
    await hooks.afterSave?.(scope, data);
    return c.json({ message: MESSAGES.created, data }, 201);
  });
  r.get('/:id', async (c) => {
    mayRead(c);
    return c.json({ data: own(c, await getRecord(c.var.scope, def, idParam(c, def))) });
  });
  r.put('/:id', async (c) => {
    mayEverWrite(c);
    const { scope, caller } = c.var;
    const id = idParam(c, def);
    const v = cleanBody(def, await readJson(c), 'replace', sanitize);
    // The stored record: for ownership (faculty), for a before-replace hook, and so another campus's id is a 404
    // even when its references would not resolve here.
    const needOld = !def.writeRoles.includes(caller.role) || Boolean(hooks.beforeReplace) || Boolean(def.personal);
    const old = needOld ? own(c, await getRecord(scope, def, id)) : undefined;
    // A correction by an admin keeps the record its owner's.
    if (def.personal && old) v.data[OWNER_FIELD] = old[OWNER_FIELD];
    const refs = await resolveReferences(scope, def, v.data).catch(async (e) => {
      if (!old) await getRecord(scope, def, id);
      throw e;
    });
    await assertCanWrite(scope, caller, def, refs, def.writeRoles.includes(caller.role) ? undefined : old, v.data);
    // Files the saver or the record's owner uploaded, and those the record already holds (checked when attached).
    const owner = textOf(old?.[def.ownerField ?? OWNER_FIELD]);
    await checkAttachedFiles(scope, def, v.data, [caller.sub, ...(owner ? [owner] : []), ...uploadersOf(def, old)]);
    if (hooks.beforeReplace && old) await hooks.beforeReplace(scope, v.data, old, refs);
    const data = await replaceRecord(scope, def, id, v.version as number, v.data);
    await hooks.afterSave?.(scope, data);
    return c.json({ message: 'successfully updated', data });
  });
  r.delete('/:id', async (c) => {
    mayEverWrite(c);
    const { scope, caller } = c.var;
    const old = own(c, await getRecord(scope, def, idParam(c, def)));
    await assertCanWrite(scope, caller, def, undefined, old);
    const more = hooks.beforeDelete ? await hooks.beforeDelete(scope, old) : [];
    const cascades = await assertNotReferenced(scope, def, old, more, served);
    await deleteRecord(scope, def, old.id, old);
    for (const group of cascades)
      for (const child of group.records) await deleteRecord(scope, group.entity, child.id, child).catch(() => undefined);
    await hooks.afterDelete?.(scope, old);
    return c.json({ message: 'successfully deleted' });
  });
  return r;
}

/** The ids of a `?ids=a,b,c` list; each must look like a record id. @throws HttpError 400 */
function idList(raw: string): string[] {
  const ids = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.some((id) => !RECORD_ID.test(id))) throw new HttpError(400, 'The ids are not valid', { ids: 'Not valid' });
  return ids;
}
