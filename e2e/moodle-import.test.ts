import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { courseWithOneCo, occasionWithPaper } from '../functions/tests/support/course-setup.js';
import { moodleGradesReport } from '../functions/tests/support/lms-exports.js';
import { SHOTS, launchChromium, signedInPage } from './browser.js';

/**
 * Issue 44 item 1 in the browser: a teacher picks a Moodle quiz's Grades report on an occasion's marks page, checks
 * the mapping Attain suggests (Q. 1 out of 10 into question 1 out of 5), previews it (the scaling and the visitor who
 * is on no roster stated), saves, and the grid shows the scaled marks.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
let browser: Browser;
let page: Page;
let curriculum = '';
let code = '';

beforeAll(async () => {
  browser = await launchChromium();
  const token = await login(url, admin.email, admin.password);
  const api = client(url, token);
  code = `MDL${Date.now().toString(36).slice(-5)}`.toUpperCase();
  const setup = await courseWithOneCo(api, `Moodle import ${code}`, code);
  curriculum = setup.curriculum.id;
  const roster = await fetch(`${url}/api/import/students?curriculum=${curriculum}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: 'roll_no,name,section\nM1,Anu,A\nM2,Bala,A\nM3,Chitra,A\n',
  });
  expect(roster.status).toBe(200);
  await occasionWithPaper(api, { course: setup.course.id, co: setup.co.id, bloom: setup.bloom }, 'ISE 1', 2, 5);
  page = await signedInPage(browser, url, admin, { width: 1366, height: 900 });
});
afterAll(async () => browser?.close());

it("imports a Moodle quiz's Grades report through the suggested mapping, scaled to the paper", async () => {
  await page.goto(`${url}/attainment/ise-mse-data-import?curriculum=${curriculum}`);
  await page.getByRole('button', { name: `Marks of ISE 1 ${code}` }).click();
  await page.getByRole('heading', { name: /^Marks: ISE 1/ }).waitFor();
  const file = `${SHOTS}/../moodle-grades.csv`;
  writeFileSync(
    file,
    moodleGradesReport(
      [10, 5],
      [
        { surname: 'Anu', first: 'A', idnumber: 'M1', email: 'm1@college.edu', marks: ['10.00', '2.00'] },
        { surname: 'Bala', first: 'B', idnumber: 'M2', email: 'm2@college.edu', marks: ['6.00', '-'] },
        { surname: 'Visitor', first: 'V', idnumber: 'X9', email: 'x9@example.com', marks: ['1.00', '1.00'] },
      ],
    ),
  );
  await page.getByLabel('Export from another system (CSV or XLSX)').setInputFiles(file);
  await page.getByText('moodle-grades.csv').waitFor();
  expect(await page.getByLabel('Student column').inputValue()).toBe('ID number');
  expect(await page.getByLabel('Column for question 1').inputValue()).toBe('Q. 1 /10.00');
  expect(await page.getByLabel("Question 1's column is out of").inputValue()).toBe('10');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText('Q. 1 /10.00 (out of 10) → question 1 (out of 5): each mark × 0.5, rounded to 2 decimals').waitFor();
  await page.getByText('Line 4 (X9): Nobody on the roster has this roll number').waitFor();
  await page.getByText('1 student of the roster is not in the file: their marks stay as they are.', { exact: false }).waitFor();
  await page.screenshot({ path: `${SHOTS}/moodle-import-preview.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save these marks' }).click();
  await expect.poll(() => page.getByLabel('M1 question 1').inputValue()).toBe('5');
  expect(await page.getByLabel('M1 question 2').inputValue()).toBe('2');
  expect(await page.getByLabel('M2 question 1').inputValue()).toBe('3');
  expect(await page.getByLabel('M3 question 1').inputValue()).toBe('');
});
