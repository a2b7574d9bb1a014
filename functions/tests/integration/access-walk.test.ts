import { API_KEY_SCOPES, type ApiKeyCreated, ROLES, type Role, accessTable } from '@attain/shared-types';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * The access table walked (issue 43): every route of `accessTable()` (the table docs/powers.md prints) called as each
 * role, a student included. A cell `—` must be refused with 403 before anything is read; any other cell must let the
 * caller in (whatever the handler then says of the made-up ids and the body: 400, 404, never 401 or 403).
 * The requests cannot change anything: path parameters name nothing that exists, and a body is JSON cut short, so a
 * route that lets the caller in refuses the request itself.
 */
const base = inject('stackUrl');
const users = inject('users');
/** The user signed in as each role (demo campus; the group administrator of its group). */
const AS: Readonly<Record<Exclude<Role, 'api-key'>, keyof typeof users>> = {
  admin: 'demoAdmin',
  faculty: 'demoFaculty',
  'group-admin': 'groupAdmin',
  student: 'demoStudent',
};
/** An id of the right shape that names no record. */
const NOTHING = '00000000-0000-4000-8000-00000000a11c';

const tokens = {} as Record<Role, string>;
beforeAll(async () => {
  for (const role of Object.keys(AS) as (keyof typeof AS)[])
    tokens[role] = await login(base, users[AS[role]].email, users[AS[role]].password);
  tokens['api-key'] = await keyToken();
});
afterAll(async () => {
  // The walk's key is revoked, so its app client does not stay in the stack's pool.
  if (walkKey) await client(base, tokens.admin).del(`/api/auth/api-keys/${walkKey}`);
});
let walkKey: string | undefined;

/** A machine client's access token, of a demo-campus key holding every scope (the table's API key column). */
async function keyToken(): Promise<string> {
  const admin = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  const expires_on = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const key = (await admin.post('/api/auth/api-keys', { name: 'Access walk', scopes: [...API_KEY_SCOPES], expires_on }))
    .body as ApiKeyCreated;
  walkKey = key.id;
  const res = await fetch(key.token_url, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${key.id}:${key.client_secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One call of `method path` as `role`: its status and, for a refusal, the detail said. */
async function call(role: Role, method: string, path: string): Promise<{ status: number; detail?: string }> {
  const writes = method !== 'GET' && method !== 'DELETE';
  const res = await fetch(`${base}${path.replace(/\{[^}]+\}/g, NOTHING)}`, {
    method,
    headers: { authorization: `Bearer ${tokens[role]}`, ...(writes ? { 'content-type': 'application/json' } : {}) },
    ...(writes ? { body: '{"cut short' } : {}),
  });
  const body = (await res.json().catch(() => ({}))) as { errors?: { detail?: string } };
  return { status: res.status, detail: body.errors?.detail };
}

describe('every route as each role, against the declared table', () => {
  const rows = accessTable().filter((r) => !Object.values(r.reach).includes('public'));

  it('covers every record type and declared route, for all five roles', () => {
    expect(ROLES).toEqual(['admin', 'faculty', 'group-admin', 'student', 'api-key']);
    expect(rows.length).toBeGreaterThan(250);
    // A student is let into nothing but their own profile and their own pages.
    const studentIn = rows.filter((r) => r.reach.student !== 'none').map((r) => `${r.method} ${r.path}`);
    expect(studentIn).toEqual([
      'GET /api/auth/profile',
      'GET /api/me/results',
      'GET /api/me/surveys',
      'GET /api/me/surveys/{survey}',
      'PUT /api/me/surveys/{survey}',
    ]);
    // A key holding every scope reads the structure's record types and writes rosters and marks, nothing else.
    const keyIn = rows.filter((r) => r.reach['api-key'] !== 'none').map((r) => `${r.method} ${r.path}`);
    expect(keyIn).toEqual([
      ...['department', 'program', 'curriculum', 'term', 'Course-Curriculum', 'Course-Outcome', 'occasion', 'student'].flatMap((p) => [
        `GET /api/${p}`,
        `GET /api/${p}/{id}`,
      ]),
      'GET /api/marks/{occasion}',
      'PUT /api/marks/{occasion}',
      // Who the key is: its campus and role.
      'GET /api/auth/profile',
      'PUT /api/roster',
    ]);
  });

  it.each(ROLES)('answers %s as the table says: 403 where it says —, let in elsewhere', async (role) => {
    const wrong: string[] = [];
    const queue = [...rows];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const got = await call(role, row.method, row.path);
        const refused = got.status === 403;
        const expected = row.reach[role] === 'none';
        if (refused !== expected || got.status === 401 || got.status >= 500)
          wrong.push(`${row.method} ${row.path}: table ${row.reach[role]}, answered ${got.status} ${got.detail ?? ''}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
