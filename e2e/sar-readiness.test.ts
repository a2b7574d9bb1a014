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
