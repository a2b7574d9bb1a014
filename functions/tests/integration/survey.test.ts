import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { formatDate } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, signedIn, untilComputed } from '../support/client.js';
import { academicYear, indiaDay } from '../support/india-dates.js';

/**
 * Issue 14: a course-exit survey from invitation mail to public answers to changed CO attainment, the same numbers
 * from paper counts, and every misuse of a link.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
const env = inject('stackEnv');
type Api = ReturnType<typeof client>;
let admin: Api;
let other: Api;
let faculty: Api;
let token: string;
const anon = () => client(base);

const YEAR = academicYear(indiaDay(-1));
const STUDENTS = ['s1', 's2', 's3', 's4'];
const address = (tag: string, roll: string) => `success+${tag.toLowerCase()}-${roll}@simulator.amazonses.com`;

const csvPost = async (path: string, csv: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

/**
 * A course with CO1 and CO2 and an ESE marked so that, by the default method (threshold 60 %, bands 70/60/50):
 * CO1 marks 8, 7, 9, 3 of 10: 3 of 4 students (75 %) reach 6 -> level 3; CO2 marks 6, 2, 7, 1: 2 of 4 (50 %) -> level 1.
 * SEE alone counts fully, so the direct levels are CO1 3, CO2 1. Students' e-mails are simulator addresses tagged `tag`.
 */
async function markedCourse(tag: string) {
  const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  const program = (await admin.post('/api/program', { title: `Survey ${tag}`, department: dept.id, number_of_terms: 1 })).body.data;
  const curriculum = (await admin.post('/api/curriculum', { name: `Survey ${tag}`, program: program.id })).body.data;
  const term = (await admin.get(`/api/term?curriculum=${curriculum.id}`)).body.data[0];
  const course = (
    await admin.post('/api/Course-Curriculum', {
      curriculum: curriculum.id,
      term: term.id,
      code: `SV${tag}`,
      title: `Survey course ${tag}`,
      reviewer_department: dept.id,
    })
  ).body.data;
  const bloom = (await admin.get('/api/bloom-level')).body.data[0].id;
  const delivery = (await admin.get('/api/delivery-method')).body.data[0].id;
  const co: Record<string, string> = {};
  for (const code of ['CO1', 'CO2'])
    co[code] = (
      await admin.post('/api/Course-Outcome', {
        course: course.id,
        code,
        statement: `apply idea ${code}`,
        cognitive_domain: bloom,
        delivery_method: delivery,
      })
    ).body.data.id;
  const roster = await csvPost(
    `/api/import/students?curriculum=${curriculum.id}`,
    `roll_no,name,section,email\n${STUDENTS.map((s, i) => `${s},Student ${i + 1},A,${address(tag, s)}`).join('\n')}\n`,
  );
  expect(roster.status).toBe(200);
  const ese = (
    await admin.post('/api/occasion', { course: course.id, kind: 'ESE', name: 'ESE', section: 'A', total_marks: 20, held_on: indiaDay(-1) })
  ).body.data;
  const paper = [
    { number: '1', max_marks: 10, co: co.CO1, bloom_level: bloom },
    { number: '2', max_marks: 10, co: co.CO2, bloom_level: bloom },
  ];
  expect((await admin.put(`/api/question-paper/${ese.id}`, { version: 0, questions: paper })).status).toBe(200);
  expect((await csvPost(`/api/marks/${ese.id}/upload`, 'roll_no,name,1,2\ns1,a,8,6\ns2,b,7,2\ns3,c,9,7\ns4,d,3,1\n')).status).toBe(200);
  return { program, curriculum, course, co };
}

/**
 * Sets the program's survey validity margin: a class of 4 gives a level from 3 answers only at +-35 points (3 of 4:
 * 32.67 points), where the default +-15 needs all 4.
 */
async function allowMargin(programId: string, points: number) {
  const res = await admin.post('/api/attainment-method', { program: programId, max_margin_of_error: points });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await untilComputed(admin, programId);
}

