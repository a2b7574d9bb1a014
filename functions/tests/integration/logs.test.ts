import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * Logs ("Operable"; docs/operations.md "Logs"): every line the product writes while a person signs in, fills in
 * their Aadhaar, phone, birth date and address, is sent a mail, and a stakeholder answers a survey through their
 * link, is one JSON object with a `request_id` (and the `campus` of a signed-in caller's request), each request has
 * its access line and the API's own `served` line (method, route pattern, status, ms), and none of it names a person:
 * no e-mail address, password, token, Aadhaar, phone, name, address or answer. The stack writes every line at DEBUG
 * to `logFile` (global-setup.ts), so a request body logged at any level fails this file. It also runs
 * in the deployed-shape run, where the lines are the Lambda bundles' own output (and the emulated API Gateway's
 * access log lines).
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
const logFile = inject('logFile');
type Api = ReturnType<typeof client>;

const stamp = Date.now().toString(36);
const PERSON = {
  email: `zenobia-${stamp}@attain.example`,
  password: 'Logs-Person-Pass-1!',
  first_name: 'Zenobia',
  last_name: 'Kattakayam',
};
/** What the person writes into their profile: each distinctive enough that finding it in a log means it leaked. */
const PRIVATE = {
  aadhar_number: '6283 4417 9052',
  phone_number: '+91 98461 27733',
  date_of_birth: '1983-09-17',
  present_address: 'House 12, Thekkumbhagam Lane, Kalpathy',
};
const MAIL_TO = `success+zenobia-${stamp}@simulator.amazonses.com`;
const STAKEHOLDER = { first_name: 'Ottoline', last_name: 'Puthenveetil', contact_number: '+91 94950 66128' };
const STAKEHOLDER_MAIL = `success+ottoline-${stamp}@simulator.amazonses.com`;
const ANSWER_TEXT = 'Call me on my home number after 6, ask for Ottoline';

/** A request the test made: its id (`x-request-id`), the route's method and whether a caller was signed in. */
interface Made {
  id: string;
  what: string;
  signedIn: boolean;
  status: number;
}
const made: Made[] = [];

/** Sends one request, noting its request id; JSON in and out. */
async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as Record<string, any>;
  made.push({ id: res.headers.get('x-request-id') ?? '', what: `${method} ${path}`, signedIn: Boolean(token), status: res.status });
  return { status: res.status, body: json };
}

/** Waits for `ok` to hold, every 100 ms (the test's own time limit gives up). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The survey link mailed to `to`, once the SES emulator has the message. */
async function linkMailedTo(to: string): Promise<string> {
  const mail = await until(
    async () =>
      ((await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] }).emails.find(
        (e) => e.destination.to.includes(to),
      ),
    Boolean,
  );
  const token = /\/s\/([A-Za-z0-9_-]{43})/.exec(mail?.body.html ?? '')?.[1];
  expect(token, 'the invitation carries a personal link').toBeTruthy();
  return token as string;
}

/** One line of the log file, parsed; undefined for a line that is not JSON. */
type Entry = Record<string, unknown> | undefined;

/**
 * The log file's lines written since `start`, read every 100 ms until `ok` holds of them or 10 s have passed (the
 * assertions that follow then say what is missing).
 */
async function logLinesUntil(ok: (entries: Entry[]) => boolean): Promise<{ lines: string[]; parsed: Entry[] }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = readFileSync(logFile).subarray(start).toString('utf8').split('\n').filter(Boolean);
    const parsed = lines.map((l): Entry => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    });
    if (ok(parsed) || Date.now() > deadline) return { lines, parsed };
    await new Promise((r) => setTimeout(r, 100));
  }
}

let start = 0;
let adminToken = '';
let personToken = '';
let surveyLink = '';

beforeAll(() => {
  // Only the lines of this file's requests: the file holds the whole run's.
  start = readFileSync(logFile).length;
});

