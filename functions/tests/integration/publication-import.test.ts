import { request } from 'node:http';
import { MAX_PUBLICATION_IMPORT_BYTES, PUBLICATION_IMPORT_PATH, researchPublication } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PRINCE_RIS, THREE_PAPERS_BIBTEX } from '../support/bibliography.js';
import { client, login } from '../support/client.js';

/**
 * Importing research publications from BibTeX and RIS (issue 12, item 5): the preview lists new, updated and
 * unchanged entries and writes nothing; an import matches the member's own publications by DOI, else title and
 * year, so importing a file again duplicates nothing; each member's import is their own.
 */
const base = inject('stackUrl');
const users = inject('users');
type Api = ReturnType<typeof client>;
let tokens: Record<'admin' | 'asha' | 'vikram', string>;
let asha: Api;
let vikram: Api;
let ashaId: string;
let vikramId: string;

/** Sends a file's text (or bytes) to the import route. */
async function upload(token: string, body: string | Uint8Array, query = '', contentType = 'text/plain; charset=utf-8') {
  const res = await fetch(`${base}${PUBLICATION_IMPORT_PATH}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: body as BodyInit,
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
}

/**
 * The status answered to a body over the limit. Through node:http, not fetch: the server answers 413 before it has
 * read the body and closes the connection, which fetch reports as a failed request rather than the answer.
 */
function oversizeStatus(token: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${PUBLICATION_IMPORT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain', 'content-length': bytes },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    // Writing the rest after the answer may fail (the server closed the connection): the answer is what counts.
    req.on('error', (e) => setTimeout(() => reject(e), 1000));
    req.end(`@misc{x, note = {${'x'.repeat(bytes - 19)}}}`);
  });
}

/** The member's own publications (a faculty member's list is always their own). */
const publications = async (c: Api): Promise<Record<string, any>[]> => (await c.get(`${researchPublication.path}?limit=1000`)).body.data;

beforeAll(async () => {
  tokens = {
    admin: await login(base, users.demoAdmin.email, users.demoAdmin.password),
    asha: await login(base, users.demoFaculty.email, users.demoFaculty.password),
    vikram: await login(base, users.demoFaculty2.email, users.demoFaculty2.password),
  };
  asha = client(base, tokens.asha);
  vikram = client(base, tokens.vikram);
  ashaId = (await asha.get('/api/auth/profile')).body.data.id;
  vikramId = (await vikram.get('/api/auth/profile')).body.data.id;
  // Each member starts with no publications, whatever other test files left.
  for (const c of [asha, vikram])
    for (const p of await publications(c)) expect((await c.del(`${researchPublication.path}/${p.id}`)).status).toBe(200);
});

describe('importing publications from BibTeX and RIS', () => {
  it('previews 3 new entries without writing, imports them, and a second import gives 3 unchanged and no duplicates', async () => {
    const preview = await upload(tokens.asha, THREE_PAPERS_BIBTEX, '?dry_run=1');
    expect(preview.status).toBe(200);
    expect(preview.body.message).toBe('3 entries read: 3 new, 0 updated, 0 unchanged, 0 skipped; nothing written yet');
    expect(preview.body.data).toMatchObject({
      format: 'bibtex',
      dry_run: true,
      faculty: ashaId,
      counts: { new: 3, updated: 0, unchanged: 0, skipped: 0 },
    });
    expect(preview.body.data.entries.map((e: any) => [e.status, e.title, e.year, e.doi])).toEqual([
      ['new', 'Does Active Learning Work? A Review of the Research', 2004, '10.1002/j.2168-9830.2004.tb00809.x'],
      ['new', 'Active learning increases student performance in science, engineering, and mathematics', 2014, '10.1073/pnas.1319030111'],
      ['new', 'The CDIO Syllabus v2.0: An Updated Statement of Goals for Engineering Education', 2011, undefined],
    ]);
    expect(await publications(asha)).toEqual([]);

    const imported = await upload(tokens.asha, THREE_PAPERS_BIBTEX);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ dry_run: false, counts: { new: 3, updated: 0, unchanged: 0, skipped: 0 } });
    const ids = imported.body.data.entries.map((e: any) => e.id);
    const stored = await publications(asha);
    expect(stored.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(stored.find((p) => p.id === ids[0])).toMatchObject({
      faculty: ashaId,
      created_by: users.demoFaculty.email,
      paper_title: 'Does Active Learning Work? A Review of the Research',
      type: 'Journal',
      journal_title: 'Journal of Engineering Education',
      status: 'Published',
      level_status: 'International',
      page_no: '223-231',
      direct_object_identifier: '10.1002/j.2168-9830.2004.tb00809.x',
      version: 1,
    });
    expect(stored.find((p) => p.id === ids[2])).toMatchObject({ type: 'Conference', publication_year: 2011 });

    const again = await upload(tokens.asha, THREE_PAPERS_BIBTEX);
    expect(again.status).toBe(200);
    expect(again.body.data.counts).toEqual({ new: 0, updated: 0, unchanged: 3, skipped: 0 });
    expect(again.body.data.entries.map((e: any) => e.id)).toEqual(ids);
    const after = await publications(asha);
    expect(after).toHaveLength(3);
    expect(after.every((p) => p.version === 1)).toBe(true);
  });

  it('updates only the entry whose title changed in the file (matched by its DOI)', async () => {
    const retitled = THREE_PAPERS_BIBTEX.replace(
      'Does Active Learning Work? {A} Review of the Research',
      'Does Active Learning Work? A Research Review',
    );
    const preview = await upload(tokens.asha, retitled, '?dry_run=1');
    expect(preview.body.data.counts).toEqual({ new: 0, updated: 1, unchanged: 2, skipped: 0 });
    expect(preview.body.data.entries[0]).toMatchObject({ status: 'updated', changed_fields: ['paper_title'] });
    const done = await upload(tokens.asha, retitled);
    expect(done.body.data.counts).toEqual({ new: 0, updated: 1, unchanged: 2, skipped: 0 });
    const stored = await publications(asha);
    expect(stored).toHaveLength(3);
    expect(stored.find((p) => p.id === preview.body.data.entries[0].id)).toMatchObject({
      paper_title: 'Does Active Learning Work? A Research Review',
      version: 2,
      updated_by: users.demoFaculty.email,
    });
  });

  it('matches a RIS record to the BibTeX import by DOI (another case, behind a resolver): updated, never new', async () => {
    const prince = (await publications(asha)).find((p) => p.direct_object_identifier === '10.1002/j.2168-9830.2004.tb00809.x');
    const preview = await upload(tokens.asha, PRINCE_RIS, '?dry_run=1');
    expect(preview.status).toBe(200);
    expect(preview.body.data.format).toBe('ris');
    expect(preview.body.data.entries).toEqual([
      expect.objectContaining({
        status: 'updated',
        id: prince?.id,
        changed_fields: ['paper_title'],
        doi: '10.1002/J.2168-9830.2004.TB00809.X',
      }),
    ]);
    expect((await upload(tokens.asha, PRINCE_RIS)).body.data.counts).toMatchObject({ updated: 1, new: 0 });
    expect((await upload(tokens.asha, PRINCE_RIS, '?dry_run=1')).body.data.counts).toMatchObject({ unchanged: 1, new: 0 });
    const stored = await publications(asha);
    expect(stored).toHaveLength(3);
    // What the RIS record does not give (publisher, index terms) stays as the BibTeX import wrote it.
    expect(stored.find((p) => p.id === prince?.id)).toMatchObject({
      paper_title: 'Does Active Learning Work? A Review of the Research',
      publisher: 'Wiley',
      direct_object_identifier: '10.1002/j.2168-9830.2004.tb00809.x',
    });
  });

  it('gives another member importing the same file their own 3 publications; an admin imports for a member with ?faculty=', async () => {
    const theirs = await upload(tokens.vikram, THREE_PAPERS_BIBTEX);
    expect(theirs.body.data).toMatchObject({ faculty: vikramId, counts: { new: 3, unchanged: 0 } });
    expect(await publications(vikram)).toHaveLength(3);
    expect(await publications(asha)).toHaveLength(3);
    // A faculty member naming someone else still imports into their own publications.
    expect((await upload(tokens.vikram, THREE_PAPERS_BIBTEX, `?dry_run=1&faculty=${ashaId}`)).body.data).toMatchObject({
      faculty: vikramId,
      counts: { unchanged: 3 },
    });
    // The admin previews against Asha's publications, and names no member with an unknown id.
    expect((await upload(tokens.admin, THREE_PAPERS_BIBTEX, `?dry_run=1&faculty=${ashaId}`)).body.data).toMatchObject({
      faculty: ashaId,
      counts: { unchanged: 3 },
    });
    const unknown = await upload(tokens.admin, THREE_PAPERS_BIBTEX, '?dry_run=1&faculty=no-such-member');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.fields).toEqual({ faculty: 'Not found' });
  });

  it('refuses an empty, unreadable or oversized file and bad options with 400 or 413, never 500, and writes nothing', async () => {
    // Bytes that are no text at all: a PNG header, then every byte value.
    const garbage = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 256 }, (_, i) => i)]);
    const refused = await upload(tokens.asha, garbage, '', 'application/octet-stream');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ detail: expect.any(String), fields: { file: 'Not BibTeX or RIS' } });
    for (const [body, query, status, fields] of [
      ['', '', 400, { file: 'Required' }],
      ['@article{x, title = {never closed', '', 400, { file: 'Not readable' }],
      ['TY  - JOUR', '?level_status=Galactic', 400, { level_status: 'Not one of the allowed choices' }],
    ] as const) {
      const res = await upload(tokens.asha, body, query);
      expect(res.status, body.slice(0, 40)).toBe(status);
      if (fields) expect(res.body.errors.fields).toEqual(fields);
    }
    expect((await upload(tokens.asha, THREE_PAPERS_BIBTEX, '', 'multipart/form-data; boundary=x')).status).toBe(400);
    expect(await oversizeStatus(tokens.asha, MAX_PUBLICATION_IMPORT_BYTES + 1024)).toBe(413);
    // Random bytes (a fixed seed): read and skipped, or refused; never a 500.
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    for (let n = 0; n < 20; n++) {
      const bytes = new Uint8Array(Array.from({ length: 2000 }, next));
      bytes.set([0x40, 0x61, 0x7b], 100 + n * 50); // "@a{" somewhere, so some are taken for BibTeX
      const res = await upload(tokens.asha, bytes, '?dry_run=1', 'application/octet-stream');
      expect([200, 400]).toContain(res.status);
    }
    expect(await publications(asha)).toHaveLength(3);
  });
});
