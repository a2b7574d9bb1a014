import { PERSONAL_LINK, academicYearOf } from '@attain/shared-types';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { courseWithOneCo } from '../functions/tests/support/course-setup.js';
import { SHOTS, launchChromium } from './browser.js';

/**
 * A student answers a course-exit survey on a phone (390x844), without signing in: an admin makes a template and a
 * survey of the course through the API and invites the curriculum's students; the invitation's link is read from
 * the message the local SES emulator accepted; the student opens `/s/<token>`, is told `Required` for a rating left
 * out, answers, submits and sees the survey's closing message; the link then says it was used, and the hosting view
 * counts the answer.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const ses = inject('e2eSesUrl');
const stamp = Date.now();
/** The student's address: SES's mailbox simulator delivers `success+<label>@`. */
const student = `success+survey-${stamp}@simulator.amazonses.com`;
const END_TEXT = 'Thank you: the department reads every answer before the next semester.';
let browser: Browser;
let api: ReturnType<typeof client>;
let surveyId: string;

/** Today in India (surveys open and close by India's calendar), and a day `days` later, as ISO dates. */
function indiaDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The survey link's token in the last message the SES emulator accepted for `address`, if one has come. */
async function tokenSentTo(address: string): Promise<string | undefined> {
  const store = (await (await fetch(`${ses}/store`)).json()) as {
    emails: { destination: { to: string[] }; body: { html?: string; text?: string } }[];
  };
  const mail = store.emails.filter((e) => e.destination.to.includes(address)).at(-1);
  return /\/s\/([A-Za-z0-9_-]{16,})/.exec(`${mail?.body.html ?? ''} ${mail?.body.text ?? ''}`)?.[1];
}

beforeAll(async () => {
  browser = await launchChromium();
  const token = await login(url, admin.email, admin.password);
  api = client(url, token);
  const { program, curriculum, course } = await courseWithOneCo(api, `Survey phone ${stamp}`, `SP${String(stamp).slice(-4)}`);
  // The curriculum's roster: one student with an address, one without (left out of the invitation).
  const roster = await fetch(`${url}/api/import/students?curriculum=${curriculum.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: `roll_no,name,section,email\nSP1,Anu Sharma,A,${student}\nSP2,Bala Iyer,A,\n`,
  });
  expect(roster.status).toBeLessThan(300);
  const template = await api.post('/api/template', {
    name: `Course exit ${stamp}`,
    description: 'Three-point course exit survey',
    type: 'Students',
    survey_for: 'CO',
    program: program.id,
    scale: [
      { label: 'Slight', weight: 0.33 },
      { label: 'Moderate', weight: 0.67 },
      { label: 'Substantial', weight: 1 },
    ],
    questions: [
      { text: 'How well can you now write and analyse a sorting algorithm?', kind: 'Rating', outcome: 'CO1' },
      { text: 'How confident are you in explaining your solution to others?', kind: 'Rating', outcome: '' },
      { text: 'What would you change in this course?', kind: 'Free text', outcome: '' },
    ],
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const survey = await api.post('/api/survey', {
    name: `Course exit survey ${stamp}`,
    template: template.body.data.id,
    survey_for: 'CO',
    type: 'Students',
    program: program.id,
    curriculum: curriculum.id,
    course: course.id,
    academic_year: academicYearOf(indiaDay()),
    start_date: indiaDay(),
    end_date: indiaDay(30),
    anonymous: false,
    sub_title: 'Tell us how the course went',
    intro_text: 'It takes two minutes. Your answers help us plan the next semester.',
    end_text: END_TEXT,
  });
  expect(survey.status, JSON.stringify(survey.body)).toBe(201);
  surveyId = survey.body.data.id;
  const invite = await api.post(`/api/survey-host/${surveyId}/invite`, {
    students: true,
    subject: 'Your feedback on the course',
    message: `<p>Please answer our short survey through your own link:</p><p>${PERSONAL_LINK}</p>`,
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  expect(invite.body.data.mailed).toBe(1);
  expect(invite.body.data.skipped.map((s: { name: string }) => s.name)).toContain('Bala Iyer');
});
afterAll(async () => browser?.close());

it('a student answers the survey from the invitation link on a 390 px phone and sees the thank-you', async () => {
  // The mail goes out through the queue and the worker: wait for it as the student waits for their inbox.
  await expect.poll(() => tokenSentTo(student), { timeout: 60_000, interval: 500 }).toBeTruthy();
  const token = (await tokenSentTo(student)) as string;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${url}/s/${token}`);
  await page.getByRole('heading', { level: 1, name: `Course exit survey ${stamp}` }).waitFor();
  await page.getByText('Tell us how the course went').waitFor();
  // No sign-in: the page is the survey, not the sign-in card; nothing scrolls sideways; the choices are large targets.
  expect(await page.getByLabel('E-mail or username').count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const first = page.getByRole('group', { name: /write and analyse a sorting algorithm/ });
  const second = page.getByRole('group', { name: /explaining your solution/ });
  for (const choice of await first.locator('label.choice').all()) expect((await choice.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SHOTS}/survey-phone-390.png`, fullPage: true });

  // A rating left out is marked Required and nothing is sent.
  await first.getByText('Substantial', { exact: true }).tap();
  await page.getByRole('button', { name: 'Submit answers' }).tap();
  await second.getByText('Required', { exact: true }).waitFor();
  expect(await first.getByRole('radio', { name: 'Substantial' }).isChecked()).toBe(true);

  // Answered by keyboard too: arrow keys move within the group.
  await second.getByRole('radio', { name: 'Slight' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  expect(await second.getByRole('radio', { name: 'Moderate' }).isChecked()).toBe(true);
  await page.getByLabel(/What would you change in this course/).fill('More practice problems before the end-semester exam.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Submit answers' }).tap();

  await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
  await page.getByText(END_TEXT).waitFor();
  await page.screenshot({ path: `${SHOTS}/survey-phone-390-thanks.png`, fullPage: true });

  // The link works once.
  await page.goto(`${url}/s/${token}`);
  await page.getByRole('heading', { level: 1, name: 'You have answered this survey' }).waitFor();
  expect(await page.getByRole('radio').count()).toBe(0);
  await context.close();

  // The hosting view counts the answer.
  const host = (await api.get(`/api/survey-host/${surveyId}`)).body.data;
  expect(host.responded).toBe(1);
  expect(host.invitees.find((i: { email: string }) => i.email === student)?.responded).toBe(true);
});
