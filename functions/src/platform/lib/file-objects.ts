import { create as contentDisposition } from 'content-disposition';
import { s3Client } from './aws.js';
import { config } from './config.js';

/**
 * The files bucket's objects as the API handles them: browsers upload straight to S3 through a presigned POST, and
 * the server deletes what it refuses. Shared by marks imports (`imports/`) and photos and attachments (`files/`).
 * The S3 SDK loads on first use (see `s3Client`).
 */

/** Where and how a browser sends one file: POST `url` with the form `fields` first, then `file`. */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/**
 * A presigned POST for exactly `key` in the files bucket: at most `maxBytes` (S3's content-length-range), with
 * `contentType` as its Content-Type, valid for `seconds`. The policy is S3's first check only: the local emulator
 * ignores it, so the server checks the object again before using it.
 */
export async function presignUpload(key: string, maxBytes: number, contentType: string, seconds: number): Promise<PresignedUpload> {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  return createPresignedPost(await s3Client(), {
    Bucket: config().filesBucket,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: seconds,
  });
}

/** Deletes an object of `bucket` (the files bucket by default), quietly: a missing object is fine. */
export async function deleteFileObject(key: string, bucket = config().filesBucket): Promise<void> {
  const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  await (await s3Client()).send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
}

/**
 * The `Content-Disposition` of every download (CV, report, SAR, attachment; the API's own answers and S3's presigned
 * GETs through `ResponseContentDisposition`): `attachment; filename="<ASCII name>"`, plus
 * `filename*=UTF-8''<percent-encoded name>` (RFC 6266 / RFC 8187, formerly 5987) when the name has more than
 * printable ASCII, so browsers save it under its own letters (`प्रमाणपत्र.pdf`, `résumé.pdf`). The ASCII fallback keeps
 * Latin letters without their accents and writes other characters as `_`. Written by the `content-disposition`
 * package; the header itself is ASCII only, so any server (S3, the local emulator) can send it as it is.
 */
export function attachment(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return contentDisposition(name, { type: 'attachment', fallback: ascii });
}
