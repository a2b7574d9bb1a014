import { MAX_IMPORT_BYTES, importStakeholdersRoute } from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { importStakeholders } from './stakeholder-import.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `POST /api/stakeholder/import?curriculum=<id>` (`importStakeholdersRoute`): the CSV text as the body (columns
 * `group`, `first_name`, `last_name`, `email`, `contact_number`); admins only. Answers `{ message, data }`; 400 with
 * `errors.rows` when any row is wrong (nothing written); 413 over `MAX_IMPORT_BYTES`.
 */
export const STAKEHOLDER_IMPORT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(importStakeholdersRoute, async (c, { query, body: text }) => {
    if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
    if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB`);
    const data = await importStakeholders(c.var.scope, query.curriculum || undefined, text);
    return { message: `Loaded ${data.rows} rows: ${data.created} created, ${data.updated} updated`, data };
  }),
];
