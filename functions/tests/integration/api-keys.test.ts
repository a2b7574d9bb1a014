import type { ApiKey, ApiKeyCreated, AuditEntry, RosterSyncResult } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, signedIn } from '../support/client.js';

/**
 * The ERP's door (issue 44 item 4, decision 0062): a campus admin creates an API key (shown once), a script exchanges
 * its id and secret for an access token at the token URL (OAuth 2.0 client credentials, as Cognito's domain serves it),
 * and syncs a section's roster with it: the same list twice changes nothing, a student missing is marked left, never
 * deleted. The key reaches only what its scopes open, every write is audited as the key's, and a revoked key stops at
 * once.
 */
const base = inject('stackUrl');
const users = inject('users');
const run = Date.now().toString(36);
const section = `K${run.slice(-6)}`;
let admin: ReturnType<typeof client>;
let curriculumId: string;

/** A key made by the demo admin: what the one answer carrying its secret says. */
async function newKey(scopes: string[], name = `ERP sync ${run}`): Promise<ApiKeyCreated> {
  const expires_on = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post('/api/auth/api-keys', { name, scopes, expires_on });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ApiKeyCreated;
}

/** What a script does first: the client credentials grant at the key's token URL (HTTP Basic), as RFC 6749 §4.4 says. */
async function tokenFor(key: Pick<ApiKeyCreated, 'id' | 'client_secret' | 'token_url' | 'token_scope'>, secret = key.client_secret) {
  return fetch(key.token_url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${key.id}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: key.token_scope }),
  });
}

async function machine(key: ApiKeyCreated): Promise<ReturnType<typeof client>> {
  const res = await tokenFor(key);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBe(3600);
  return client(base, body.access_token);
}

const roster = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ roll_no: `${section}-${String(i + 1).padStart(2, '0')}`, name: `Student ${i + 1}`, email: null }));

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  const cur = await admin.get('/api/curriculum?limit=1');
  curriculumId = cur.body.data[0].id as string;
});