/** A three-point course-exit template: CO1 and CO2 rated Slight 0.33 / Moderate 0.67 / Substantial 1, and a comment. */
async function courseExitTemplate() {
  const res = await admin.post('/api/template', {
    name: `Course exit ${Math.random().toString(36).slice(2, 7)}`,
    type: 'Students',
    survey_for: 'CO',
    scale: [
      { label: 'Slight', weight: 0.33 },
      { label: 'Moderate', weight: 0.67 },
      { label: 'Substantial', weight: 1 },
    ],
    questions: [
      { text: 'How well can you now {statement}?', kind: 'Rating', outcome: 'CO1' },
      { text: 'How well can you now {statement}?', kind: 'Rating', outcome: 'co2' },
      { text: 'What would you change?', kind: 'Free text' },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function courseExitSurvey(
  template: { id: string },
  c: Awaited<ReturnType<typeof markedCourse>>,
  extra: Record<string, unknown> = {},
) {
  const res = await admin.post('/api/survey', {
    name: `Course exit ${c.course.code}`,
    template: template.id,
    survey_for: 'CO',
    type: 'Students',
    program: c.program.id,
    curriculum: c.curriculum.id,
    course: c.course.id,
    academic_year: YEAR,
    start_date: indiaDay(-1),
    end_date: indiaDay(30),
    end_text: 'Thank you for helping us improve the course.',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** The link mailed to `to` most recently, once the SES emulator has it (the local worker sends in the background). */
async function linkMailedTo(to: string, after = 0): Promise<string> {
  for (;;) {
    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] };
    const mails = store.emails.filter((e) => e.destination.to.includes(to));
    if (mails.length > after) {
      const t = /\/s\/([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.body.html ?? '')?.[1];
      expect(t, 'the mail carries a personal link').toBeTruthy();
      return t as string;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const coLevels = async (course: string) => {
  const res = await admin.get(`/api/attainment/course/${course}?year=${YEAR}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.result.cos.map((c: any) => [c.code, c]));
};

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  other = await signedIn(base, users.otherAdmin);
  faculty = await signedIn(base, users.demoFaculty);
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
});

describe('a course-exit survey moves CO attainment by the indirect weight', { timeout: 120_000 }, () => {
  let c: Awaited<ReturnType<typeof markedCourse>>;
  let surveyId: string;
  const links: Record<string, string> = {};

  it("invites the course's students by mail, each with their own link, with receipts", async () => {
    c = await markedCourse('A');
    const before = await coLevels(c.course.id);
    expect(before.CO1).toMatchObject({ direct: 3, indirect: null, attainment: 3 });
    expect(before.CO2).toMatchObject({ direct: 1, indirect: null, attainment: 1 });
    const s = await courseExitSurvey(await courseExitTemplate(), c);
    surveyId = s.id;
    const host = await admin.get(`/api/survey-host/${s.id}`);
    expect(host.body.data).toMatchObject({ status: 'Open', invited: 0, students_available: 4 });
    expect(host.body.data.form.questions[0]).toMatchObject({
      id: 'q1',
      text: 'How well can you now apply idea CO1?',
      outcome_code: 'CO1',
      outcome: c.co.CO1,
    });
    expect(host.body.data.form.questions[1]).toMatchObject({ outcome_code: 'CO2', outcome: c.co.CO2 });
    expect((await faculty.post(`/api/survey-host/${s.id}/invite`, { students: true })).status).toBe(403);
    const sent = await admin.post(`/api/survey-host/${s.id}/invite`, { students: true });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ mailed: 4, skipped: [] });
    const again = await admin.post(`/api/survey-host/${s.id}/invite`, { students: true });
    expect(again.body.data.mailed).toBe(0);
    expect(again.body.data.skipped).toHaveLength(4);
    expect(again.body.data.skipped[0].reason).toBe('Already invited');
    for (const roll of STUDENTS) links[roll] = await linkMailedTo(address('A', roll));
    expect(new Set(Object.values(links)).size).toBe(4);
    // The mail is in Send Mail with a receipt per student, and the link is nowhere in what the API shows.
    const mail = await admin.get(`/api/send-mail/${sent.body.data.mail}`);
    expect(mail.body.data.purpose).toBe('survey');
    expect(JSON.stringify(mail.body.data)).not.toContain(links.s1);
    for (;;) {
      const view = (await admin.get(`/api/survey-host/${s.id}`)).body.data;
      if (view.invitees.every((i: any) => i.mail_status === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('students answer on the public page without signing in; the CO levels follow 0.8 x direct + 0.2 x indirect', async () => {
    const page = await anon().get(`/api/public/survey/${links.s1}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toMatchObject({
      name: `Course exit ${c.course.code}`,
      course: `${c.course.code} ${c.course.title}`,
      anonymous: false,
    });
    expect(page.body.data.scale.map((p: any) => p.label)).toEqual(['Slight', 'Moderate', 'Substantial']);
    expect(JSON.stringify(page.body.data)).not.toContain(c.co.CO1);
    const missing = await anon().post(`/api/public/survey/${links.s1}`, { answers: { q1: 2 } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.fields).toEqual({ q2: 'Required' });
    const wrong = await anon().post(`/api/public/survey/${links.s1}`, { answers: { q1: 3, q2: 'x', q9: 1 } });
    expect(wrong.body.errors.fields).toEqual({
      q1: 'Not one of the allowed choices',
      q2: 'Not one of the allowed choices',
      q9: 'Not a question of this survey',
    });
    // CO1 answers Substantial, Substantial, Moderate; CO2 Slight, Moderate, Slight (three of four students answer).
    const answers: Record<string, [number, number]> = { s1: [2, 0], s2: [2, 1], s3: [1, 0] };
    for (const [roll, [a, b]] of Object.entries(answers)) {
      const res = await anon().post(`/api/public/survey/${links[roll]}`, {
        answers: { q1: a, q2: b, q3: roll === 's1' ? 'More lab time' : '' },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.end_text).toBe('Thank you for helping us improve the course.');
    }
    // 3 of the 4 answered: 95 % margin 1.96 x sqrt(0.25 / 3) x sqrt(1 / 3) x 100 = 32.67 points, beyond the default
    // +-15, which needs all 4: no indirect level yet, and the sentence says so.
    const small = await coLevels(c.course.id);
    expect(small.CO1).toMatchObject({ direct: 3, indirect: null, attainment: 3 });
    expect(small.CO1.survey).toMatchObject({ respondents: 3, population: 4, margin_of_error: 32.67, needed: 4, level: null });
    expect(small.CO1.survey.note).toBe(
      "3 of 4 responded; a survey level needs 4 for a 95 % margin of error within ± 15 points (this survey's: ± 32.67): no indirect level used",
    );
    const smallReport = (await admin.get(`/api/survey-results/${surveyId}`)).body.data;
    expect(smallReport.questions[0].level).toBeNull();
    expect(smallReport.notes[0]).toMatch(/^3 of 4 responded; .*: the attainment does not use this survey yet$/);
    await allowMargin(c.program.id, 35);
    // CO1: (0 x 0.33 + 1 x 0.67 + 2 x 1) / (3 x 1) = 89 % -> level 3; CO2: (2 x 0.33 + 1 x 0.67) / 3 = 44.33 % -> level 0.
    const after = await coLevels(c.course.id);
    expect(after.CO1).toMatchObject({ direct: 3, indirect: 3, attainment: 3 });
    expect(after.CO1.survey).toMatchObject({ respondents: 3, percent: 89, level: 3, surveys: [{ id: surveyId }] });
    expect(after.CO2).toMatchObject({ direct: 1, indirect: 0, attainment: 0.8 });
    expect(after.CO2.survey).toMatchObject({ respondents: 3, percent: 44.33 });
    const report = (await admin.get(`/api/survey-results/${surveyId}`)).body.data;
    expect(report).toMatchObject({ invited: 4, responded_online: 3, response_rate: 75 });
    // 95 % margin, p = 0.5, n = 3 of N = 4: 1.96 x sqrt(0.25 / 3) x sqrt(1 / 3) x 100 = 32.67 points.
    expect(report.margin_of_error).toBe(32.67);
    expect(report.questions[0]).toMatchObject({ counts: [0, 1, 2], percent: 89, level: 3 });
    expect(report.free_text[0].answers).toEqual(['More lab time']);
    expect(report.flags).toEqual([{ co: c.co.CO2, code: 'CO2', direct: 1, indirect: 0, difference: 1 }]);
    // A reminder goes only to the one who has not answered.
    const sent = (await fetch(`${ses}/store`).then((r) => r.json())).emails.length;
    const remind = await admin.post(`/api/survey-host/${surveyId}/remind`, {});
    expect(remind.body.data.mailed).toBe(1);
    const newLink = await linkMailedTo(address('A', 's4'), 1);
    expect(newLink).not.toBe(links.s4);
    expect((await fetch(`${ses}/store`).then((r) => r.json())).emails.length).toBe(sent + 1);
  });

  it('refuses a used, unknown, expired or foreign link with a clear reason and no data', async () => {
    const used = await anon().post(`/api/public/survey/${links.s1}`, { answers: { q1: 0, q2: 0 } });
    expect(used.status).toBe(409);
    expect(used.body.errors.reason).toBe('used');
    expect((await anon().get(`/api/public/survey/${links.s1}`)).body.errors.reason).toBe('used');
    for (const bad of ['nonsense', 'A'.repeat(43), `${links.s4.slice(0, 42)}${links.s4.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await anon().get(`/api/public/survey/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.errors.reason).toBe('invalid');
      expect(res.body.data).toBeUndefined();
    }
    // An expired link (its date set in the past in the table, as time would).
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
        region: env.AWS_REGION,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
      }),
    );
    const hash = createHash('sha256').update(links.s4).digest('hex');
    await doc.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { PK: `SURVEYLINK#${hash}`, SK: 'link' },
        UpdateExpression: 'SET expires = :e',
        ExpressionAttributeValues: { ':e': Date.now() - 1000 },
      }),
    );
    const expired = await anon().get(`/api/public/survey/${links.s4}`);
    expect(expired.status).toBe(410);
    expect(expired.body.errors.reason).toBe('expired');
    // Another campus cannot reach the survey's hosting, results or paper counts.
    expect((await other.get(`/api/survey-host/${surveyId}`)).status).toBe(404);
    expect((await other.get(`/api/survey-results/${surveyId}`)).status).toBe(404);
    expect((await other.put(`/api/survey-host/${surveyId}/offline`, { version: 0, surveyed: 1, counts: {} })).status).toBe(404);
    expect((await other.get(`/api/survey/${surveyId}`)).status).toBe(404);
  });

  it("another survey's link answers that survey only; a closed survey refuses its links", async () => {
    const b = await courseExitSurvey(await courseExitTemplate(), c, { name: 'Mid-course check', anonymous: true });
    expect((await admin.post(`/api/survey-host/${b.id}/invite`, { students: true })).body.data.mailed).toBe(4);
    const link = await linkMailedTo(address('A', 's2'), 1);
    expect((await anon().get(`/api/public/survey/${link}`)).body.data.name).toBe('Mid-course check');
    expect((await anon().post(`/api/public/survey/${link}`, { answers: { q1: 0, q2: 0 } })).status).toBe(201);
    const host = (await admin.get(`/api/survey-host/${b.id}`)).body.data;
    expect(host).toMatchObject({ invited: 4, responded: 1, invitees: [] }); // anonymous: counts only
    expect((await admin.get(`/api/survey-results/${surveyId}`)).body.data.responded_online).toBe(3);
    const closed = await admin.put(`/api/survey/${b.id}`, {
      ...(await admin.get(`/api/survey/${b.id}`)).body.data,
      start_date: indiaDay(-10),
      end_date: indiaDay(-2),
    });
    expect(closed.status).toBe(200);
    const other2 = await linkMailedTo(address('A', 's3'), 1);
    const refused = await anon().get(`/api/public/survey/${other2}`);
    expect(refused.status).toBe(410);
    expect(refused.body.errors.reason).toBe('closed');
    expect((await admin.post(`/api/survey-host/${b.id}/remind`, {})).status).toBe(409);
  });

  it('the same CO levels come from paper counts entered for another course', async () => {
    const paper = await markedCourse('P');
    await allowMargin(paper.program.id, 35);
    const s = await courseExitSurvey(await courseExitTemplate(), paper);
    const bad = await admin.put(`/api/survey-host/${s.id}/offline`, { version: 0, surveyed: 2, counts: { q1: [0, 1, 2], q3: [1, 1, 1] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields).toEqual({ q1: 'Adds up to 3, more than the 2 surveyed', q3: 'Not a rated question of this survey' });
    const saved = await admin.put(`/api/survey-host/${s.id}/offline`, {
      version: 0,
      surveyed: 4,
      counts: { q1: [0, 1, 2], q2: [2, 1, 0] },
    });
    expect(saved.status).toBe(200);
    expect((await admin.put(`/api/survey-host/${s.id}/offline`, { version: 0, surveyed: 4, counts: {} })).status).toBe(409);
    const levels = await coLevels(paper.course.id);
    expect(levels.CO1).toMatchObject({ direct: 3, indirect: 3, attainment: 3 });
    expect(levels.CO2).toMatchObject({ direct: 1, indirect: 0, attainment: 0.8 });
    expect(levels.CO2.survey).toMatchObject({ respondents: 3, percent: 44.33 });
  });

  it("a course-exit survey's population is the course's students, whatever is typed as surveyed: 1 of 4 is no census", async () => {
    const c = await markedCourse('Q');
    const s = await courseExitSurvey(await courseExitTemplate(), c);
    const above = await admin.put(`/api/survey-host/${s.id}/offline`, { version: 0, surveyed: 5, counts: {} });
    expect(above.status).toBe(400);
    expect(above.body.errors.fields.surveyed).toBe(`The course has 4 students in ${YEAR}: at most 4 can be surveyed`);
    // "1 surveyed, 1 answered" on paper: 1 of the course's 4, so its margin is wide and it moves no CO level.
    expect(
      (await admin.put(`/api/survey-host/${s.id}/offline`, { version: 0, surveyed: 1, counts: { q1: [0, 0, 1], q2: [0, 0, 1] } })).status,
    ).toBe(200);
    const levels = await coLevels(c.course.id);
    expect(levels.CO1.survey).toMatchObject({ respondents: 1, population: 4 });
    expect(levels.CO1.survey.margin_of_error).toBeGreaterThan(15);
    expect(levels.CO1).toMatchObject({ direct: 3, indirect: null, attainment: 3 });
    expect(levels.CO2).toMatchObject({ direct: 1, indirect: null, attainment: 1 });
    const report = (await admin.get(`/api/survey-results/${s.id}`)).body.data;
    expect(report.response_rate).toBe(25);
  });
});

/**
 * Privacy and security, item 7: for an anonymous survey nobody, admins included, can tell who answered; whether a
 * survey is anonymous is fixed once anyone is invited; a disabled campus's links answer as a closed survey's.
 */
describe('anonymous surveys and disabled campuses', { timeout: 120_000 }, () => {
  let c: Awaited<ReturnType<typeof markedCourse>>;
  let anonymous: { id: string; end_date: string };
  const links: Record<string, string> = {};

  it('the host page of an anonymous survey shows counts only, and reminders still reach only those who have not answered', async () => {
    c = await markedCourse('N');
    anonymous = await courseExitSurvey(await courseExitTemplate(), c, { name: 'Anonymous check', anonymous: true });
    expect((await admin.post(`/api/survey-host/${anonymous.id}/invite`, { students: true })).body.data.mailed).toBe(4);
    for (const roll of STUDENTS) links[roll] = await linkMailedTo(address('N', roll));
    expect((await anon().post(`/api/public/survey/${links.s1}`, { answers: { q1: 2, q2: 1 } })).status).toBe(201);
    // The campus admin, and the group administrator reading the campus.
    const groupRead = client(base, await login(base, users.groupAdmin.email, users.groupAdmin.password), 'demo');
    for (const api of [admin, groupRead]) {
      const host = await api.get(`/api/survey-host/${anonymous.id}`);
      expect(host.status).toBe(200);
      expect(host.body.data).toMatchObject({ invited: 4, responded: 1, response_rate: 25, invitees: [] });
      const text = JSON.stringify(host.body);
      for (const roll of STUDENTS) expect(text).not.toContain(address('N', roll));
    }
    const before = (await (await fetch(`${ses}/store`)).json()).emails.length;
    const remind = await admin.post(`/api/survey-host/${anonymous.id}/remind`, {});
    expect(remind.body.data).toMatchObject({ mailed: 3, skipped: [] });
    for (const roll of ['s2', 's3', 's4']) await linkMailedTo(address('N', roll), 1);
    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] } }[] };
    expect(store.emails.length).toBe(before + 3);
    expect(store.emails.filter((e) => e.destination.to.includes(address('N', 's1')))).toHaveLength(1);
    // The audit trail keeps that invitations and reminders went out, as counts (survey writes, item 8).
    const history = await admin.get(`/api/audit/history/survey/${anonymous.id}`);
    expect(history.status).toBe(200);
    const changes = history.body.data.flatMap((e: { changes: { field: string; new: unknown }[] }) => e.changes);
    expect(changes).toContainEqual(expect.objectContaining({ field: 'invited', new: 4 }));
    expect(changes).toContainEqual(expect.objectContaining({ field: 'reminded', new: 3 }));
    for (const roll of STUDENTS) expect(JSON.stringify(history.body)).not.toContain(address('N', roll));
    // Nor do the reminder mail's receipts, the sent-mail list or the mail's audit entry tell who has not answered.
    const mail = await admin.get(`/api/send-mail/${remind.body.data.mail}`);
    expect(mail.body.data).toMatchObject({ recipients_hidden: true, total: 3, to: [], recipients: [] });
    const list = await admin.get('/api/send-mail');
    const mailAudit = await admin.get(`/api/audit/history/sent-mail/${remind.body.data.mail}`);
    expect(mailAudit.body.data[0].changes).toContainEqual(expect.objectContaining({ field: 'to', new: '3 addresses' }));
    for (const roll of STUDENTS)
      for (const text of [JSON.stringify(mail.body), JSON.stringify(list.body), JSON.stringify(mailAudit.body)])
        expect(text).not.toContain(address('N', roll));
  });

  it('whether answers are anonymous is fixed once anyone is invited', async () => {
    const stored = (await admin.get(`/api/survey/${anonymous.id}`)).body.data;
    const res = await admin.put(`/api/survey/${anonymous.id}`, { ...stored, anonymous: false });
    expect(res.status).toBe(409);
    expect(res.body.errors.fields.anonymous).toMatch(/Fixed once anyone is invited/);
    expect((await admin.get(`/api/survey/${anonymous.id}`)).body.data.anonymous).toBe(true);
    // Before anyone is invited it may change.
    const fresh = await courseExitSurvey(await courseExitTemplate(), c, { name: 'Not yet sent', anonymous: true });
    expect((await admin.put(`/api/survey/${fresh.id}`, { ...fresh, anonymous: false })).status).toBe(200);
  });

  it("a disabled campus's survey links answer exactly as a closed survey's, and work again once it is enabled", async () => {
    const group = client(base, await login(base, users.groupAdmin.email, users.groupAdmin.password));
    const campus = async () =>
      ((await group.get('/api/group/campus')).body.data.campuses as { id: string; version: number }[]).find((x) => x.id === 'demo')!;
    const closedAs = {
      status: 410,
      errors: {
        reason: 'closed',
        detail: `This survey closed on ${formatDate(anonymous.end_date, 'en-IN')}. Thank you for your interest.`,
      },
    };
    const off = await group.put('/api/group/campus/demo', {
      status: 'Disabled',
      version: (await campus()).version,
      reason: 'Checking survey links of a disabled campus',
    });
    expect(off.status).toBe(200);
    try {
      const page = await anon().get(`/api/public/survey/${links.s2}`);
      const answer = await anon().post(`/api/public/survey/${links.s2}`, { answers: { q1: 0, q2: 0 } });
      for (const res of [page, answer]) expect({ status: res.status, errors: res.body.errors }).toEqual(closedAs);
    } finally {
      expect((await group.put('/api/group/campus/demo', { status: 'Active', version: (await campus()).version })).status).toBe(200);
    }
    expect((await anon().get(`/api/public/survey/${links.s2}`)).status).toBe(200);
  });
});

describe('the public route is throttled', () => {
  it('answers 429 with the "busy" reason beyond the burst, and serves again after', async () => {
    // Malformed tokens are refused before any read, so this burst costs the stack almost nothing.
    const answers = await Promise.all(Array.from({ length: 1500 }, () => anon().get('/api/public/survey/nonsense')));
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].body.errors.reason).toBe('busy');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await anon().get('/api/public/survey/nonsense')).status).toBe(404);
  });
});

