import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type MyResultsView, type SentMailDetail, type StudentAccountRow, type StudentInviteRun, recordPk } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, signedIn, until } from '../support/client.js';
import { occasionWithPaper } from '../support/course-setup.js';

/**
 * Students' accounts (issue 43 item 2): an admin invites a section of a roster; each student with an address of their
 * own gets their own link in one mail (with receipts), an address two students share or none at all is listed and not
 * guessed, a second invitation mails nobody twice; the link makes the student's account, which signs in to their own
 * pages; disabling it closes access at once, and enabling it opens it again.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
const env = inject('stackEnv');

type Api = ReturnType<typeof client>;
let admin: Api;
let curriculumId = '';
let programId = '';
const stamp = Date.now().toString(36);
const address = (roll: string) => `success+acct-${stamp}-${roll}@simulator.amazonses.com`;
const SHARED = `success+acct-${stamp}-family@simulator.amazonses.com`;

/** The set-password token in the newest mail the SES emulator accepted for `to`. */
async function tokenSentTo(to: string): Promise<string> {
  for (;;) {
    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] };
    const html = store.emails.filter((e) => e.destination.to.includes(to)).at(-1)?.body.html ?? '';
    const token = /set-password#token=([A-Za-z0-9_-]+)/.exec(html)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts an invitation run and follows it until it ends, as the Student Accounts page does. */
async function invite(body: { curriculum: string; section?: string }): Promise<StudentInviteRun> {
  const res = await admin.post('/api/auth/student-accounts', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  let run: StudentInviteRun = res.body.data;
  expect(run.state).toBe('queued');
  while (run.state === 'queued' || run.state === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    const got = await admin.get(`/api/student-invites/${run.id}`);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    run = got.body.data;
  }
  return run;
}

/** The local stack's table, to write what no route writes (a run under way, a link's days gone by). */
const table = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }),
  );

