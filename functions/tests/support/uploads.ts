import type { StoredFile, UploadTicket } from '@attain/shared-types';
import { expect } from 'vitest';
import type { client } from './client.js';

type Api = ReturnType<typeof client>;

/** Asks for an upload and sends `bytes` to S3 as the browser would; returns the ticket (not yet confirmed). */
export async function sendUpload(
  who: Api,
  purpose: 'photo' | 'attachment',
  name: string,
  type: string,
  bytes: Buffer,
): Promise<UploadTicket> {
  const t = await who.post('/api/files/upload-url', { purpose, file_name: name, content_type: type, size: bytes.length });
  expect(t.status).toBe(201);
  const ticket = t.body.data as UploadTicket;
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(ticket.upload.url, { method: 'POST', body: form });
  expect(res.ok).toBe(true);
  return ticket;
}

/** Uploads and confirms a file; returns it as records store it. */
export async function upload(who: Api, purpose: 'photo' | 'attachment', name: string, type: string, bytes: Buffer): Promise<StoredFile> {
  const ticket = await sendUpload(who, purpose, name, type, bytes);
  const ok = await who.post(`/api/files/${ticket.id}/confirm`, {});
  expect(ok.status).toBe(200);
  return ok.body.data;
}
