import { type EntityDef, MESSAGES, PAGE_SIZE, validateBody } from '@attain/shared-types';
import { Hono } from 'hono';
import { ENTITY_HOOKS } from '../domain/entity-hooks.js';
import { HttpError } from '../lib/errors.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { createRecord, deleteRecord, getRecord, listRecords, replaceRecord } from '../store/records.js';
import { assertCanWrite, assertNotReferenced, resolveReferences } from '../store/references.js';
import type { AppContext, AppEnv } from './context.js';
import { pathId } from './path-id.js';
import { readJson } from './read-json.js';

/** Validates a body and sanitizes its rich-text fields. @throws HttpError 400 with per-field messages */
export function cleanBody(def: EntityDef, body: unknown, mode: 'create' | 'replace' | 'patch') {
  const v = validateBody(def, body, mode);
  if (!v.ok) throw new HttpError(400, v.detail, v.fields);
  for (const fd of def.fields) {
    if (fd.kind === 'html' && typeof v.data[fd.name] === 'string') v.data[fd.name] = sanitizeHtml(v.data[fd.name] as string);
  }
  return v;
}

/** Record ids are UUIDs (or the campus id for singletons); anything else cannot exist, so it is a 404. */
const idParam = (c: AppContext, def: EntityDef) => pathId(c, 'id', def.label);

/**
 * The generic CRUD router of one registry entity, mounted at the entity's spec path:
 * `GET /` list (query filters, `?next=` cursor), `POST /` create (201), `GET|PUT|DELETE /:id`.
 * Trailing slashes are accepted (the spec's tables use `base/` + id).
 */
export function crudRouter(def: EntityDef): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  const hooks = ENTITY_HOOKS[def.name] ?? {};
  // Roles that can never write this entity are refused before the body is read.
  const mayEverWrite = (c: AppContext) => {
    const role = c.var.caller.role;
    if (!def.writeRoles.includes(role) && !(role === 'faculty' && def.ownedVia)) throw new HttpError(403, 'Your role does not allow this action');
  };
  r.get('/', async (c) => {
    const { next, limit, ...filters } = c.req.query();
    const page = await listRecords(c.var.caller, def, filters, next || undefined, limit ? Number(limit) : PAGE_SIZE);
    return c.json(page);
  });
  r.post('/', async (c) => {
    mayEverWrite(c);
    const caller = c.var.caller;
    const v = cleanBody(def, await readJson(c), 'create');
    const refs = await resolveReferences(caller, def, v.data);
    await assertCanWrite(caller, def, refs);
    await hooks.beforeCreate?.(caller, v.data, refs);
    const data = await createRecord(caller, def, v.data);
    await hooks.afterCreate?.(caller, data, refs);
    await hooks.afterSave?.(caller, data);
    return c.json({ message: MESSAGES.created, data }, 201);
  });
  r.get('/:id', async (c) => c.json({ data: await getRecord(c.var.caller, def, idParam(c, def)) }));
  r.put('/:id', async (c) => {
    mayEverWrite(c);
    const caller = c.var.caller;
    const id = idParam(c, def);
    const v = cleanBody(def, await readJson(c), 'replace');
    const old = def.writeRoles.includes(caller.role) ? undefined : await getRecord(caller, def, id);
    // A record of another campus is a 404 even when its references would not resolve here.
    const refs = await resolveReferences(caller, def, v.data).catch(async (e) => {
      if (!old) await getRecord(caller, def, id);
      throw e;
    });
    await assertCanWrite(caller, def, refs, old);
    const data = await replaceRecord(caller, def, id, v.version as number, v.data);
    await hooks.afterSave?.(caller, data);
    return c.json({ message: 'successfully updated', data });
  });
  r.delete('/:id', async (c) => {
    mayEverWrite(c);
    const caller = c.var.caller;
    const old = await getRecord(caller, def, idParam(c, def));
    await assertCanWrite(caller, def, undefined, old);
    const cascades = await assertNotReferenced(caller, def, old, hooks.deleteChecks?.(caller, old));
    await deleteRecord(caller, def, old.id);
    for (const group of cascades) for (const child of group.records) await deleteRecord(caller, group.entity, child.id).catch(() => undefined);
    await hooks.afterDelete?.(caller, old);
    return c.json({ message: 'successfully deleted' });
  });
  return r;
}
