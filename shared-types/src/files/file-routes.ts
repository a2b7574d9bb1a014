import * as z from 'zod/mini';
import { defineRoute, item } from '../api/contract.js';

/** The API path of uploads (photos and attachments; served by the faculty domain). */
export const FILES_PATH = '/api/files';

/**
 * `POST /api/files/upload-url` `UploadRequest` (any signed-in member, for their own file): opens an upload and
 * answers 201 `UploadTicket`, a presigned POST. 400 for an unknown purpose (`Say what the file is for`), a missing
 * name, or a declared size or type the purpose does not allow (the rules of `UPLOAD_RULES`, checked by the purpose).
 */
export const openUploadRoute = defineRoute({
  method: 'POST',
  path: `${FILES_PATH}/upload-url`,
  domain: 'faculty',
  summary: 'Open an upload of a photo or attachment: a presigned POST to send the file to storage',
  description:
    '`purpose` (`photo` or `attachment`), `file_name`, `content_type` (the browser’s idea of the type) and `size` in ' +
    'bytes; the size and type are checked against the purpose’s rules.',
  body: z.looseObject({
    purpose: z.optional(z.unknown()),
    file_name: z.optional(z.unknown()),
    content_type: z.optional(z.unknown()),
    size: z.optional(z.unknown()),
  }),
  invalid: 'Choose a file to upload',
  answer: item('UploadTicket', 201),
  errors: [400, 401],
});

/**
 * `POST /api/files/{file}/confirm`: checks an uploaded file (size, type by its bytes) and answers the `StoredFile`
 * records keep (audited as an upload); 400 (and the object deleted) when it is too large or not an allowed type.
 * Another campus's or another member's upload is 404.
 */
export const confirmUploadRoute = defineRoute({
  method: 'POST',
  path: `${FILES_PATH}/{file}/confirm`,
  domain: 'faculty',
  summary: 'Check an uploaded file and keep it',
  answer: item('StoredFile'),
  errors: [400, 401, 404, 409],
});

/**
 * `GET /api/files/{file}/url`: a presigned GET valid for 5 minutes (`FileLink`), for the member's own file (campus admins:
 * any of the campus). Another campus's or another member's upload is 404.
 */
export const fileLinkRoute = defineRoute({
  method: 'GET',
  path: `${FILES_PATH}/{file}/url`,
  domain: 'faculty',
  summary: 'A short-lived link to a stored file',
  answer: item('FileLink'),
  errors: [401, 404],
});

/** Every upload route. */
export const FILE_ROUTES = [openUploadRoute, confirmUploadRoute, fileLinkRoute] as const;