const accounts = async (section = ''): Promise<Map<string, StudentAccountRow>> => {
  const res = await admin.get(`/api/auth/student-accounts?curriculum=${curriculumId}${section ? `&section=${section}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map((res.body.data as StudentAccountRow[]).map((r) => [r.roll_no, r]));
};

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  const token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  const program = (await admin.post('/api/program', { title: `Accounts ${stamp}`, department: dept.id, number_of_terms: 1 })).body.data;
  programId = program.id;
  curriculumId = (await admin.post('/api/curriculum', { name: `Accounts ${stamp}`, program: program.id })).body.data.id;
  // a1: their own address; a2 and a3 share one; a4 has none; a5 has a staff member's; a6 left (a roster sync marked
  // them); b1 is in section B.
  const rows = [
    ['a1', 'Anita Rao', 'A', address('a1')],
    ['a2', 'Bharat Shah', 'A', SHARED],
    ['a3', 'Chitra Shah', 'A', SHARED],
    ['a4', 'Dev Kumar', 'A', ''],
    ['a5', 'Esha Menon', 'A', users.demoFaculty.email],
    ['a6', 'Gita Pai', 'A', address('a6')],
    ['b1', 'Farhan Ali', 'B', address('b1')],
  ];
  const res = await fetch(`${base}/api/import/students?curriculum=${curriculumId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: `roll_no,name,section,email\n${rows.map((r) => r.join(',')).join('\n')}\n`,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  // a6 left: what a roster sync writes when the ERP's list no longer has them.
  const a6 = (await admin.get(`/api/student?curriculum=${curriculumId}`)).body.data.find((r: { roll_no: string }) => r.roll_no === 'a6');
  expect((await admin.put(`/api/student/${a6.id}`, { ...a6, left_on: '2026-06-30' })).status).toBe(200);
});

describe("students' accounts", { timeout: 120_000 }, () => {
  it('invites a section: each address of its own once, in one mail; missing and shared addresses are listed, not guessed', async () => {
    expect([...(await accounts()).values()].map((r) => r.account)).toEqual(Array(7).fill('No account'));
    const result = await invite({ curriculum: curriculumId, section: 'A' });
    expect(result.state).toBe('done');
    expect(result.invited).toBe(1);
    expect(result.skipped.map((s) => [s.roll_no, s.reason])).toEqual([
      ['a2', "The address is also a3's: give each student their own"],
      ['a3', "The address is also a2's: give each student their own"],
      ['a4', 'No e-mail address'],
      ['a5', "The address is a staff member's"],
      ['a6', 'Left on 30/06/2026 (a roster sync marked them left)'],
    ]);
    // One mail, with a receipt per student, through Send Mail.
    let mail: SentMailDetail | undefined;
    while (mail?.recipients[0]?.status !== 'delivered') {
      if (mail) await new Promise((r) => setTimeout(r, 100));
      mail = (await admin.get(`/api/send-mail/${result.mail}`)).body.data;
    }
    expect(mail).toMatchObject({ purpose: 'invitation', recipients: [{ address: address('a1'), status: 'delivered' }] });
    expect(mail?.subject).toMatch(/^Your Attain student account at /);
    const listed = await accounts();
    expect(listed.get('a1')).toMatchObject({ account: 'Invited' });
    expect(listed.get('a1')?.invited_until).toBeDefined();
    expect(listed.get('b1')?.account).toBe('No account');
    // A second invitation of the whole roster mails b1 only: nobody twice.
    const again = await invite({ curriculum: curriculumId });
    expect(again.invited).toBe(1);
    expect(again.skipped.find((s) => s.roll_no === 'a1')?.reason).toMatch(/^Invited already; the link works until /);
    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] } }[] };
    expect(store.emails.filter((e) => e.destination.to.includes(address('a1')))).toHaveLength(1);
  });

  it("the link makes the student's account, which signs in to the student's own pages and nothing else", async () => {
    const token = await tokenSentTo(address('a1'));
    const anon = client(base);
    expect((await anon.post('/api/auth/set-password', { token, password: 'short' })).status).toBe(400);
    const set = await anon.post('/api/auth/set-password', { token, password: 'Anita-Pass-12!' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const student = client(base, await login(base, address('a1'), 'Anita-Pass-12!'));
    const me = await student.get('/api/me/results');
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data.student).toMatchObject({ roll_no: 'a1', name: 'Anita Rao', section: 'A' });
    expect((await student.get('/api/auth/profile')).status).toBe(200);
    expect((await student.get('/api/student')).status).toBe(403);
    expect((await student.get(`/api/auth/student-accounts?curriculum=${curriculumId}`)).status).toBe(403);
    expect((await accounts()).get('a1')?.account).toBe('Active');
    expect((await anon.post('/api/auth/set-password', { token, password: 'Other-Pass-12!' })).status).toBe(400);
  });

  it("the student's page shows a saved course's marks, a corrected mark and the plan's action, and drops the course when their marks are cleared", async () => {
    const student = client(base, await login(base, address('a1'), 'Anita-Pass-12!'));
    const term = (await admin.get(`/api/term?curriculum=${curriculumId}`)).body.data[0];
    const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
    const course = (
      await admin.post('/api/Course-Curriculum', {
        curriculum: curriculumId,
        term: term.id,
        code: `ST${stamp}`,
        title: 'Stored results',
        reviewer_department: dept.id,
      })
    ).body.data;
    const ids = { course: course.id, co: '', bloom: (await admin.get('/api/bloom-level')).body.data[0].id as string };
    const delivery = (await admin.get('/api/delivery-method')).body.data[0].id;
    ids.co = (
      await admin.post('/api/Course-Outcome', {
        course: course.id,
        code: 'CO1',
        statement: 'Outcome',
        cognitive_domain: ids.bloom,
        delivery_method: delivery,
      })
    ).body.data.id;
    const occasion = await occasionWithPaper(admin, ids, 'ISE 1', 2, 10);
    const before: MyResultsView = (await student.get('/api/me/results')).body.data;
    expect(before.courses.map((c) => c.course.code)).not.toContain(`ST${stamp}`);
    const sheet = (await admin.get(`/api/marks/${occasion.id}`)).body.data;
    const id = (roll: string) => sheet.students.find((s: { roll_no: string }) => s.roll_no === roll).id as string;
    const save = async (version: number, a1: Record<string, number>) => {
      const rows = [
        { student: id('a1'), marks: a1 },
        { student: id('a2'), marks: { 1: 9, 2: 9 } },
        { student: id('a3'), marks: { 1: 2, 2: 3 } },
      ];
      const res = await admin.put(`/api/marks/${occasion.id}`, { version, rows });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.version as number;
    };
    let version = await save(sheet.version, { 1: 4, 2: 2 });
    const mine = (view: MyResultsView) => view.courses.find((c) => c.course.code === `ST${stamp}`);
    /** The student's own course, read again (a reload) until `done` holds: the results worker stores it after the save. */
    const reloadUntil = (done: (c: ReturnType<typeof mine>) => boolean) =>
      until(async () => mine((await student.get('/api/me/results')).body.data), done, 60_000);
    const first = await reloadUntil((c) => c !== undefined);
    expect(first?.occasions[0]?.questions.map((q) => q.marks)).toEqual([4, 2]);
    expect(first?.cos[0]).toMatchObject({ code: 'CO1', percent: 30, class_students: 3 });
    // A corrected mark shows on the student's next reads: the results worker stores it for them after the save.
    version = await save(version, { 1: 8, 2: 10 });
    const second = await reloadUntil((c) => c?.occasions[0]?.questions[0]?.marks === 8);
    expect(second?.occasions[0]?.questions.map((q) => q.marks)).toEqual([8, 10]);
    expect(second?.cos[0]).toMatchObject({ percent: 90, reached: true, class_reached: 2 });
    expect(JSON.stringify(second)).not.toContain(id('a2'));
    // The course's improvement plan records an action for a1; their page shows it.
    const year = (await student.get('/api/me/results')).body.data.year_choice.year;
    const plan = await admin.put(`/api/attainment/improvement-plan/${course.id}`, {
      version: 0,
      year,
      actions: { [`${id('a1')}:${ids.co}`]: { action: 'Weekly tutorial on recursion', status: 'Planned' } },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect((await reloadUntil((c) => Boolean(c?.actions.length)))?.actions).toEqual([
      { co: ids.co, co_code: 'CO1', action: 'Weekly tutorial on recursion', status: 'Planned' },
    ]);
    // A students job lost (its item gone, the course's stamp saying its students lag): the program's next read heals it.
    // First the worker is let finish (the course's lock given back), so no job of the plan's save writes after this.
    const lock = { PK: recordPk('demo', `my-results-of#${course.id}`), SK: 'lock' };
    await until(
      async () => (await table().send(new GetCommand({ TableName: env.TABLE_NAME, Key: lock, ConsistentRead: true }))).Item,
      (i) => !i,
    );
    const a1Item = { PK: recordPk('demo', `my-results#${id('a1')}`), SK: `${year}#${course.id}` };
    await table().send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: a1Item }));
    await table().send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { PK: recordPk('demo', `attainment-result#${programId}`), SK: `inputs#${course.id}` },
        // A job lost long enough ago: its queued mark is older than the grace, so the next program read queues it again.
        UpdateExpression: 'SET students_at = :old, students_queued_at = :old',
        ExpressionAttributeValues: { ':old': '2000-01-01T00:00:00.000Z' },
      }),
    );
    expect(mine((await student.get('/api/me/results')).body.data)).toBeUndefined();
    expect((await admin.get(`/api/attainment/program/${programId}`)).status).toBe(200);
    expect((await reloadUntil((c) => c !== undefined))?.cos[0]).toMatchObject({ percent: 90 });
    // Their marks cleared from the sheet, the course leaves their page: what the course stored for them is removed.
    await save(version, {});
    await reloadUntil((c) => c === undefined);
  });

  it("disabling a student's account closes their open session at once; enabling opens it again", async () => {
    const student = client(base, await login(base, address('a1'), 'Anita-Pass-12!'));
    expect((await student.get('/api/me/surveys')).status).toBe(200);
    const id = (await accounts()).get('a1')!.student;
    const faculty = await signedIn(base, users.demoFaculty);
    expect((await faculty.post(`/api/auth/student-accounts/${id}/access`, { action: 'disable' })).status).toBe(403);
    const off = await admin.post(`/api/auth/student-accounts/${id}/access`, { action: 'disable' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.status).toBe('disabled');
    const refused = await student.get('/api/me/results');
    expect(refused.status).toBe(401);
    expect(refused.body.errors.detail).toBe('Your access has been ended by an administrator');
    await expect(login(base, address('a1'), 'Anita-Pass-12!')).rejects.toThrow();
    expect((await accounts()).get('a1')?.account).toBe('Disabled');
    expect((await admin.post(`/api/auth/student-accounts/${id}/access`, { action: 'enable' })).status).toBe(200);
    // Tokens carry whole seconds: a sign-in in the very second of the disabling is refused, so the student signs in
    // again until the next second has come, as a person would retry.
    let back = client(base, await login(base, address('a1'), 'Anita-Pass-12!'));
    for (const until = Date.now() + 5000; (await back.get('/api/me/results')).status === 401 && Date.now() < until;)
      back = client(base, await login(base, address('a1'), 'Anita-Pass-12!'));
    expect((await back.get('/api/me/results')).status).toBe(200);
    // A roster entry without an account has no access to change.
    const none = (await accounts()).get('a4')!.student;
    const missing = await admin.post(`/api/auth/student-accounts/${none}/access`, { action: 'disable' });
    expect(missing.status).toBe(404);
    expect(missing.body.errors.detail).toBe('This student has no account yet: invite them first');
  });

  it('invites again an address corrected since, and a removed account; one invitation run at a time per campus', async () => {
    // b1's address was mistyped and is corrected: the pending invitation to the old one does not hold the new one back.
    const rows = await accounts('B');
    const b1 = (await admin.get(`/api/student/${rows.get('b1')!.student}`)).body.data;
    const fixed = address('b1-fixed');
    expect((await admin.put(`/api/student/${b1.id}`, { ...b1, email: fixed })).status).toBe(200);
    expect((await accounts('B')).get('b1')?.account).toBe('No account');
    const again = await invite({ curriculum: curriculumId, section: 'B' });
    expect(again.invited).toBe(1);
    expect(await tokenSentTo(fixed)).toBeTruthy();
    // A removed account is no account: its student is invited again.
    const a1 = (await accounts('A')).get('a1')!.student;
    expect((await admin.post(`/api/auth/student-accounts/${a1}/access`, { action: 'remove' })).status).toBe(200);
    expect((await accounts('A')).get('a1')?.account).toBe('Removed');
    const reinvite = await invite({ curriculum: curriculumId, section: 'A' });
    expect(reinvite.invited).toBe(1);
    expect((await accounts('A')).get('a1')?.account).toBe('Invited');
    // While another run holds the campus's invitations (as a run still writing does), a second one waits its turn.
    const doc = table();
    const run = { PK: recordPk('demo', 'student-invite-run'), SK: 'run' };
    await doc.send(new PutCommand({ TableName: env.TABLE_NAME, Item: { ...run, claim: 'other', until: Date.now() + 60_000 } }));
    try {
      const busy = await admin.post('/api/auth/student-accounts', { curriculum: curriculumId });
      expect(busy.status).toBe(409);
      expect(busy.body.errors.detail).toMatch(/^Students are being invited already/);
    } finally {
      await doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: run }));
    }
  });

  it('refuses what a user can send wrong with a clear 4xx', async () => {
    expect((await admin.post('/api/auth/student-accounts', {})).status).toBe(400);
    expect((await admin.get('/api/auth/student-accounts')).status).toBe(400);
    expect((await admin.get('/api/auth/student-accounts?curriculum=0190f3c2-0000-7000-8000-000000000000')).status).toBe(404);
    const bad = await admin.post(`/api/auth/student-accounts/${(await accounts()).get('a1')!.student}/access`, { action: 'shout' });
    expect(bad.status).toBe(400);
  });

  it("refuses a link whose address has become a staff member's since", async () => {
    // b1 was invited at the corrected address (above); before b1 sets a password, that address is given to a new
    // colleague, so the link can no longer make a student's account there.
    const fixed = address('b1-fixed');
    const token = await tokenSentTo(fixed);
    const staff = await admin.post('/api/auth/user-list', { email: fixed, role: 'faculty', first_name: 'Farhan', last_name: 'Ali' });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
    const refused = await client(base).post('/api/auth/set-password', { token, password: 'Farhan-Pass-12!' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.detail).toBe('This e-mail address already has another Attain account: ask your administrator');
  });

  it("an invitation past its link's days is 'Invitation expired', and the next invitation mails the student again", async () => {
    const a1 = (await accounts('A')).get('a1')!;
    expect(a1.account).toBe('Invited');
    await table().send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { PK: recordPk('demo', 'student-login'), SK: a1.student },
        UpdateExpression: 'SET invited_until = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    expect((await accounts('A')).get('a1')?.account).toBe('Invitation expired');
    const again = await invite({ curriculum: curriculumId, section: 'A' });
    expect(again.invited).toBe(1);
    expect((await accounts('A')).get('a1')?.account).toBe('Invited');
  });
});
