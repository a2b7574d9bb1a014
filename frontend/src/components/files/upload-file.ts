import {
  type StoredFile,
  UPLOAD_RULES,
  type UploadPurpose,
  confirmUploadRoute,
  fileLinkRoute,
  fileSize,
  isOneOf,
  openUploadRoute,
  parseUploadKey,
} from '@attain/shared-types';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';

/**
 * Uploads one file for `purpose`: asks for a presigned POST, sends the file straight to S3, then asks the server to
 * check it (size, type by its bytes). A file the browser can already tell is wrong (size, type) is refused before
 * anything is sent; the server checks again whatever the browser says.
 * @returns the checked file, as records store it
 * @throws ApiError with the reason people read (too large, wrong type, upload failed)
 */
export async function uploadFile(file: File, purpose: UploadPurpose): Promise<StoredFile> {
  const rule = UPLOAD_RULES[purpose];
  if (file.size > rule.maxBytes) throw new ApiError(400, `"${file.name}" is ${fileSize(file.size)}; choose ${rule.says}`);
  if (!isOneOf(rule.types, file.type)) throw new ApiError(400, `"${file.name}" is not ${rule.says}`);
  const ticket = await call(openUploadRoute, { body: { purpose, file_name: file.name, content_type: file.type, size: file.size } });
  await sendToStorage(ticket.data.upload, file, file.name);
  return (await call(confirmUploadRoute, { params: { file: ticket.data.id } }, { quiet: true })).data;
}

/**
 * Sends a file straight to S3 through a presigned POST (its form `fields` first, then the file), as every upload of
 * the app does (photos, attachments, large marks files).
 * @throws ApiError when storage refuses it or cannot be reached
 */
export async function sendToStorage(upload: { url: string; fields: Record<string, string> }, file: Blob, fileName: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', file, fileName);
  const sent = await fetch(upload.url, { method: 'POST', body: form }).catch(() => undefined);
  if (!sent?.ok) throw new ApiError(sent?.status ?? 0, 'The file could not be sent to storage; try again');
}

/**
 * A short-lived link (5 minutes) to a stored file, by its key.
 * @throws ApiError 404 when the file is not one the signed-in user may read
 */
export async function fileLink(key: string): Promise<string> {
  const id = parseUploadKey(key)?.id;
  if (!id) throw new ApiError(404, 'File not found');
  return (await call(fileLinkRoute, { params: { file: id } }, { quiet: true })).data.url;
}