describe('API keys and the roster sync', { timeout: 120_000 }, () => {
  it('syncs a roster twice with no change the second time, marks a student who left, and is audited as the key', async () => {
    const key = await newKey(['rosters.write', 'structure.read']);
    expect(key.client_secret.length).toBeGreaterThanOrEqual(20);
    expect(key.token_url).toBe(`${base}/oauth2/token`);
    expect(key.token_scope).toBe('attain/rosters.write attain/structure.read');
    // The list never shows the secret again.
    const listed = (await admin.get('/api/auth/api-keys')).body.data as ApiKey[];
    const mine = listed.find((k) => k.id === key.id);
    expect(mine).toMatchObject({ name: key.name, status: 'active', scopes: ['rosters.write', 'structure.read'] });
    expect(JSON.stringify(listed)).not.toContain(key.client_secret);

    const erp = await machine(key);
    const path = `/api/roster?curriculum=${curriculumId}&section=${section}`;
    const first = await erp.put(path, { students: roster(30) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body as RosterSyncResult).added).toHaveLength(30);
    expect(first.body.written).toBe(true);
    const second = await erp.put(path, { students: roster(30) });
    expect(second.body).toMatchObject({ added: [], changed: [], left: [], returned: [], written: false });
    expect((second.body as RosterSyncResult).unchanged).toHaveLength(30);

    // The ERP's list loses a student and renames another: kept and marked left, renamed.
    const next = roster(30).slice(0, 29);
    next[0] = { ...next[0], name: 'Student One Renamed' };
    const third = await erp.put(path, { students: next });
    expect(third.body).toMatchObject({ added: [], changed: [`${section}-01`], left: [`${section}-30`], returned: [] });
    // structure.read: the key reads the roster as the registry lists it, the student who left included.
    const read = await erp.get(`/api/student?curriculum=${curriculumId}&section=${section}&limit=100`);
    expect(read.status).toBe(200);
    const left = (read.body.data as { roll_no: string; left_on?: string }[]).find((s) => s.roll_no === `${section}-30`);
    expect(left?.left_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(read.body.data).toHaveLength(30);
    // Listed again: back, `left_on` cleared.
    const back = await erp.put(path, { students: roster(30) });
    expect(back.body).toMatchObject({ returned: [`${section}-30`], changed: [`${section}-01`] });

    const audit = await admin.get(`/api/audit?user=${encodeURIComponent(`API key “${key.name}” (${key.id})`)}`);
    expect(audit.status).toBe(200);
    const entries = audit.body.data as AuditEntry[];
    expect(entries.filter((e) => e.entity === 'student' && e.action === 'create')).toHaveLength(30);
    expect(entries.some((e) => e.entity === 'student' && e.action === 'replace')).toBe(true);
  });

  it('changes 40 students in one sync, and a roll number in another case is the same student', async () => {
    const erp = await machine(await newKey(['rosters.write']));
    const path = `/api/roster?curriculum=${curriculumId}&section=${section}C`;
    const forty = Array.from({ length: 40 }, (_, i) => ({ roll_no: `${section}C${String(i).padStart(3, '0')}`, name: `Student ${i}` }));
    expect((await erp.put(path, { students: forty })).body.added).toHaveLength(40);
    // The ERP writes roll numbers in lower case and renames everyone: 40 replaces, more than one transaction holds.
    const renamed = forty.map((s) => ({ roll_no: s.roll_no.toLowerCase(), name: `${s.name} (renamed)` }));
    const res = await erp.put(path, { students: renamed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ added: [], left: [], returned: [] });
    expect(res.body.changed).toHaveLength(40);
    expect((await erp.put(path, { students: renamed })).body.written).toBe(false);
    const stored = (await admin.get(`/api/student?curriculum=${curriculumId}&section=${section}C&limit=100`)).body.data as {
      roll_no: string;
    }[];
    expect(stored.map((s) => s.roll_no).sort()).toEqual(forty.map((s) => s.roll_no).sort());
  });

  it('reaches nothing its scopes do not open', async () => {
    const erp = await machine(await newKey(['rosters.write']));
    expect((await erp.get('/api/auth/user-list')).status).toBe(403);
    expect((await erp.get('/api/program')).status).toBe(403);
    expect((await erp.post('/api/program', { name: 'x' })).status).toBe(403);
    expect((await erp.get('/api/auth/api-keys')).status).toBe(403);
    expect((await erp.get('/api/marks/00000000-0000-4000-8000-000000000000')).status).toBe(403);
    // A token can ask for no more than its key holds.
    const key = await newKey(['structure.read']);
    const wider = await tokenFor({ ...key, token_scope: 'attain/structure.read attain/marks.write' });
    expect(wider.status).toBe(400);
    expect(((await wider.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('refuses a bad roster whole, and a wrong secret, and stops a revoked key at once', async () => {
    const key = await newKey(['rosters.write']);
    const erp = await machine(key);
    const path = `/api/roster?curriculum=${curriculumId}&section=${section}B`;
    const bad = await erp.put(path, {
      students: [...roster(2), { roll_no: `${section}-01`, name: 'Twice' }, { roll_no: 'X9', name: 'Bad mail', email: 'not-an-address' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields['students.2.roll_no']).toMatch(/twice/i);
    expect(bad.body.errors.fields['students.3.email']).toBeTruthy();
    const blank = await erp.put(path, { students: [...roster(1), { roll_no: 'X', name: '' }] });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.fields['students.1.name']).toBeTruthy();
    const none = await erp.get(`/api/student?curriculum=${curriculumId}&section=${section}B`);
    expect(none.status).toBe(403); // no structure.read: and nothing was written, as the admin sees
    expect((await admin.get(`/api/student?curriculum=${curriculumId}&section=${section}B`)).body.data).toEqual([]);
    expect((await erp.put('/api/roster?curriculum=00000000-0000-4000-8000-000000000000&section=A', { students: roster(1) })).status).toBe(
      404,
    );
    expect((await erp.put(`/api/roster?curriculum=${curriculumId}`, { students: [] })).status).toBe(400);

    expect((await tokenFor(key, `${key.client_secret}x`)).status).toBe(401);
    // A Basic header that is not form-encoding (a stray `%`) is a wrong client, never a server error.
    const garbled = await fetch(key.token_url, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(garbled.status).toBe(401);
    expect((await fetch(key.token_url, { method: 'POST', body: 'grant_type=password' })).status).toBe(400);
    // An empty list would mark a whole section left: refused.
    expect((await erp.put(path, { students: [] })).status).toBe(400);
    expect((await admin.del(`/api/auth/api-keys/${'x'.repeat(2000)}`)).status).toBe(404);

    const other = await signedIn(base, users.otherAdmin);
    expect((await other.del(`/api/auth/api-keys/${key.id}`)).status).toBe(404);
    const faculty = await signedIn(base, users.demoFaculty);
    expect((await faculty.get('/api/auth/api-keys')).status).toBe(403);

    expect((await admin.del(`/api/auth/api-keys/${key.id}`)).status).toBe(204);
    const after = await erp.put(path, { students: roster(1) });
    expect(after.status).toBe(401);
    expect(after.body.errors.detail).toMatch(/revoked/);
    expect((await tokenFor(key)).status).toBe(401);
    const listed = (await admin.get('/api/auth/api-keys')).body.data as ApiKey[];
    expect(listed.find((k) => k.id === key.id)?.status).toBe('revoked');
  });

  it('refuses a key whose last day is past or more than a year ahead, and a scope it does not know', async () => {
    const res = await admin.post('/api/auth/api-keys', { name: 'Old', scopes: ['rosters.write'], expires_on: '2020-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields.expires_on).toBeTruthy();
    const far = await admin.post('/api/auth/api-keys', { name: 'Far', scopes: ['rosters.write'], expires_on: '2099-01-01' });
    expect(far.status).toBe(400);
    const scope = await admin.post('/api/auth/api-keys', { name: 'Odd', scopes: ['delete.all'], expires_on: '2099-01-01' });
    expect(scope.status).toBe(400);
    expect(Object.keys(scope.body.errors.fields)).toContain('scopes.0');
  });
});