describe("a survey's audience decides who is invited and whose answers count", { timeout: 120_000 }, () => {
  it('refuses inviting another group, and a stray invitee from outside the audience cannot answer or move a CO level', async () => {
    const c = await markedCourse('P');
    const s = await courseExitSurvey(await courseExitTemplate(), c, { name: 'Audience check' });
    const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
    const parent = await admin.post('/api/stakeholder', {
      department: dept.id,
      program: c.program.id,
      curriculum: c.curriculum.id,
      group: 'Others',
      first_name: 'A',
      last_name: 'Parent',
      email: 'success+parent-p@simulator.amazonses.com',
    });
    expect(parent.status, JSON.stringify(parent.body)).toBe(201);
    // A survey answered by students invites students only.
    const byGroup = await admin.post(`/api/survey-host/${s.id}/invite`, { groups: ['Others'] });
    expect(byGroup.status).toBe(400);
    expect(byGroup.body.errors.fields.groups).toMatch(/answered by students only/);
    const byId = await admin.post(`/api/survey-host/${s.id}/invite`, { stakeholders: [parent.body.data.id] });
    expect(byId.body.data.mailed).toBe(0);
    expect(byId.body.data.skipped[0].reason).toMatch(/Not in this survey's audience/);

    // A parent invited while the survey asked "Others" (its audience changed since) is refused when answering.
    const stored = (await admin.get(`/api/survey/${s.id}`)).body.data;
    expect((await admin.put(`/api/survey/${s.id}`, { ...stored, type: 'Others' })).status).toBe(200);
    expect((await admin.post(`/api/survey-host/${s.id}/invite`, { groups: ['Others'] })).body.data.mailed).toBe(1);
    const link = await linkMailedTo('success+parent-p@simulator.amazonses.com');
    const again = (await admin.get(`/api/survey/${s.id}`)).body.data;
    expect((await admin.put(`/api/survey/${s.id}`, { ...again, type: 'Students' })).status).toBe(200);
    const before = await coLevels(c.course.id);
    const page = await anon().get(`/api/public/survey/${link}`);
    expect(page.status).toBe(403);
    expect(page.body.errors).toMatchObject({ reason: 'audience', detail: 'This survey asks students only. Thank you for your interest.' });
    const answer = await anon().post(`/api/public/survey/${link}`, { answers: { q1: 0, q2: 0 } });
    expect(answer.status).toBe(403);
    expect(await coLevels(c.course.id)).toEqual(before);
  });
});
