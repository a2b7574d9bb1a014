import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium } from './browser.js';

const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
let browser: Browser;
let page: Page;
let api: ReturnType<typeof client>;
let samples: { id: string };
let bcs401: { id: string; term: string };

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  api = client(url, await login(url, admin.email, admin.password));
  samples = (await api.get('/api/curriculum')).body.data.find((c: { name: string }) => c.name === 'Published CO-PO samples');
  bcs401 = (await api.get(`/api/Course-Curriculum?curriculum=${samples.id}`)).body.data.find((c: { code: string }) => c.code === 'BCS401');
});
afterAll(async () => browser?.close());

const cell = (co: string, po: string) => page.getByLabel(`${co} ${po}`, { exact: true });

it("edits a course's CO-PO matrix: the average row follows the cells and the save survives a reload", async () => {
  await page.goto(`${url}/curriculum/co-po-maping?curriculum=${samples.id}&term=${bcs401.term}&course=${bcs401.id}`);
  await cell('CO1', 'PO1').waitFor();
  // co-po-matrix.csv maps BCS401's PO1 at 2 in all five rows, and PO3 nowhere.
  expect(await cell('CO1', 'PO1').inputValue()).toBe('2');
  expect(await page.getByTestId('avg-PO1').textContent()).toBe('2.00');
  expect(await page.getByTestId('avg-PO3').textContent()).toBe('-');
  await cell('CO1', 'PO3').selectOption('3');
  await cell('CO2', 'PO3').selectOption('2');
  // (3 + 2) / 2 = 2.50
  expect(await page.getByTestId('avg-PO3').textContent()).toBe('2.50');
  await page.screenshot({ path: `${SHOTS}/co-po-matrix.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save matrix' }).click();
  await page.getByText('successfully updated').waitFor();
  await page.reload();
  await cell('CO1', 'PO3').waitFor();
  expect(await cell('CO2', 'PO3').inputValue()).toBe('2');
  expect(await page.getByTestId('avg-PO3').textContent()).toBe('2.50');
});

it("builds a question paper whose total must match the occasion's total marks", async () => {
  const occ = (await api.post('/api/occasion', { course: bcs401.id, kind: 'ISE', name: 'ISE 1', section: 'A', total_marks: 10 })).body.data;
  await page.goto(`${url}/assessments/manage-ise-mse-qp-rubrics?occasion=${occ.id}`);
  await page.getByLabel('Question 1 number').waitFor();
  const pick = (label: string, option: string) => page.getByLabel(label, { exact: true }).selectOption({ label: option });
  await page.getByLabel('Question 1 max marks').fill('6');
  await pick('Question 1 course outcome', 'CO1');
  await pick("Question 1 Bloom's level", 'K2 Understand');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByLabel('Question 2 max marks').fill('3');
  await pick('Question 2 course outcome', 'CO3');
  await pick("Question 2 Bloom's level", 'K3 Apply');
  await page.getByLabel('Question 1 number').click();
  await expect.poll(() => page.getByTestId('paper-total').textContent()).toBe('Total 9 of 10 marks (short by 1)');
  await page.getByRole('button', { name: 'Save paper' }).click();
  await page.getByText("The questions add up to 9 marks; the occasion's total is 10").first().waitFor();
  await page.getByLabel('Question 2 max marks').fill('4');
  await page.getByLabel('Question 1 number').click();
  await expect.poll(() => page.getByTestId('paper-total').textContent()).toBe('Total 10 of 10 marks ✓');
  await page.screenshot({ path: `${SHOTS}/question-paper.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save paper' }).click();
  await page.getByText('successfully updated').waitFor();
  const saved = (await api.get(`/api/question-paper/${occ.id}`)).body.data;
  expect(saved.questions.map((q: { number: string; max_marks: number }) => [q.number, q.max_marks])).toEqual([
    ['1', 6],
    ['2', 4],
  ]);
});

it('filters the course list by curriculum and term on the server, on a phone too', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/curriculum?curriculum=${samples.id}`);
  await page.getByText('9 of 9').waitFor();
  await page.screenshot({ path: `${SHOTS}/courses-phone.png`, fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
});
