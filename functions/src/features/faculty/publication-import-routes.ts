import {
  EVENT_LEVELS,
  MAX_PUBLICATION_IMPORT_BYTES,
  MESSAGES,
  RECORD_ID,
  profile,
  publicationImportRoute,
  isOneOf,
  may,
} from '@attain/shared-types';
import { importPublications } from './publications/publication-import.js';
import { HttpError } from '../../platform/lib/errors.js';
import { findRecord } from '../../platform/store/records.js';
import type { AppContext } from '../../platform/http/context.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * Whose publications an import reads and writes, following the CRUD router's rule for personal records: a faculty
 * member's own (a `?faculty=` naming someone else is ignored); a campus admin's own, or the member named by
 * `?faculty=<user id>`, who must have a profile in the campus.
 * @throws HttpError 400 `{ faculty }` when an admin names no member of the campus
 */
async function ownerOf(c: AppContext, asked: string | undefined): Promise<string> {
  const { caller, scope } = c.var;
  if (!may(caller, 'administer-campus') || !asked || asked === caller.sub) return caller.sub;
  if (!RECORD_ID.test(asked) || !(await findRecord(scope, profile, asked)))
    throw new HttpError(400, 'No member of this campus has that user id', { faculty: 'Not found' });
  return asked;
}

/**
 * `POST /api/Research-Publication/import[?dry_run=1][&level_status=National][&faculty=<user id>]` (contract
 * `publicationImportRoute`): loads a BibTeX or RIS file, sent as the body (text, up to
 * `MAX_PUBLICATION_IMPORT_BYTES`), into the caller's research publications (see `importPublications`). Answers
 * `{ message, data: PublicationImportResult }`.
 * @throws HttpError 400 for a multipart body, a bad `faculty`, or a file that cannot be read (`errors.fields.file`);
 * 413 for a file over the limit; 409 when a matched record changed meanwhile
 */
export const PUBLICATION_IMPORT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(publicationImportRoute, async (c, { query: q, body: text }) => {
    const { scope } = c.var;
    const level = q.level_status || 'International';
    if (!isOneOf(EVENT_LEVELS, level))
      throw new HttpError(400, `The level must be one of ${EVENT_LEVELS.join(', ')}`, { level_status: MESSAGES.choice });
    if (/^multipart\//i.test(c.req.header('content-type') ?? ''))
      throw new HttpError(400, "Send the file's text as the body (Content-Type: text/plain), not as a form upload", { file: 'Not valid' });
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
    return { message, data };
  }),
];