describe('logs', { timeout: 120_000 }, () => {
  it('are written while a person signs in, fills in their profile, is mailed and a stakeholder answers a survey', async () => {
    adminToken = await login(base, users.demoAdmin.email, users.demoAdmin.password);
    const admin: Api = client(base, adminToken);
    const depts = await admin.get('/api/department?limit=1000');
    const department = depts.body.data.find((d: { short_name: string }) => d.short_name === 'CSE').id;
    const added = await call(
      'POST',
      '/api/auth/user-list',
      { ...PERSON, role: 'faculty', department, facility_type: 'Teaching' },
      adminToken,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    // Sign-in: a wrong password first (401), then the right one.
    expect((await call('POST', '/api/auth/login', { email: PERSON.email, password: `${PERSON.password}x` })).status).toBe(401);
    const signIn = await call('POST', '/api/auth/login', { email: PERSON.email, password: PERSON.password });
    expect(signIn.status).toBe(200);
    personToken = signIn.body.data.token;
    const profile = await call('PATCH', '/api/auth/profile', PRIVATE, personToken);
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    // A refused write names the field, never echoes the value.
    expect((await call('PATCH', '/api/auth/profile', { date_of_birth: 'born 17/09/1983' }, personToken)).status).toBe(400);

    // A mail to the person, through the queue, the worker, SES and its receipts.
    const sent = await call('POST', '/api/send-mail', { to: [MAIL_TO], subject: `Logs ${stamp}`, email_body: '<p>Hello</p>' }, adminToken);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await until(
      () => admin.get(`/api/send-mail/${sent.body.data.id}`),
      (r) => r.body.data?.recipients?.[0]?.status === 'delivered',
    );

    // A stakeholder invited to a survey answers through their own link, without signing in.
    const programs = await admin.get('/api/program?limit=1000');
    const program = programs.body.data.find((p: { department?: string }) => p.department === department).id;
    const curricula = await admin.get(`/api/curriculum?program=${program}`);
    const curriculum = curricula.body.data[0].id;
    const holder = await call(
      'POST',
      '/api/stakeholder',
      { ...STAKEHOLDER, email: STAKEHOLDER_MAIL, group: 'Alumni', department, program, curriculum },
      adminToken,
    );
    expect(holder.status, JSON.stringify(holder.body)).toBe(201);
    const template = await admin.post('/api/template', {
      name: `Facilities ${stamp}`,
      type: 'Alumni',
      survey_for: 'Facility Feedback',
      scale: [
        { label: 'Poor', weight: 0 },
        { label: 'Good', weight: 1 },
      ],
      questions: [
        { text: 'How were the labs?', kind: 'Rating' },
        { text: 'Anything else?', kind: 'Free text' },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const y = Number(today.slice(0, 4));
    const survey = await admin.post('/api/survey', {
      name: `Facilities ${stamp}`,
      template: template.body.data.id,
      survey_for: 'Facility Feedback',
      type: 'Alumni',
      program,
      curriculum,
      academic_year: `${y}-${String((y + 1) % 100).padStart(2, '0')}`,
      start_date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      end_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(survey.status, JSON.stringify(survey.body)).toBe(201);
    const invited = await call(
      'POST',
      `/api/survey-host/${survey.body.data.id}/invite`,
      { stakeholders: [holder.body.data.id] },
      adminToken,
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    surveyLink = await linkMailedTo(STAKEHOLDER_MAIL);
    expect((await call('GET', `/api/public/survey/${surveyLink}`)).status).toBe(200);
    const answered = await call('POST', `/api/public/survey/${surveyLink}`, { answers: { q1: 1, q2: ANSWER_TEXT } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
  });

  it('are JSON lines, each with its request id, and the campus of a signed-in caller on each line of its request', async () => {
    // Each request has its access line (API Gateway's in AWS) and the API's own `served` line. The deployed-shape
    // run's functions write from their own threads, so their lines may follow the answer: read until every line is in.
    const complete = (entries: Entry[]) =>
      made.every((m) => ['request', 'served'].every((message) => entries.some((e) => e?.request_id === m.id && e.message === message)));
    const { lines, parsed } = await logLinesUntil(complete);
    expect(
      lines.filter((_, i) => !parsed[i]),
      'lines that are not JSON',
    ).toEqual([]);
    const entries = parsed as Record<string, unknown>[];
    expect(entries.filter((e) => typeof e.request_id !== 'string' || !e.request_id)).toEqual([]);
    for (const e of entries)
      expect(e).toMatchObject({ level: expect.any(String), message: expect.any(String), service: expect.any(String) });
    for (const m of made) {
      expect(m.id, m.what).toBeTruthy();
      const own = entries.filter((e) => e.request_id === m.id);
      // One access line per request, under the id its answer quoted (`x-request-id`).
      const access = own.filter((e) => e.message === 'request');
      expect(access, m.what).toHaveLength(1);
      expect(access[0].status, m.what).toBe(m.status);
      // One DEBUG line of the API itself (functions/src/platform/http/app.ts): method, the route's pattern, status, ms.
      const served = own.filter((e) => e.message === 'served');
      expect(served, m.what).toHaveLength(1);
      const [method, path] = m.what.split(' ');
      expect(served[0], m.what).toMatchObject({ level: 'DEBUG', method, status: m.status, ms: expect.any(Number) });
      expect(served[0].route, m.what).toMatch(/^\/api\//);
      // A pattern, not the path: none of the path's ids or tokens.
      for (const segment of path
        .split('?')[0]
        .split('/')
        .filter((x) => x.length >= 20))
        expect(served[0].route, m.what).not.toContain(segment);
      if (m.signedIn) {
        for (const e of own) expect(e.campus, `${m.what}: ${JSON.stringify(e)}`).toBe('demo');
        // Not only the harness's access line: the API's own lines carry the campus too.
        expect(
          own.filter((e) => e.message !== 'request' && e.campus === 'demo'),
          m.what,
        ).not.toHaveLength(0);
      } else for (const e of own) expect(e.campus, `${m.what}: ${JSON.stringify(e)}`).toBeUndefined();
    }
  });

  it('name no person: no e-mail address, password, token, Aadhaar, phone, birth date, address, name or answer', () => {
    const text = readFileSync(logFile).subarray(start).toString('utf8');
    const secrets = [
      ...Object.values(users).flatMap((u) => [u.email, u.password]),
      PERSON.email,
      PERSON.password,
      PERSON.first_name,
      PERSON.last_name,
      ...Object.values(PRIVATE),
      // Other forms of the same values: digits only, the campus's date format.
      '628344179052',
      '9846127733',
      '98461 27733',
      '17/09/1983',
      'Thekkumbhagam',
      MAIL_TO,
      STAKEHOLDER_MAIL,
      ...Object.values(STAKEHOLDER),
      '9495066128',
      ANSWER_TEXT,
      adminToken,
      personToken,
      surveyLink,
      // The seeded faculty members' names (global-setup.ts).
      'Asha',
      'Vikram',
      'Menon',
    ].filter(Boolean);
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
    // Nothing shaped like an e-mail address or a JWT either, whoever's it would be.
    expect(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []).toEqual([]);
    expect(text.match(/eyJ[\w-]{10,}\.[\w-]{10,}/g) ?? []).toEqual([]);
  });
});
