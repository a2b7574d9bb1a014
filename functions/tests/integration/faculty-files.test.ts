import { type UploadTicket, sponsoredProject } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, signedIn } from '../support/client.js';
import { fixtures } from '../support/fixtures.js';
import { htmlPage, pdfDocument, pngImage } from '../support/sample-files.js';
import { sendUpload as send, upload } from '../support/uploads.js';

/**
 * Photos and attachments (issue 12): uploaded straight to S3 through a presigned POST, then checked by the server
 * (size, type by magic bytes, campus prefix) before any record may name them; refused files are deleted.
 */
const base = inject('stackUrl');
const users = inject('users');
type Api = ReturnType<typeof client>;
let admin: Api;
let asha: Api;
let vikram: Api;
let other: Api;

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  asha = await signedIn(base, users.demoFaculty);
  vikram = await signedIn(base, users.demoFaculty2);
  other = await signedIn(base, users.otherAdmin);
});

describe('profile photo', () => {
  it('is uploaded, confirmed by its bytes, stored on the profile and shown through a short-lived link', async () => {
    const png = pngImage(8, 8);
    const file = await upload(asha, 'photo', 'asha.png', 'image/png', png);
    expect(file).toMatchObject({ name: 'asha.png', size: png.length, content_type: 'image/png' });
    const saved = await asha.patch('/api/auth/profile', { image: file.key });
    expect(saved.status).toBe(200);
    expect(saved.body.data.image).toBe(file.key);

    const id = file.key.split('/').pop();
    const link = await asha.get(`/api/files/${id}/url`);
    expect(link.status).toBe(200);
    const got = await fetch(link.body.data.url);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);
    // The admin of the campus may see it (reading the member from Manage User); another member or campus may not.
    expect((await admin.get(`/api/files/${id}/url`)).status).toBe(200);
    expect((await vikram.get(`/api/files/${id}/url`)).status).toBe(404);
    expect((await other.get(`/api/files/${id}/url`)).status).toBe(404);
    // The upload is in the audit trail, as every write is.
    const audit = await admin.get(`/api/audit/history/upload/${id}`);
    expect(audit.body.data?.[0]).toMatchObject({ action: 'create', user: users.demoFaculty.email, record_label: 'asha.png' });
  });

  it('refuses a renamed HTML file and deletes it', async () => {
    const ticket = await send(asha, 'photo', 'photo.png', 'image/png', htmlPage());
    const res = await asha.post(`/api/files/${ticket.id}/confirm`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors.detail).toMatch(/JPEG, PNG or WebP/);
    // Gone from storage, and no record may name it.
    expect((await asha.get(`/api/files/${ticket.id}/url`)).status).toBe(404);
    expect((await asha.patch('/api/auth/profile', { image: ticket.key })).status).toBe(400);
  });

  it('refuses a 3 MB image (the server checks what the upload policy would), before and after it is sent', async () => {
    const big = Buffer.concat([pngImage(), Buffer.alloc(3 * 1024 * 1024)]);
    const early = await asha.post('/api/files/upload-url', {
      purpose: 'photo',
      file_name: 'big.png',
      content_type: 'image/png',
      size: big.length,
    });
    expect(early.status).toBe(400);
    expect(early.body.errors.fields.size).toMatch(/3\.0 MB/);
    // A browser that claims a small size: the local S3 emulator ignores the policy, the server does not.
    const t = await asha.post('/api/files/upload-url', { purpose: 'photo', file_name: 'big.png', content_type: 'image/png', size: 1000 });
    const ticket = t.body.data as UploadTicket;
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.upload.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
    await fetch(ticket.upload.url, { method: 'POST', body: form });
    const res = await asha.post(`/api/files/${ticket.id}/confirm`, {});
    expect(res.status).toBe(400);
    expect(res.body.errors.detail).toMatch(/3\.0 MB; choose a JPEG, PNG or WebP image of at most 2 MB/);
  });

  it("refuses a key of another campus, another member's upload and an unconfirmed one", async () => {
    const theirs = await upload(other, 'photo', 'x.png', 'image/png', pngImage());
    const [, , sub, id] = theirs.key.split('/');
    const res = await asha.patch('/api/auth/profile', { image: `files/other/${sub}/${id}` });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields.image).toBe('Not a file uploaded here');
    // The same upload id under this campus's prefix names nothing here either.
    const ashaSub = (await asha.get('/api/auth/profile')).body.data.id;
    expect((await asha.patch('/api/auth/profile', { image: `files/demo/${ashaSub}/${id}` })).status).toBe(400);
    expect((await asha.post(`/api/files/${id}/confirm`, {})).status).toBe(404);
    const vikramsPhoto = await upload(vikram, 'photo', 'v.png', 'image/png', pngImage());
    expect((await asha.patch('/api/auth/profile', { image: vikramsPhoto.key })).body.errors.fields.image).toBe('Not a file uploaded here');
    const unconfirmed = await send(asha, 'photo', 'later.png', 'image/png', pngImage());
    expect((await asha.patch('/api/auth/profile', { image: unconfirmed.key })).body.errors.fields.image).toMatch(/upload the file again/);
  });
});

describe('attachments', () => {
  it('are listed on the record with the size and type the server found, downloadable by the owner and the admin', async () => {
    const fx = fixtures(admin);
    const pdf = await upload(asha, 'attachment', 'sanction-letter.pdf', 'application/pdf', pdfDocument());
    const scan = await upload(asha, 'attachment', 'scan.png', 'image/png', pngImage(16, 16));
    const body = { ...(await fx.body(sponsoredProject)), attachments: [{ ...pdf, name: 'renamed.pdf', size: 1 }, scan] };
    const created = await asha.post(sponsoredProject.path, body);
    expect(created.status).toBe(201);
    expect(created.body.data.attachments).toEqual([{ ...pdf }, scan]);

    const id = pdf.key.split('/').pop();
    const link = await admin.get(`/api/files/${id}/url`);
    const got = await fetch(link.body.data.url);
    expect(got.headers.get('content-disposition')).toContain('sanction-letter.pdf');
    expect((await got.text()).startsWith('%PDF-')).toBe(true);
  });

  it('refuses a photo where evidence is asked, a file of another purpose, and more than allowed', async () => {
    const fx = fixtures(admin);
    const photo = await upload(asha, 'photo', 'me.png', 'image/png', pngImage());
    const res = await asha.post(sponsoredProject.path, { ...(await fx.body(sponsoredProject)), attachments: [{ ...photo }] });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields.attachments).toBe('Not an attachment');
    const wrongType = await asha.post('/api/files/upload-url', {
      purpose: 'attachment',
      file_name: 'a.html',
      content_type: 'text/html',
      size: 10,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.fields.content_type).toMatch(/PDF, JPEG or PNG/);
  });
});
