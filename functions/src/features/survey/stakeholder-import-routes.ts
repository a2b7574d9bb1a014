import { MAX_IMPORT_BYTES } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { HttpError, forbidden } from '../../platform/lib/errors.js';
import { importStakeholders } from './stakeholder-import.js';
import type { AppEnv } from '../../platform/http/context.js';

/**
 * `POST /api/stakeholder/import?curriculum=<id>`: the CSV text as the body (columns `group`,
 * `first_name`, `last_name`, `email`, `contact_number`); admins only. Answers `{ message, data: ImportResult }`
 * (kind `stakeholders`); 400 with `errors.rows` when any row is wrong (nothing written); 413 over `MAX_IMPORT_BYTES`.
 */
export function stakeholderImportRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.post('/', async (c) => {
    if (c.var.caller.role !== 'admin') throw forbidden();
    const text = await c.req.text();
    if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
    if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB`);
    const data = await importStakeholders(c.var.scope, c.req.query('curriculum') || undefined, text);
    return c.json({ message: `Loaded ${data.rows} rows: ${data.created} created, ${data.updated} updated`, data });
  });
  return r;
}
