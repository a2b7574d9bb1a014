import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { facultyWorkload, researchPublication } from '@attain/shared-types';
import { strFromU8, unzipSync, unzlibSync } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { fixtures } from '../support/fixtures.js';

/**
 * The faculty CV (issue 12, item 7): `GET /api/faculty-cv` answers a member's profile and records as a DOCX or PDF
 * file; faculty get their own only, campus admins any member's, another campus nothing. With `CV_SAMPLE_DIR` set, the
 * files downloaded are also written there, to be looked at.
 */
const base = inject('stackUrl');
const users = inject('users');
let tokens: Record<'admin' | 'asha' | 'vikram' | 'other', string>;
let ashaId: string;
let asha: { first_name: string; last_name: string };
const title = `Outcome-based assessment at scale ${Date.now()}`;

/** Downloads a CV as `token`: status, headers and the body's bytes. */
async function download(token: string, query: string) {
  const res = await fetch(`${base}/api/faculty-cv${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));

/** The text of a PDF's content streams, inflated where they are Flate-compressed. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  let text = raw;
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index as number) + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      text += strFromU8(unzlibSync(bytes.subarray(start, end)), true);
    } catch {
      // Not compressed (or not Flate): already in `raw`.
    }
  }
  return text;
}

const sample = (name: string, bytes: Uint8Array) => {
  if (process.env.CV_SAMPLE_DIR) writeFileSync(join(process.env.CV_SAMPLE_DIR, name), bytes);
};

beforeAll(async () => {
  tokens = {
    admin: await login(base, users.demoAdmin.email, users.demoAdmin.password),
    asha: await login(base, users.demoFaculty.email, users.demoFaculty.password),
    vikram: await login(base, users.demoFaculty2.email, users.demoFaculty2.password),
    other: await login(base, users.otherAdmin.email, users.otherAdmin.password),
  };
  const api = client(base, tokens.asha);
  const me = (await api.get('/api/auth/profile')).body.data;
  ashaId = me.id;
  asha = me;
  const fx = fixtures(client(base, tokens.admin));
  const publication = await api.post(researchPublication.path, {
    ...(await fx.body(researchPublication)),
    paper_title: title,
    authors: 'A. Rao, V. Menon',
    journal_title: 'IEEE Transactions on Education',
    volume_no: '67',
    issue_no: '2',
    page_no: '101-112',
    publication_year: 2024,
  });
  expect(publication.status).toBe(201);
  expect((await api.post(facultyWorkload.path, await fx.body(facultyWorkload))).status).toBe(201);
});

describe('GET /api/faculty-cv', () => {
  it("gives a member their own CV as a Word document with their name and their publication's title", async () => {
    const res = await download(tokens.asha, '?format=docx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${asha.first_name}-${asha.last_name}-CV.docx`);
    expect(new TextDecoder().decode(res.bytes.subarray(0, 2))).toBe('PK');
    const xml = strFromU8(unzipSync(res.bytes)['word/document.xml']);
    expect(xml).toContain(title);
    expect(xml).toContain(`${asha.first_name} ${asha.last_name}`);
    expect(xml).toContain('Research publication');
    expect(xml).toContain('Faculty workload');
    sample('cv.docx', res.bytes);
    // Without a format it is a Word document too.
    expect((await download(tokens.asha, '')).headers.get('content-type')).toContain('wordprocessingml');
  });

  it('gives it as a PDF', async () => {
    const res = await download(tokens.asha, `?faculty=${ashaId}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${asha.first_name}-${asha.last_name}-CV.pdf`);
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.bytes);
    expect(text).toContain(`${asha.first_name} ${asha.last_name}`);
    expect(text).toContain('Research publication');
    sample('cv.pdf', res.bytes);
  });

  it("gives a campus admin any member's CV, and no one another member's or another campus's", async () => {
    const byAdmin = await download(tokens.admin, `?faculty=${ashaId}&format=docx`);
    expect(byAdmin.status).toBe(200);
    expect(strFromU8(unzipSync(byAdmin.bytes)['word/document.xml'])).toContain(title);

    for (const [token, query] of [
      [tokens.vikram, `?faculty=${ashaId}&format=docx`],
      [tokens.other, `?faculty=${ashaId}&format=pdf`],
      [tokens.admin, '?faculty=00000000-0000-4000-8000-000000000000'],
      [tokens.admin, `?faculty=${'x'.repeat(2000)}`],
    ] as const) {
      const res = await download(token, query);
      expect(res.status, query.slice(0, 60)).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(json(res.bytes).errors.detail).toBe('Faculty member not found');
    }
  });

  it('refuses a format other than docx or pdf with 400, naming the field', async () => {
    const res = await download(tokens.asha, '?format=odt');
    expect(res.status).toBe(400);
    expect(json(res.bytes).errors).toEqual({ detail: 'The CV can be downloaded as docx or pdf', fields: { format: 'Choose docx or pdf' } });
  });

  it('needs a signed-in user', async () => {
    const res = await fetch(`${base}/api/faculty-cv?format=pdf`);
    expect(res.status).toBe(401);
  });
});
