import { UPLOAD_AUDIT_KIND, confirmUploadRoute, fileLinkRoute, openUploadRoute } from '@attain/shared-types';
import { appendAudit } from '../../platform/store/audit-store.js';
import { confirmUpload, openUpload, uploadLink } from './uploads.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * Photos and attachments (any signed-in member, for their own files; campus admins also read the campus's), as
 * `openUploadRoute`, `confirmUploadRoute` and `fileLinkRoute` declare them: open an upload (a presigned POST), confirm
 * it (checked by its bytes; audited as `upload`), and a presigned GET valid for 5 minutes. Another campus's or another
 * member's upload answers 404.
 */
export const FILE_ENDPOINTS: readonly Endpoint[] = [
  endpoint(openUploadRoute, async (c, { body }) => ({ data: await openUpload(c.var.scope, c.var.caller, body) })),
  endpoint(confirmUploadRoute, async (c, { params }) => {
    const id = params.file;
    const data = await confirmUpload(c.var.scope, c.var.caller, id);
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
    return { message: 'File received', data };
  }),
  endpoint(fileLinkRoute, async (c, { params }) => ({ data: await uploadLink(c.var.scope, c.var.caller, params.file) })),
];
