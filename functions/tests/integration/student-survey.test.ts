import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type MySurvey, type MySurveyForm, recordPk } from '@attain/shared-types';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, signedIn, untilComputed } from '../support/client.js';
import { indiaDay } from '../support/india-dates.js';

/**
 * Course-exit surveys answered signed in (issue 43 item 4): the demo's open, anonymous end-of-term survey of 4CS4-05
 * (2025-26) is answered by sample students from their own accounts; the course's survey evidence and the survey's
 * response rate move with each answer, a second answer replaces the first, who answered is stored apart from what,
 * and a student outside the course, a staff member and a student who answered through a mailed link are refused.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
const env = inject('stackEnv');
const { password } = inject('sampleStudents');

const YEAR = '2025-26';
const COURSE = '4CS4-05';
/** Students of section A, which sits 4CS4-05 in 2025-26; no other test file answers as them. */
const FIRST = '25csa031@students.attain.example';
const SECOND = '25csa032@students.attain.example';
const THIRD = '25csa033@students.attain.example';
/** A student who opens their results only in the engagement test. */
const FOURTH = '25csa034@students.attain.example';
/** A student of section B (2024-25's batch), who does not sit the course in 2025-26. */
const OUTSIDER = '24csb001@students.attain.example';

type Api = ReturnType<typeof client>;
let admin: Api;
let first: Api;
let second: Api;
let survey: MySurvey;
let courseId: string;
let programId: string;
/** The open survey's answers before this file's (the demo's generated ones). */
let was = 0;

const doc = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    }),
  );

/** Every item of a partition of the demo campus, as stored. */
async function partition(entity: string): Promise<Record<string, unknown>[]> {
  const res = await doc().send(
    new QueryCommand({
      TableName: env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': recordPk('demo', entity) },
    }),
  );
  return res.Items ?? [];
}

