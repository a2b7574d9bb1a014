import {
  EVENT_LEVELS,
  MAX_PUBLICATION_IMPORT_BYTES,
  MESSAGES,
  RECORD_ID,
  profile,
  researchPublication,
  isOneOf,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { importPublications } from './publications/publication-import.js';
import { HttpError, forbidden } from '../../platform/lib/errors.js';
import { findRecord } from '../../platform/store/records.js';
import type { AppContext, AppEnv } from '../../platform/http/context.js';

/**
 * Whose publications an import reads and writes, following the CRUD router's rule for personal records: a faculty
 * member's own (a `?faculty=` naming someone else is ignored); a campus admin's own, or the member named by
 * `?faculty=<user id>`, who must have a profile in the campus.
 * @throws HttpError 400 `{ faculty }` when an admin names no member of the campus
 */
async function ownerOf(c: AppContext, asked: string | undefined): Promise<string> {
  const { caller, scope } = c.var;
  if (caller.role !== 'admin' || !asked || asked === caller.sub) return caller.sub;
  if (!RECORD_ID.test(asked) || !(await findRecord(scope, profile, asked)))
    throw new HttpError(400, 'No member of this campus has that user id', { faculty: 'Not found' });
  return asked;
}

/**
 * `POST /api/Research-Publication/import[?dry_run=1][&level_status=National][&faculty=<user id>]`: loads a BibTeX
 * or RIS file, sent as the body (text, up to `MAX_PUBLICATION_IMPORT_BYTES`), into the caller's research
 * publications (see `importPublications`, and `PUBLICATION_IMPORT_PATH` in shared-types for the contract). `dry_run=1` (or `true`)
 * answers the preview and writes nothing. `level_status` is the level given to new publications (International
 * when not given). Faculty and campus admins only.
 * Answers 200 `{ message, data: PublicationImportResult }`.
 * @throws HttpError 403 for other roles; 400 for a multipart body, a bad `level_status` or `faculty`, or a file that
 * cannot be read (`errors.fields.file`); 413 for a file over the limit; 409 when a matched record changed meanwhile
 */
export function publicationImportRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.post('/', async (c) => {
    const { caller, scope } = c.var;
    if (!isOneOf(researchPublication.writeRoles, caller.role)) throw forbidden();
    const q = c.req.query();
    const level = q.level_status || 'International';
    if (!isOneOf(EVENT_LEVELS, level))
      throw new HttpError(400, `The level must be one of ${EVENT_LEVELS.join(', ')}`, { level_status: MESSAGES.choice });
    if (/^multipart\//i.test(c.req.header('content-type') ?? ''))
      throw new HttpError(400, "Send the file's text as the body (Content-Type: text/plain), not as a form upload", { file: 'Not valid' });
    const text = await c.req.text();
    if (Buffer.byteLength(text) > MAX_PUBLICATION_IMPORT_BYTES)
      throw new HttpError(413, `The file is larger than ${MAX_PUBLICATION_IMPORT_BYTES / 1024} KB`, { file: 'Too Long!' });
    const owner = await ownerOf(c, q.faculty);
    const dryRun = q.dry_run === '1' || q.dry_run === 'true';
    const data = await importPublications(scope, text, { owner, level, dryRun });
    const { counts } = data;
    const tally = `${counts.new} new, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.skipped} skipped`;
    const message = dryRun
      ? `${data.entries.length} entries read: ${tally}; nothing written yet`
      : `Imported ${counts.new + counts.updated} of ${data.entries.length} entries: ${tally}`;
    return c.json({ message, data });
  });
  return r;
}
