import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { courseWithOneCo, occasionWithPaper } from '../support/course-setup.js';

/**
 * Issue 10 cases against the running local stack: user input never causes a 500, unknown paths and methods answer
 * JSON, and the local stack exposes nothing beyond what the browser needs.
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
let admin: ReturnType<typeof client>;
let token: string;

const raw = (method: string, path: string, body: string, t = token) =>
  fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body });
const cursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
});

describe('numbers outside the safe range answer 400, not 500', () => {
  it('a record version of 1e21 or 2^53 + 1', async () => {
    const org = (await admin.get('/api/organization')).body.data[0];
    for (const version of ['1e21', '9007199254740993']) {
      const res = await raw(
        'PUT',
        `/api/organization/${org.id}`,
        JSON.stringify({ ...org, version: 0 }).replace('"version":0', `"version":${version}`),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).errors.fields.version).toBe('Digit only!');
    }
  });
  it('a profile version of 1e309 (Infinity once parsed)', async () => {
    const res = await raw('PATCH', '/api/auth/profile', '{"first_name":"Campus","version":1e309}');
    expect(res.status).toBe(400);
    expect((await res.json()).errors.fields.version).toBe('Digit only!');
  });
  it('a number field past the safe range', async () => {
    const dept = (await admin.get('/api/department')).body.data[0];
    const res = await raw(
      'POST',
      '/api/program',
      JSON.stringify({ title: 'Too many terms', department: dept.id, number_of_terms: 1, minimum_duration_qty: 0 }).replace(
        '"minimum_duration_qty":0',
        '"minimum_duration_qty":1e300',
      ),
    );
    expect(res.status).toBe(400);
  });
});

describe('list cursors are checked against the key shape of the list they continue', () => {
  it('refuses an extra key, a missing key, a mistyped key and another entity partition with 400', async () => {
    const first = await admin.get('/api/department?limit=1');
    const good = JSON.parse(Buffer.from(first.body.next, 'base64url').toString('utf8'));
    expect((await admin.get(`/api/department?limit=1&next=${first.body.next}`)).status).toBe(200);
    for (const key of [
      { ...good, extra: 1 },
      { PK: good.PK },
      { ...good, SK: 42 },
      { ...good, PK: good.PK.replace('department', 'program') },
      [good],
      'x',
    ]) {
      const res = await admin.get(`/api/department?next=${cursor(key)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.fields).toEqual({ next: 'Not valid' });
    }
    // On an index the cursor must carry that index's keys too, for this very partition.
    const courses = (await admin.get('/api/Course-Curriculum?limit=1')).body.data[0];
    const onIndex = await admin.get(`/api/Course-Curriculum?curriculum=${courses.curriculum}&limit=1`);
    const ixKey = JSON.parse(Buffer.from(onIndex.body.next, 'base64url').toString('utf8'));
    const { GSI1PK: _dropped, ...missing } = ixKey;
    expect((await admin.get(`/api/Course-Curriculum?curriculum=${courses.curriculum}&next=${cursor(missing)}`)).status).toBe(400);
    expect((await admin.get(`/api/Course-Curriculum?curriculum=${courses.curriculum}&next=${onIndex.body.next}`)).status).toBe(200);
  });
  it('refuses a query value longer than a key may hold with 400', async () => {
    const long = 'x'.repeat(1100);
    const res = await admin.get(`/api/department/user-list?short_name=${long}`);
    expect(res.status).toBe(400);
    expect((await admin.get(`/api/Course-Curriculum?curriculum=${long}`)).status).toBe(400);
  });
});

describe('unknown paths and methods', () => {
  it('answer a JSON 404 for an unknown /api path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${base}/api/no-such-thing/1`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await res.json()).errors.detail).toMatch(/No API route/);
    }
  });
  it('answer 405 with Allow for a known path and a method it does not serve', async () => {
    const del = await fetch(`${base}/api/department`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await del.json()).errors.detail).toMatch(/DELETE is not served/);
    const post = await fetch(`${base}/api/department/0190a0a0-0000-7000-8000-000000000000`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('DELETE, GET, HEAD, PUT');
  });
});

describe('the local stack opens nothing beyond what the browser needs', () => {
  const cognito = (target: string, body: unknown) =>
    fetch(`${base}/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
  it('passes sign-in to the Cognito emulator but no admin operation', async () => {
    const created = await cognito('AdminCreateUser', {
      UserPoolId: env.USER_POOL_ID,
      Username: 'intruder@x.example',
      UserAttributes: [{ Name: 'custom:tenant', Value: 'other' }],
    });
    expect(created.status).toBe(403);
    expect((await cognito('ListUsers', { UserPoolId: env.USER_POOL_ID })).status).toBe(403);
    const signIn = await cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: env.USER_POOL_CLIENT_ID,
      AuthParameters: { USERNAME: users.demoAdmin.email, PASSWORD: users.demoAdmin.password },
    });
    expect(signIn.status).toBe(200);
    expect((await signIn.json()).AuthenticationResult.IdToken).toBeTruthy();
  });
  it('slows repeated failed sign-ins of one user', async () => {
    // An account of its own: the wait it earns must not slow the other tests' sign-ins.
    const account = `nobody.${Date.now()}@attain.example`;
    const attempt = () =>
      cognito('InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: env.USER_POOL_CLIENT_ID,
        AuthParameters: { USERNAME: account, PASSWORD: 'Wrong-Pass-1!' },
      });
    for (let i = 0; i < 6; i++) expect((await attempt()).status).toBe(400);
    const slowed = await attempt();
    expect(slowed.status).toBe(429);
    expect(((await slowed.json()) as { __type: string }).__type).toBe('TooManyRequestsException');
  });
  it('every listener of the stack (the product and each emulator) is bound to 127.0.0.1', () => {
    const ports = [
      base,
      env.AWS_ENDPOINT_URL_DYNAMODB,
      env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      env.AWS_ENDPOINT_URL_S3,
      env.AWS_ENDPOINT_URL_SESV2,
    ].map((u) => Number(new URL(u).port));
    // /proc/net/tcp{,6}: local address (hex) and state 0A = LISTEN.
    const listening = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((f) =>
      readFileSync(f, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(/\s+/))
        .filter((c) => c[3] === '0A')
        .map((c) => ({ address: c[1].split(':')[0], port: parseInt(c[1].split(':')[1], 16) })),
    );
    const loopback = new Set(['0100007F', '0000000000000000FFFF00000100007F', '00000000000000000000000001000000']);
    for (const port of ports) {
      const entries = listening.filter((l) => l.port === port);
      expect(entries.length, `nothing listens on ${port}`).toBeGreaterThan(0);
      for (const e of entries) expect(loopback.has(e.address), `port ${port} listens on ${e.address}`).toBe(true);
    }
  });
});

describe("another campus's accounts stay unseen", () => {
  it('adding a user whose e-mail another campus uses answers exactly as for one of this campus', async () => {
    const body = (email: string) => ({ email, role: 'faculty', password: 'Faculty-Pass-1!', first_name: 'Some', last_name: 'One' });
    const elsewhere = await admin.post('/api/auth/user-list', body(users.otherAdmin.email));
    const here = await admin.post('/api/auth/user-list', body(users.demoFaculty.email));
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body).toEqual(here.body);
    expect(JSON.stringify(elsewhere.body)).not.toMatch(/exist|other campus/i);
  });
});

describe('references are checked on every write', () => {
  it("refuses a profile whose department is another campus's", async () => {
    const other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
    const theirs = await other.post('/api/department', { name: 'Other campus department', short_name: `OCD${Date.now() % 100000}` });
    expect(theirs.status).toBe(201);
    const res = await admin.patch('/api/auth/profile', { department: theirs.body.data.id });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields).toEqual({ department: 'Not found' });
  });
});

describe('CSV files are safe to open in a spreadsheet and load back unchanged', () => {
  it('neutralizes formula cells in the marks template, and a re-upload of it finds the same students', async () => {
    const { curriculum: cur, course, co, bloom } = await courseWithOneCo(admin, 'CSV safety', 'CSV1');
    const names = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", '@SUM(1+1)'];
    for (const [i, name] of names.entries())
      expect((await admin.post('/api/student', { curriculum: cur.id, roll_no: i === 0 ? '-7' : `R${i}`, name, section: 'A' })).status).toBe(
        201,
      );
    const occ = await occasionWithPaper(admin, { course: course.id, co: co.id, bloom }, 'ISE', 1, 5);
    const template = await (await fetch(`${base}/api/marks/${occ.id}/template`, { headers: { authorization: `Bearer ${token}` } })).text();
    const lines = template.split(/\r?\n/);
    // No data cell of the file starts with a formula character once unquoted.
    for (const line of lines.slice(3)) expect(line.replace(/^"/, '')).toMatch(/^[^=+\-@\t\r]/);
    expect(template).toContain("'=HYPERLINK");
    expect(template).toContain("'-7");
    // Filled in and loaded again, the neutralized roll number still names its student.
    const filled = lines.map((l, i) => (i >= 3 && l ? `${l}4` : l)).join('\n');
    const up = await fetch(`${base}/api/marks/${occ.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: filled,
    });
    expect(up.status).toBe(200);
    const sheet = (await admin.get(`/api/marks/${occ.id}`)).body.data;
    expect(sheet.rows).toHaveLength(3);
    const seven = sheet.students.find((s: { roll_no: string }) => s.roll_no === '-7');
    expect(sheet.rows.find((r: { student: string }) => r.student === seven.id).marks).toEqual({ 1: 4 });
  });
});

describe('the edges of /api (issue 42, item 4)', () => {
  it('answers an API path written in another case or with doubled slashes with a JSON 404, not the web page', async () => {
    for (const path of ['/API/program', '//api/program', '/Api/organization']) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await res.json()) as { errors: { detail: string } }).errors.detail).toContain(`No API route at ${path}`);
    }
    // The page and the API itself are untouched.
    expect((await fetch(`${base}/configuration/department`)).headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${base}/api/program`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
  it('closes the connection after a 413, and says so', async () => {
    const res = await raw('POST', '/api/program', JSON.stringify({ title: 'x'.repeat(300 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as { errors: { detail: string } }).errors.detail).toMatch(/larger than 256 KB/);
    // The next request opens a new connection and is served.
    expect((await admin.get('/api/organization')).status).toBe(200);
  });
});
