import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { pdfDocument } from '../functions/tests/support/sample-files.js';
import { SHOTS, choose, launchChromium, signedInPage } from './browser.js';

/**
 * The SAR readiness page as the demo admin at 1366x900: the demo program's readiness names what holds it back; the
 * admin writes a section it lacks from the page's link (text, claimed marks and why, an evidence file), approves it,
 * and the readiness counts the claim, with who claimed it, its status and its evidence.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const PROGRAM = 'B.Tech Computer Science and Engineering';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** The readiness total as the page shows it (marks of 1000). */
const total = async (page: Page) => Number(await page.locator('.readiness-total').textContent());

it('a section written, evidenced and approved from the readiness page moves the readiness', async () => {
  const page = await signedInPage(browser, url, admin, { width: 1366, height: 900 });
  await page.goto(`${url}/reports/sar-readiness`);
  await page.getByRole('heading', { level: 2, name: 'SAR Readiness' }).waitFor();
  await choose(page, 'pick-program', PROGRAM);
  await page.locator('.readiness-total').waitFor();
  const before = await total(page);
  await page.getByRole('heading', { name: 'What holds the program back' }).waitFor();
  expect(await page.locator('.holding-back li').count()).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/sar-readiness-before.png`, fullPage: true });

  // Criterion 4's 4.7.2 has no section yet: the page offers to write it.
  await page.locator('summary', { hasText: 'Criterion 4:' }).click();
  const row = page.locator('tr', { hasText: '4.7.2' });
  await row.getByText('Not written yet.').waitFor();
  await row.getByRole('link', { name: 'Write 4.7.2' }).click();
  await page.waitForURL('**/reports/sar-sections?**');
  await page.getByRole('button', { name: 'ADD' }).click();
  // The form comes prefilled with the program, format, year and item the link named.
  await expect.poll(() => page.locator('#f-item').inputValue()).toBe('4.7.2');
  await page.locator('.ql-editor').fill('Students took part in 14 national hackathons; three teams won prizes.');
  await page.locator('#f-claimed_marks').fill('8');
  await page.locator('#f-claim_reason').fill('Participation table for three years with certificates');
  await page.locator('#f-evidence').setInputFiles({ name: 'hackathons.pdf', mimeType: 'application/pdf', buffer: pdfDocument() });
  await page.locator('.attachment-list', { hasText: 'hackathons.pdf' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/SAR section .*created/).waitFor();

  // Reviewed and approved.
  await page.locator('tr', { hasText: '4.7.2' }).getByRole('button', { name: /^Edit/ }).click();
  await choose(page, 'f-status', 'Approved');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/SAR section .*updated/).waitFor();

  // Back on the readiness page: the claim counts, approved, with its evidence.
  await page.goBack();
  await page.locator('.readiness-total').waitFor();
  await expect.poll(() => total(page)).toBeCloseTo(before + 8, 2);
  await page.locator('summary', { hasText: 'Criterion 4:' }).click();
  const done = page.locator('tr', { hasText: '4.7.2' });
  await expect.poll(() => done.textContent()).toContain(`Approved: 8 claimed by ${admin.email}`);
  expect(await done.textContent()).toContain('1 evidence file');
  await page.screenshot({ path: `${SHOTS}/sar-readiness-after.png`, fullPage: true });
  await page.context().close();
});

it('a section’s NBA table is filled from Attain’s data, completed by hand, saved, and read back on a phone', async () => {
  const TITLE = 'Safety measures in laboratories';
  const cell = (page: Page, column: string, row: number) =>
    page.getByRole('region', { name: TITLE }).getByLabel(`${column}, row ${row} of ${TITLE}`);
  const laptop = await signedInPage(browser, url, admin, { width: 1366, height: 900 });
  await laptop.goto(`${url}/reports/sar-readiness`);
  await choose(laptop, 'pick-program', PROGRAM);
  await laptop.locator('.readiness-total').waitFor();
  // 7.4 of the 2025 format asks for the laboratories' safety measures; nobody has written it yet.
  await laptop.locator('summary', { hasText: 'Criterion 7:' }).click();
  await laptop.locator('tr', { hasText: '7.4' }).getByRole('link', { name: 'Write 7.4' }).click();
  await laptop.waitForURL('**/reports/sar-sections?**');
  await laptop.getByRole('button', { name: 'ADD' }).click();
  const table = laptop.getByRole('region', { name: TITLE });
  await table.getByRole('button', { name: `Fill ${TITLE} from Attain’s data` }).click();
  // The program's laboratory courses come in; the safety measures are the team's to write.
  await expect.poll(() => cell(laptop, 'Laboratory (course)', 1).inputValue()).toMatch(/\S/);
  await table.getByRole('status').waitFor();
  await cell(laptop, 'Safety measures', 1).fill('Fire extinguisher, first-aid kit, earthed benches');
  await laptop.screenshot({ path: `${SHOTS}/sar-section-table.png` });
  await laptop.getByRole('button', { name: 'Save', exact: true }).click();
  await laptop.getByText(/SAR section .*created/).waitFor();
  await laptop.context().close();

  // Read back on a phone: what was filled and typed is there, the grid scrolling sideways.
  const phone = await signedInPage(browser, url, admin, { width: 390, height: 844 });
  await phone.goto(`${url}/reports/sar-sections`);
  await phone.getByRole('button', { name: 'Edit 7.4' }).click();
  await expect.poll(() => cell(phone, 'Safety measures', 1).inputValue()).toBe('Fire extinguisher, first-aid kit, earthed benches');
  await phone.getByRole('region', { name: TITLE }).scrollIntoViewIfNeeded();
  await phone.screenshot({ path: `${SHOTS}/sar-section-table-phone.png` });
  await phone.context().close();
});
