import { readFileSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { nbaYearLabel } from '@attain/shared-types';
import { DEMO_CURRENT_YEAR } from '../functions/src/local/seed/demo-campus.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium } from './browser.js';

/**
 * An admin downloads an occasion's marks template, fills it, uploads it (a bad file first) and sees the CO
 * attainment a hand computation gives. The course is set up through the API: 4 students, ISE of 10 marks,
 * Q1 (5 marks, CO1), Q2 (5 marks, CO2); CO-PO matrix CO1-PO1 = 3, CO2-PO1 = 1.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
let browser: Browser;
let page: Page;
let api: ReturnType<typeof client>;
let cur: { id: string };
let course: { id: string; term: string };
let occ: { id: string };

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  const token = await login(url, admin.email, admin.password);
  api = client(url, token);
  const dept = (await api.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  const program = (
    await api.post('/api/program', {
      title: 'B.E. Browser Test',
      department: dept.id,
      number_of_terms: 2,
      minimum_duration_qty: 1,
      minimum_duration_unit: 'Years',
    })
  ).body.data;
  await api.post('/api/generic-program-outcome/setup', { program: program.id, framework: 'nba_12_po' });
  const po1 = (await api.get(`/api/generic-program-outcome?program=${program.id}`)).body.data.find(
    (o: { po_reference: string }) => o.po_reference === 'PO1',
  ).id;
  cur = (await api.post('/api/curriculum', { name: 'Browser 2025', program: program.id })).body.data;
  const term = (await api.get(`/api/term?curriculum=${cur.id}`)).body.data[0];
  course = (
    await api.post('/api/Course-Curriculum', {
      curriculum: cur.id,
      term: term.id,
      code: 'E2E101',
      title: 'Marks in the browser',
      reviewer_department: dept.id,
      total_credits: 3,
    })
  ).body.data;
  const bloom = (await api.get('/api/bloom-level')).body.data[0].id;
  const method = (await api.get('/api/delivery-method')).body.data[0].id;
  const co1 = (
    await api.post('/api/Course-Outcome', {
      course: course.id,
      code: 'CO1',
      statement: 'First',
      cognitive_domain: bloom,
      delivery_method: method,
    })
  ).body.data.id;
  const co2 = (
    await api.post('/api/Course-Outcome', {
      course: course.id,
      code: 'CO2',
      statement: 'Second',
      cognitive_domain: bloom,
      delivery_method: method,
    })
  ).body.data.id;
  await api.put(`/api/co-po-matrix/${course.id}`, { version: 0, cells: { [co1]: { [po1]: 3 }, [co2]: { [po1]: 1 } } });
  await fetch(`${url}/api/import/students?curriculum=${cur.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: 'roll_no,name\nB1,Anu\nB2,Bala\nB3,Chitra\nB4,Dev\n',
  });
  occ = (await api.post('/api/occasion', { course: course.id, kind: 'ISE', name: 'ISE 1', total_marks: 10 })).body.data;
  await api.put(`/api/question-paper/${occ.id}`, {
    version: 0,
    questions: [
      { number: '1', max_marks: 5, co: co1, bloom_level: bloom },
      { number: '2', max_marks: 5, co: co2, bloom_level: bloom },
    ],
  });
});
afterAll(async () => browser?.close());

it('downloads the template, refuses a bad file row by row, saves a good one and shows the CO levels', async () => {
  await page.goto(`${url}/attainment/ise-mse-data-import?curriculum=${cur.id}`);
  await page.getByRole('button', { name: 'Marks of ISE 1 E2E101' }).click();
  await page.getByRole('heading', { name: /Marks: ISE 1/ }).waitFor();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Template (CSV)' }).click()]);
  const template = readFileSync(await csvDownload.path(), 'utf8').replace(/^\uFEFF/, '');
  expect(template.split(/\r?\n/)).toEqual([
    'roll_no,name,1,2',
    'max_marks,,5,5',
    'co,,CO1,CO2',
    'B1,Anu,,',
    'B2,Bala,,',
    'B3,Chitra,,',
    'B4,Dev,,',
  ]);
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Template (XLSX)' }).click()]);
  expect(xlsx.suggestedFilename()).toBe('E2E101-ISE_1-marks.xlsx');
  expect(
    readFileSync(await xlsx.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK'); // an XLSX is a zip

  const bad = `${SHOTS}/../marks-bad.csv`;
  writeFileSync(bad, template.replace('B1,Anu,,', 'B1,Anu,6,2').replace('B2,Bala,,', 'B9,Nobody,1,1'));
  await page.getByLabel('Marks file (CSV or XLSX)').setInputFiles(bad);
  await page.getByText('Row 4, 1: 6 is more than the maximum of 5').waitFor();
  await page.getByText("Row 5, roll_no: No student B9 on this occasion's roster").waitFor();
  expect(await page.getByRole('button', { name: /Save marks of/ }).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/marks-upload-refused.png`, fullPage: true });

  // A broken XLSX and one that would inflate to 60 MB are refused with a sentence; the page keeps working.
  const corrupt = `${SHOTS}/../marks-corrupt.xlsx`;
  writeFileSync(corrupt, Buffer.from('PK\u0003\u0004 this is not really a workbook'));
  await page.getByLabel('Marks file (CSV or XLSX)').setInputFiles(corrupt);
  await page.getByText(/This file is not a readable XLSX workbook/).waitFor();
  const inflating = `${SHOTS}/../marks-inflating.xlsx`;
  writeFileSync(inflating, zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 }));
  await page.getByLabel('Marks file (CSV or XLSX)').setInputFiles(inflating);
  await page.getByText(/This workbook unpacks to more than 50 MB/).waitFor();
  await page.getByRole('heading', { name: /^Marks: ISE 1/ }).waitFor();

  // B1: 5, 2; B2: 3, 3; B3: 2, 4; B4: 4, blank.
  const good = `${SHOTS}/../marks-good.csv`;
  writeFileSync(
    good,
    template
      .replace('B1,Anu,,', 'B1,Anu,5,2')
      .replace('B2,Bala,,', 'B2,Bala,3,3')
      .replace('B3,Chitra,,', 'B3,Chitra,2,4')
      .replace('B4,Dev,,', 'B4,Dev,4,'),
  );
  await page.getByLabel('Marks file (CSV or XLSX)').setInputFiles(good);
  await page.getByTestId('marks-preview').getByText('4 students with marks; 1 blank cell beside given marks counts as 0').waitFor();
  await page.screenshot({ path: `${SHOTS}/marks-upload-preview.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save marks of 4 students' }).click();
  await page.getByText('Saved: 4 students with marks; 1 blank cell beside given marks counts as 0').waitFor();
  await expect.poll(() => page.getByLabel('B1 question 1').inputValue()).toBe('5');
  expect(await page.getByLabel('B4 question 2').inputValue()).toBe('');
  // The grid checks with the same rules before it saves: B3's question 2 typed as 9 (refused), then 4.5.
  await page.getByLabel('B3 question 2').fill('9');
  await page.getByText('B3, 2: 9 is more than the maximum of 5').waitFor();
  expect(await page.getByRole('button', { name: 'Save 1 changed' }).isDisabled()).toBe(true);
  await page.getByLabel('B3 question 2').fill('4.5');
  await page.getByRole('button', { name: 'Save 1 changed' }).click();
  await page.getByText('Saved: 1 student with marks').waitFor();
  expect((await api.get(`/api/marks/${occ.id}`)).body.data.rows.map((r: { marks: Record<string, number> }) => r.marks['2'])).toContain(4.5);
  // The correction is in the sheet's history, newest first: who, and the mark's old and new value.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog');
  const corrected = history.getByRole('row', { name: /^B3 question 2/ }).first();
  await corrected.waitFor();
  expect(await corrected.getByRole('cell').allTextContents()).toEqual(['4', '4.5']);
  await page.keyboard.press('Escape');
  await history.waitFor({ state: 'hidden' });

  await page.getByRole('link', { name: 'See CO attainment' }).click();
  const table = page.getByRole('table', { name: 'CO attainment' });
  await table.waitFor();
  // CO1: 100, 60, 40, 80 % -> 3 of 4 reach 60 % = 75 % -> level 3 (CIE alone counts fully).
  // CO2: 40, 60, 90 (B3 corrected to 4.5), 0 % -> 2 of 4 = 50 % -> level 1.
  // Each share names how many students with marks it counts.
  expect(await table.getByRole('row', { name: /^CO1 / }).textContent()).toBe(
    'CO13 of 4 students with marks reached 60 % (75.00 %)3--3.00--3.00Yes',
  );
  expect(await table.getByRole('row', { name: /^CO2 / }).textContent()).toBe(
    'CO22 of 4 students with marks reached 60 % (50.00 %)1--1.00--1.00No',
  );
  await page.screenshot({ path: `${SHOTS}/co-attainment.png`, fullPage: true });

  // PO1 = (3 x 3 + 1 x 1) / (3 + 1) = 2.50
  await page.goto(`${url}/attainment/po-attainment?program=${(await api.get(`/api/curriculum/${cur.id}`)).body.data.program}`);
  const po = page.getByRole('table', { name: 'PO attainment of E2E101' });
  await po.waitFor();
  expect(await po.getByRole('row', { name: /^PO1 / }).textContent()).toContain('2.50');
});

it('shows the demo program across courses and years, with charts', async () => {
  await page.goto(`${url}/attainment/program-level-course`);
  const table = page.getByRole('table', { name: 'Program level PO attainment' });
  await table.waitFor();
  expect(await table.locator('tbody tr').count()).toBe(9);
  await page.locator('canvas').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/program-level-po.png`, fullPage: true });
  await page.goto(`${url}/attainment/cay-po-attainment`);
  const cay = page.getByRole('table', { name: 'PO attainment by academic year' });
  await cay.waitFor();
  // Each year is named by NBA's label from the campus's current academic year, as the demo sets it (2025-26 is CAY).
  const cayNow = DEMO_CURRENT_YEAR;
  expect(await cay.locator('tbody tr').allTextContents()).toEqual(
    ['2025-26', '2024-25', '2023-24'].map((y) => expect.stringMatching(new RegExp(`^${nbaYearLabel(y, cayNow)} ${y}`))),
  );
  await page.screenshot({ path: `${SHOTS}/cay-po-attainment.png`, fullPage: true });
});

it('the methodology screen refuses CIE and SEE weights that do not add up to 100', async () => {
  await page.goto(`${url}/attainment/methodology`);
  await page.locator('tbody tr', { hasText: 'B.Tech Computer Science and Engineering' }).getByRole('button', { name: /Edit/ }).click();
  const cie = page.getByLabel('CIE (ISE + MSE) weight %');
  await cie.fill('40');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('CIE and SEE weights add up to 110, not 100').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/methodology-refused.png`, fullPage: true });
  const saved = (await api.get('/api/attainment-method')).body.data.find((m: { cie_weight: number }) => m.cie_weight === 40);
  expect(saved).toBeUndefined();
});
