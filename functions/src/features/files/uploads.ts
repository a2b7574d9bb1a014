import { randomUUID } from 'node:crypto';
import {
  type CampusScope,
  type Caller,
  type FileContentType,
  type FileLink,
  RECORD_ID,
  type StoredFile,
  UPLOAD_RULES,
  type UploadPurpose,
  type UploadRequest,
  type UploadTicket,
  fileSize,
  uploadKey,
  UPLOAD_PURPOSES,
  isOneOf,
  objectOrEmpty,
  textOf,
  may,
} from '@attain/shared-types';
import { s3Client } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { attachment, deleteFileObject, presignUpload } from '../../platform/lib/file-objects.js';
import { getDocument, overwriteDocument } from '../../platform/store/documents.js';
import { sniffFileType } from './sniff-type.js';
import type { UploadDoc } from '../../platform/store/attached-files.js';

/**
 * Photos and attachments (docs/decisions/0011-faculty-profile-photos-attachments.md): the browser asks for a presigned POST,
 * sends the file straight to S3 under `files/<campus>/<user>/<upload id>`, then asks the server to confirm it. The
 * server reads the object's size and first bytes (the S3 emulator ignores the POST policy, and a policy cannot see
 * content): a file that is too large or not of an allowed type by its magic bytes is deleted and refused. Only a
 * confirmed upload of the record's campus may be named by a record (`checkAttachedFiles`).
 */

/** How long a presigned POST and a presigned GET stay valid, in seconds. */
const UPLOAD_SECONDS = 600;
const LINK_SECONDS = 300;

/** Bytes read from the start of an object to find its type (a PDF header may come after up to 1,024 bytes). */
const SNIFF_BYTES = 1024;

/** How a type is named to people. */
const TYPE_NAMES: Readonly<Record<FileContentType, string>> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF document',
};

const PURPOSES: readonly UploadPurpose[] = UPLOAD_PURPOSES;

/** Keeps a file name people can recognise and a browser can send back: no paths, no control characters, <= 200. */
const cleanName = (name: string) =>
  name
    .replace(/^.*[\\/]/, '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200) || 'file';

/**
 * Opens an upload: records it as waiting and returns the presigned POST (10 minutes; content-length-range up to the
 * purpose's limit; the browser's Content-Type fixed).
 * @param body `UploadRequest` as sent (checked here)
 * @throws HttpError 400 for an unknown purpose, a missing name, a declared size or type the purpose does not allow
 */
export async function openUpload(scope: CampusScope, caller: Caller, body: unknown): Promise<UploadTicket> {
  const b: Partial<Record<keyof UploadRequest, unknown>> = objectOrEmpty(body);
  const purpose = b.purpose;
  if (!isOneOf(PURPOSES, purpose)) throw new HttpError(400, `Say what the file is for: ${PURPOSES.join(' or ')}`, { purpose: 'Required' });
  const rule = UPLOAD_RULES[purpose];
  const errors: Record<string, string> = {};
  if (typeof b.file_name !== 'string' || !b.file_name.trim()) errors.file_name = 'Required';
  if (!isOneOf(rule.types, b.content_type)) errors.content_type = `Must be ${rule.says}`;
  if (typeof b.size !== 'number' || !Number.isInteger(b.size) || b.size < 1) errors.size = 'Required';
  else if (b.size > rule.maxBytes) errors.size = `The file is ${fileSize(b.size)}; choose ${rule.says}`;
  if (Object.keys(errors).length) throw new HttpError(400, errors.size ?? errors.content_type ?? 'Choose a file to upload', errors);
  const id = randomUUID();
  const key = uploadKey(scope.campus, caller.sub, id);
  const doc: UploadDoc = {
    purpose,
    owner: caller.sub,
    key,
    name: cleanName(textOf(b.file_name)),
    status: 'waiting',
    created_by: scope.actor,
  };
  await overwriteDocument(scope, 'upload', id, { ...doc });
  const upload = await presignUpload(key, rule.maxBytes, textOf(b.content_type), UPLOAD_SECONDS);
  return { id, key, upload };
}

/** Reads an upload of the scope's campus that the caller may see (theirs; a campus admin: any). @throws HttpError 404 */
async function readUpload(scope: CampusScope, caller: Caller, id: string): Promise<UploadDoc> {
  const d = RECORD_ID.test(id) ? await getDocument(scope, 'upload', id) : undefined;
  if (!d || (!may(caller, 'administer-campus') && d.owner !== caller.sub)) throw new HttpError(404, 'File not found');
  return d;
}

/**
 * Confirms an uploaded file: it arrived, it is within the purpose's size, and its first bytes are one of the
 * purpose's types (by their magic bytes, `sniffFileType`, never from the name or the browser's claim). A refused file is
 * deleted from S3. A confirmed upload is `ready` and may then be named by records.
 * @returns the file as records store it
 * @throws HttpError 404 for an unknown upload or another's; 400 (file deleted) when it is missing, too large or of a
 *   type the purpose does not allow
 */
export async function confirmUpload(scope: CampusScope, caller: Caller, id: string): Promise<StoredFile> {
  const doc = await readUpload(scope, caller, id);
  const stored = (d: UploadDoc): StoredFile => ({
    key: d.key,
    name: d.name,
    size: d.size ?? 0,
    content_type: d.content_type as FileContentType,
  });
  if (doc.status === 'ready') return stored(doc);
  const rule = UPLOAD_RULES[doc.purpose];
  const { GetObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = await s3Client();
  const bucket = config().filesBucket;
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: doc.key })).catch(() => undefined);
  if (!head) throw new HttpError(400, 'The file did not arrive; upload it again', { file: 'Upload it again' });
  const size = head.ContentLength ?? 0;
  const refuse = async (message: string) => {
    await deleteFileObject(doc.key);
    throw new HttpError(400, message, { file: message });
  };
  if (size < 1) return refuse('The file is empty');
  if (size > rule.maxBytes) return refuse(`The file is ${fileSize(size)}; choose ${rule.says}`);
  // Only the first bytes are read: enough to know the type, never the whole file.
  const obj = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: doc.key, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
  const head4k = (await obj.Body?.transformToByteArray()) ?? new Uint8Array();
  const type = sniffFileType(head4k);
  if (!type || !rule.types.includes(type))
    return refuse(`"${doc.name}" is ${type ? `a ${TYPE_NAMES[type]}` : 'not a PDF, JPEG, PNG or WebP file'}; choose ${rule.says}`);
  const ready: UploadDoc = { ...doc, status: 'ready', size, content_type: type };
  await overwriteDocument(scope, 'upload', id, { ...ready });
  return stored(ready);
}

/**
 * A short-lived presigned GET (5 minutes) for a confirmed upload: inline for a photo, as a download named after the
 * file for an attachment.
 * @throws HttpError 404 for an unknown, unconfirmed or another's upload
 */
export async function uploadLink(scope: CampusScope, caller: Caller, id: string): Promise<FileLink> {
  const doc = await readUpload(scope, caller, id);
  if (doc.status !== 'ready') throw new HttpError(404, 'File not found');
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const disposition = doc.purpose === 'photo' ? 'inline' : attachment(doc.name);
  const url = await getSignedUrl(
    await s3Client(),
    new GetObjectCommand({
      Bucket: config().filesBucket,
      Key: doc.key,
      ResponseContentDisposition: disposition,
      ResponseContentType: doc.content_type,
    }),
    { expiresIn: LINK_SECONDS },
  );
  return { url, expires_in: LINK_SECONDS };
}
