import { type FileLink, type ItemResponse, type StoredFile, UPLOAD_AUDIT_KIND, type UploadTicket } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { appendAudit } from '../../platform/store/audit-store.js';
import { confirmUpload, openUpload, uploadLink } from './uploads.js';
import type { AppEnv } from '../../platform/http/context.js';
import { readJson } from '../../platform/http/read-json.js';

/**
 * Photos and attachments (any signed-in member, for their own files; campus admins also read the campus's):
 * - `POST /api/files/upload-url { purpose, file_name, content_type, size }` -> `UploadTicket` (presigned POST);
 * - `POST /api/files/{id}/confirm` -> the checked `StoredFile` (audited as `upload`), or 400 (and the object deleted) when it is too large
 *   or not an allowed type by its bytes;
 * - `GET /api/files/{id}/url` -> `FileLink`, a presigned GET valid for 5 minutes.
 * Another campus's or another member's upload answers 404.
 */
export function fileRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.post('/upload-url', async (c) => {
    const data: UploadTicket = await openUpload(c.var.scope, c.var.caller, await readJson(c));
    return c.json({ data } satisfies ItemResponse<UploadTicket>, 201);
  });
  r.post('/:id/confirm', async (c) => {
    const id = c.req.param('id');
    const data: StoredFile = await confirmUpload(c.var.scope, c.var.caller, id);
    await appendAudit(c.var.scope, {
      action: 'create',
      entity: UPLOAD_AUDIT_KIND,
      record_id: id,
      record_label: data.name,
      changes: [
        { field: 'name', label: 'File', new: data.name },
        { field: 'size', label: 'Size (bytes)', new: data.size },
      ],
    });
    return c.json({ message: 'File received', data });
  });
  r.get('/:id/url', async (c) => {
    const data: FileLink = await uploadLink(c.var.scope, c.var.caller, c.req.param('id'));
    return c.json({ data } satisfies ItemResponse<FileLink>);
  });
  return r;
}
