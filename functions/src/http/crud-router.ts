import { type EntityDef, MESSAGES, validateBody } from '@attain/shared-types';
import { Hono } from 'hono';
import { HttpError, forbidden } from '../lib/errors.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { createRecord, deleteRecord, getRecord, listRecords, replaceRecord } from '../store/records.js';
import type { AppContext, AppEnv } from './context.js';
import { readJson } from './read-json.js';

/** Refuses writes by roles the entity does not allow. @throws HttpError 403 */
function assertCanWrite(c: AppContext, def: EntityDef): void {
  if (!def.writeRoles.includes(c.var.caller.role)) throw forbidden();
}

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
function idParam(c: AppContext, def: EntityDef): string {
  const id = c.req.param('id') ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new HttpError(404, `${def.label} not found`);
  return id;
}

/**
 * The generic CRUD router of one registry entity, mounted at the entity's spec path:
 * `GET /` list (query filters, `?next=` cursor), `POST /` create (201), `GET|PUT|DELETE /:id`.
 * Trailing slashes are accepted (the spec's tables use `base/` + id).
 */
export function crudRouter(def: EntityDef): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/', async (c) => {
    const { next, ...filters } = c.req.query();
    const page = await listRecords(c.var.caller, def, filters, next || undefined);
    return c.json(page);
  });
  r.post('/', async (c) => {
    assertCanWrite(c, def);
    const v = cleanBody(def, await readJson(c), 'create');
    const data = await createRecord(c.var.caller, def, v.data);
    return c.json({ message: MESSAGES.created, data }, 201);
  });
  r.get('/:id', async (c) => c.json({ data: await getRecord(c.var.caller, def, idParam(c, def)) }));
  r.put('/:id', async (c) => {
    assertCanWrite(c, def);
    const id = idParam(c, def);
    const v = cleanBody(def, await readJson(c), 'replace');
    const data = await replaceRecord(c.var.caller, def, id, v.version as number, v.data);
    return c.json({ message: 'successfully updated', data });
  });
  r.delete('/:id', async (c) => {
    assertCanWrite(c, def);
    await deleteRecord(c.var.caller, def, idParam(c, def));
    return c.json({ message: 'successfully deleted' });
  });
  return r;
}
