import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium } from './browser.js';

/**
 * A sample student signs in on a phone (390x844) with the sign-in page everyone uses, lands on their own results
 * (`/me`), and reads, in a course of theirs, their CO percent against the course's target and their marks on the
 * first occasion's questions: the same values the staff's per-student page and marks sheet hold for them, on a page
 * with no serious axe-core violation. The staff's
 * areas are not offered, and their addresses bring the student back to their own page.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const { password } = inject('e2eStudents');
const EMAIL = '25csa003@students.attain.example';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('shows a student, on a phone, their own CO attainment and marks in a course', async () => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(EMAIL);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/me');
  await page.getByText('Roll number 25CSA003 · Section A').waitFor();

  // What the staff's pages hold for this student in the first course shown.
  const api = client(url, await login(url, admin.email, admin.password));
  const first = page.getByRole('region').first();
  const heading = (await first.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const courses = (await api.get('/api/Course-Curriculum?limit=100')).body.data as { id: string; code: string }[];
  const course = courses.find((c) => heading.startsWith(c.code))!;
  expect(course, heading).toBeDefined();
  const staff = (await api.get(`/api/attainment/students/${course.id}?year=2025-26`)).body.data;
  const me = staff.students.find((s: { roll_no: string }) => s.roll_no === '25CSA003');
  const co = staff.cos[0] as { id: string; code: string };
  const percent = me.co[co.id] as number;
  const item = first.getByRole('listitem').filter({ hasText: co.code }).first();
  expect(await item.textContent()).toContain(`${percent} %`);
  expect(await item.textContent()).toContain(percent >= staff.threshold ? 'Reached the target' : 'Below the target');

  // The first occasion's marks, opened with a tap.
  const occasions = (await api.get(`/api/occasion?course=${course.id}&limit=100`)).body.data as {
    id: string;
    name: string;
    held_on?: string;
  }[];
  const ise = occasions.filter((o) => o.name.startsWith('ISE') && o.held_on?.startsWith('2025')).at(0)!;
  const sheet = (await api.get(`/api/marks/${ise.id}`)).body.data;
  const row = sheet.rows.find((r: { student: string }) => r.student === me.student);
  await first.locator('summary', { hasText: ise.name }).click();
  const table = first.getByRole('table', { name: `Your marks in ${ise.name}, by question` });
  if (row.absent) await first.getByText('You were marked absent.').waitFor();
  else expect(await table.getByRole('row').nth(1).textContent()).toContain(`${row.marks['1'] ?? '—'} / `);
  await page.screenshot({ path: `${SHOTS}/student-phone-390.png`, fullPage: false });
  // The page passes axe-core as every other page does (WCAG 2.1 A/AA: no serious or critical violation).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 120)}`)).toEqual([]);

  // Nothing of the staff's: the menu offers the student's own pages only, and the dashboard's address comes back here.
  await page.goto(`${url}/dashboard`);
  await page.waitForURL('**/me');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'My results' }).waitFor();
  expect(await menu.getByRole('link').allTextContents()).toEqual([' My results', ' Surveys']);
});

it("answers the open course exit survey on a phone, and the course's survey evidence and response rate move", async () => {
  const api = client(url, await login(url, admin.email, admin.password));
  const surveys = (await api.get('/api/survey?limit=1000')).body.data as { id: string; name: string; course: string }[];
  const open = surveys.find((s) => s.name.startsWith('End-of-term course exit'))!;
  expect(open, 'the demo has an open course exit survey').toBeDefined();
  const report = async () => (await api.get(`/api/survey-results/${open.id}`)).body.data;
  const respondents = async () => {
    const cos = (await api.get(`/api/attainment/course/${open.course}?year=2025-26`)).body.data.result.cos as {
      survey?: { respondents: number };
    }[];
    return cos[0].survey?.respondents ?? 0;
  };
  const before = { report: await report(), respondents: await respondents() };

  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill('25csa004@students.attain.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/me');
  await page.getByRole('link', { name: 'answer it' }).click();
  await page.waitForURL('**/me/surveys');
  await page.getByRole('link', { name: 'Answer the survey' }).click();
  await page.getByRole('heading', { level: 1, name: open.name }).waitFor();
  await page.getByText('Your answers are kept without your name.').waitFor();
  const top = page.getByRole('radio', { name: 'Substantial' });
  for (let i = 0; i < (await top.count()); i++) await top.nth(i).check();
  await page.getByRole('textbox').fill('More worked examples before the exam');
  await page.screenshot({ path: `${SHOTS}/student-survey-390.png`, fullPage: false });
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 120)}`)).toEqual([]);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await page.getByRole('heading', { name: 'Thank you' }).waitFor();
  await page.getByText(/your answers count in the course/).waitFor();

  // The staff's side: one more answer, a higher response rate over the same class, one more respondent on the CO.
  const after = { report: await report(), respondents: await respondents() };
  expect(after.report.responded_online).toBe(before.report.responded_online + 1);
  expect(after.report.response_rate).toBeGreaterThan(before.report.response_rate ?? 0);
  expect(after.respondents).toBe(before.respondents + 1);
  // Back on the list, the survey reads answered, with its answers open to change until it closes.
  await page.getByRole('link', { name: 'Back to my surveys' }).click();
  await page.getByText('Answered: you may change your answers until it closes').waitFor();
});