/** The course's CO results of 2025-26 by CO code, as the staff's course page reads them. */
const coResults = async () => {
  const res = await admin.get(`/api/attainment/course/${courseId}?year=${YEAR}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.data.result.cos.map((c: { code: string }) => [c.code, c])) as Record<
    string,
    { survey?: { respondents: number; population: number; percent: number; surveys: { id: string }[] } }
  >;
};

/** Every rating question answered with scale point `k`, and the comment. */
function answersOf(form: MySurveyForm, k: number, comment = ''): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const q of form.questions)
    if (q.kind === 'Rating') out[q.id] = k;
    else if (comment) out[q.id] = comment;
  return out;
}

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  first = client(base, await login(base, FIRST, password));
  second = client(base, await login(base, SECOND, password));
  const list = await first.get('/api/me/surveys');
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  survey = (list.body.data as MySurvey[]).find((s) => s.course.code === COURSE)!;
  expect(survey, JSON.stringify(list.body.data)).toBeDefined();
  courseId = survey.course.id;
  programId = (await admin.get(`/api/survey/${survey.id}`)).body.data.program;
});

afterAll(async () => {
  // The answers stamped the demo program's results stale: leave them computed, as the stack starts them.
  if (programId) await untilComputed(admin, programId);
});

describe('a student answers a course-exit survey signed in', { timeout: 120_000 }, () => {
  it("lists the open survey of the student's course, unanswered, and shows it without the CO's record ids", async () => {
    expect(survey).toMatchObject({ academic_year: YEAR, anonymous: true, answered: false, replaceable: true });
    const form = await first.get(`/api/me/surveys/${survey.id}`);
    expect(form.status).toBe(200);
    const f: MySurveyForm = form.body.data;
    expect(f.course).toMatch(new RegExp(`^${COURSE}`));
    expect(f.questions.filter((q) => q.kind === 'Rating').length).toBeGreaterThan(2);
    expect(f.answers).toBeUndefined();
    const co = (await admin.get(`/api/Course-Outcome?course=${courseId}&limit=50`)).body.data as { id: string }[];
    for (const c of co) expect(JSON.stringify(f)).not.toContain(c.id);
  });

  it("refuses a student who does not sit the course, and staff; a survey of another course is not the student's", async () => {
    const outsider = client(base, await login(base, OUTSIDER, password));
    expect(((await outsider.get('/api/me/surveys')).body.data as MySurvey[]).map((s) => s.id)).not.toContain(survey.id);
    const seen = await outsider.get(`/api/me/surveys/${survey.id}`);
    expect(seen.status).toBe(404);
    expect(seen.body.errors.detail).toBe('No such survey among your courses');
    expect((await outsider.put(`/api/me/surveys/${survey.id}`, { answers: {} })).status).toBe(404);
    const staff = await admin.get('/api/me/surveys');
    expect(staff.status).toBe(403);
    expect(staff.body.errors.detail).toBe('These pages are for students');
    expect((await admin.put(`/api/me/surveys/${survey.id}`, { answers: {} })).status).toBe(403);
    expect((await first.get('/api/me/surveys/0190f3c2-0000-7000-8000-000000000000')).status).toBe(404);
  });

  it("moves the course's survey evidence and the response rate with each answer; a second answer replaces the first", async () => {
    const form: MySurveyForm = (await first.get(`/api/me/surveys/${survey.id}`)).body.data;
    const missing = await first.put(`/api/me/surveys/${survey.id}`, { answers: {} });
    expect(missing.status).toBe(400);
    expect(Object.values(missing.body.errors.fields)).toContain('Required');

    // Most of the class answered already (the demo's generated answers); this survey's counts move from there.
    const reportBefore = (await admin.get(`/api/survey-results/${survey.id}`)).body.data;
    was = reportBefore.responded_online as number;
    const counts = reportBefore.questions[0].counts as number[];
    expect(was).toBeGreaterThan(10);
    const before = await coResults();
    // The population is the course's students of the year (section A's roster, which sits it), not those invited.
    const open = (await admin.get(`/api/survey/${survey.id}`)).body.data;
    const students = (await admin.get(`/api/student?curriculum=${open.curriculum}&section=A&limit=200`)).body.data.length;
    expect(students).toBeGreaterThan(10);

    // The first student: every CO "Substantial" (the top of the three-point scale).
    const answered = await first.put(`/api/me/surveys/${survey.id}`, { answers: answersOf(form, 2, 'More worked examples') });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({ message: 'Thank you: your answers are saved', data: { replaced: false } });
    const one = (await admin.get(`/api/survey-results/${survey.id}`)).body.data;
    expect(one.responded_online).toBe(was + 1);
    expect(one.response_rate).toBe(Math.round(((was + 1) / students) * 10000) / 100);
    expect(one.questions[0].counts).toEqual([counts[0], counts[1], counts[2] + 1]);
    const after = await coResults();
    const co1 = Object.keys(after).sort()[0];
    expect(after[co1].survey!.respondents).toBe((before[co1].survey?.respondents ?? 0) + 1);
    expect(after[co1].survey!.surveys.map((s) => s.id)).toContain(survey.id);

    // The second student: "Slight" everywhere; then changes their mind to "Moderate": replaced, not added.
    await second.put(`/api/me/surveys/${survey.id}`, { answers: answersOf(form, 0) });
    const changed = await second.put(`/api/me/surveys/${survey.id}`, { answers: answersOf(form, 1) });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Your answers are changed: thank you', data: { replaced: true } });
    const two = (await admin.get(`/api/survey-results/${survey.id}`)).body.data;
    expect(two.responded_online).toBe(was + 2);
    expect(two.questions[0].counts).toEqual([counts[0], counts[1] + 1, counts[2] + 1]);
    expect(two.response_rate).toBe(Math.round(((was + 2) / students) * 10000) / 100);
    const listed = ((await second.get('/api/me/surveys')).body.data as MySurvey[]).find((s) => s.id === survey.id);
    expect(listed).toMatchObject({ answered: true, replaceable: true });
    const final = await coResults();
    expect(final[co1].survey!.respondents).toBe((before[co1].survey?.respondents ?? 0) + 2);
    expect(final[co1].survey!.percent).not.toBe(after[co1].survey!.percent);
  });

  it('keeps who answered apart from what: the answer sets name nobody, and no route returns them beside a person', async () => {
    // The two signed-in answer sets (the demo's generated ones are under random ids).
    const sets = (await partition(`survey-response#${survey.id}`)).filter((x) => String(x.SK).startsWith('acct#'));
    expect(sets).toHaveLength(2);
    const open = (await admin.get(`/api/survey/${survey.id}`)).body.data;
    const roster = (await admin.get(`/api/student?curriculum=${open.curriculum}&limit=200`)).body.data as { id: string; roll_no: string }[];
    const people = roster.filter((s) => ['25CSA031', '25CSA032'].includes(s.roll_no));
    expect(people).toHaveLength(2);
    for (const set of sets) {
      expect(Object.keys(set).sort()).toEqual(['PK', 'SK', 'a', 'd', 'entityType']);
      const text = JSON.stringify(set);
      for (const p of people) {
        expect(text).not.toContain(p.id);
        expect(text).not.toContain(p.roll_no);
      }
      expect(set.d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const invitees = (await partition(`survey-invitee#${survey.id}`)).filter((i) => i.signed_in);
    expect(invitees.map((i) => i.SK).sort()).toEqual(people.map((p) => `student#${p.id}`).sort());
    for (const i of invitees) {
      expect(i).toMatchObject({ responded: true, signed_in: true });
      expect(i.responded_at).toBeUndefined();
      // Who answered keeps only the day of it (the answer set's day), no time.
      expect(i.invited_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(sets.map((s) => s.SK)).not.toContain(i.SK);
    }
    // The student's own form does not return their anonymous answers; the host page lists nobody.
    expect((await second.get(`/api/me/surveys/${survey.id}`)).body.data).toMatchObject({ answered: true, anonymous: true });
    expect((await second.get(`/api/me/surveys/${survey.id}`)).body.data.answers).toBeUndefined();
    const host = (await admin.get(`/api/survey-host/${survey.id}`)).body.data;
    expect(host.invitees).toEqual([]);
    // Inviting the class by mail afterwards counts those already invited (who answered signed in), never names them.
    const invited = await admin.post(`/api/survey-host/${survey.id}/invite`, { students: true });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(JSON.stringify(invited.body.data.skipped)).not.toMatch(/25CSA03[12]/);
    const counted = (invited.body.data.skipped as { name: string; reason: string }[]).filter(
      (x) => x.reason === 'Already invited, or answered signed in',
    );
    expect(counted).toEqual([{ name: `${was + 2} people`, reason: 'Already invited, or answered signed in' }]);
    // Two answered signed in, over the course's students (section A), as the report counts them; signed-in answerers
    // were not invited.
    const report = (await admin.get(`/api/survey-results/${survey.id}`)).body.data;
    expect(host).toMatchObject({ responded: was + 2, responded_signed_in: 2, response_rate: report.response_rate });
    // Those invited by mail now: the class but the two who answered signed in.
    const after = (await admin.get(`/api/survey-host/${survey.id}`)).body.data;
    expect(report.invited).toBe(after.invited);
    expect(after.invited).toBe(after.population - 2);
    expect(host.population).toBeGreaterThan(10);
  });

  it('shows a named survey its answers back, and refuses a signed-in answer after one through a mailed link', async () => {
    const template = ((await admin.get('/api/template?limit=100')).body.data as { id: string; name: string }[]).find((t) =>
      t.name.startsWith('Course exit survey'),
    )!;
    const open = (await admin.get(`/api/survey/${survey.id}`)).body.data;
    const named = await admin.post('/api/survey', {
      name: `Named course exit ${COURSE} ${Math.random().toString(36).slice(2, 7)}`,
      template: template.id,
      survey_for: 'CO',
      type: 'Students',
      department: open.department,
      program: open.program,
      curriculum: open.curriculum,
      course: courseId,
      academic_year: YEAR,
      start_date: indiaDay(-1),
      end_date: indiaDay(30),
      anonymous: false,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    const id = named.body.data.id;
    const form: MySurveyForm = (await first.get(`/api/me/surveys/${id}`)).body.data;
    expect(form.anonymous).toBe(false);
    await first.put(`/api/me/surveys/${id}`, { answers: answersOf(form, 1, 'Named comment') });
    const back: MySurveyForm = (await first.get(`/api/me/surveys/${id}`)).body.data;
    expect(back.answers).toEqual(answersOf(form, 1, 'Named comment'));
    const host = (await admin.get(`/api/survey-host/${id}`)).body.data;
    expect(host.invitees).toHaveLength(1);
    expect(host.invitees[0]).toMatchObject({ responded: true, signed_in: true });
    expect(host.invitees[0].responded_at).toBeDefined();
    expect(JSON.stringify(host.invitees[0])).not.toContain('account');

    // The class is invited by mail; the third student answers through their link, then tries signed in.
    const invited = await admin.post(`/api/survey-host/${id}/invite`, { students: true });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    // The course's students of the year only (section A), less the one who answered signed in.
    const sectionA = (await admin.get(`/api/student?curriculum=${open.curriculum}&section=A&limit=200`)).body.data.length;
    expect(invited.body.data.mailed).toBe(sectionA - 1);
    expect(invited.body.data.skipped).toEqual([expect.objectContaining({ reason: 'Already invited' })]);
    const link = await linkMailedTo(THIRD, named.body.data.name);
    expect((await client(base).post(`/api/public/survey/${link}`, { answers: answersOf(form, 2) })).status).toBe(201);
    const third = client(base, await login(base, THIRD, password));
    expect(((await third.get('/api/me/surveys')).body.data as MySurvey[]).find((s) => s.id === id)).toMatchObject({
      answered: true,
      replaceable: false,
    });
    const again = await third.put(`/api/me/surveys/${id}`, { answers: answersOf(form, 0) });
    expect(again.status).toBe(409);
    expect(again.body.errors.detail).toBe('You answered this survey through the link mailed to you; that answer stands.');
    const report = (await admin.get(`/api/survey-results/${id}`)).body.data;
    expect(report.responded_online).toBe(2);
    // A closed survey takes no more answers.
    const rec = (await admin.get(`/api/survey/${id}`)).body.data;
    expect((await admin.put(`/api/survey/${id}`, { ...rec, start_date: indiaDay(-3), end_date: indiaDay(-2) })).status).toBe(200);
    const closed = await first.put(`/api/me/surveys/${id}`, { answers: answersOf(form, 2) });
    expect(closed.status).toBe(410);
    expect(closed.body.errors.detail).toMatch(/^This survey closed on /);
  });
});

describe("the staff see the students' side of a course, as counts", { timeout: 120_000 }, () => {
  it('counts a student who opens their results once, and each course-exit survey as its report does', async () => {
    const engagement = async () => {
      const res = await admin.get(`/api/attainment/engagement/${courseId}?year=${YEAR}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as {
        students: number;
        seen: number;
        surveys: { id: string; responded: number; population: number; response_rate: number | null }[];
      };
    };
    const before = await engagement();
    const open = (await admin.get(`/api/survey/${survey.id}`)).body.data;
    const sectionA = (await admin.get(`/api/student?curriculum=${open.curriculum}&section=A&limit=200`)).body.data.length;
    expect(before.students).toBe(sectionA);
    const fourth = client(base, await login(base, FOURTH, password));
    const first = await fourth.get('/api/me/results');
    expect(first.status).toBe(200);
    expect((first.body.data.courses as { course: { id: string } }[]).map((c) => c.course.id)).toContain(courseId);
    const once = await engagement();
    expect(once.seen).toBe(before.seen + 1);
    // A second visit counts nothing again and writes nothing: fewer calls than the first.
    const again = await fourth.get('/api/me/results');
    expect(Number(again.headers.get('x-dynamodb-calls'))).toBeLessThan(Number(first.headers.get('x-dynamodb-calls')));
    expect((await engagement()).seen).toBe(once.seen);
    // Each course-exit survey of the course and year, by its report's numbers.
    for (const s of once.surveys) {
      const report = (await admin.get(`/api/survey-results/${s.id}`)).body.data;
      expect(s.responded, s.id).toBe(report.responded_online + report.responded_offline);
      expect(s.response_rate, s.id).toBe(report.response_rate);
    }
    expect(once.surveys.map((s) => s.id)).toContain(survey.id);
    // Counts only, and another campus's course is not found.
    expect(JSON.stringify(once)).not.toContain('25CSA034');
    expect((await admin.get(`/api/attainment/engagement/0190f3c2-0000-7000-8000-000000000000?year=${YEAR}`)).status).toBe(404);
    expect((await admin.get(`/api/attainment/engagement/${courseId}?year=2025`)).status).toBe(400);
    expect((await fourth.get(`/api/attainment/engagement/${courseId}`)).status).toBe(403);
  });
});

/** The personal link in the newest mail to `to` of the survey named `name` (the local mail store). */
async function linkMailedTo(to: string, name: string): Promise<string> {
  for (;;) {
    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] };
    const mail = store.emails.filter((e) => e.destination.to.includes(to) && e.body.html.includes(name)).at(-1);
    const t = mail && /\/s\/([A-Za-z0-9_-]{43})/.exec(mail.body.html)?.[1];
    if (t) return t;
    await new Promise((r) => setTimeout(r, 100));
  }
}
