import { statSync } from 'node:fs';
import { REPORTS } from '@attain/shared-types';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SHOTS, choose, launchChromium, signedInPage } from './browser.js';

/**
 * The Reports area on the demo campus (issue 15), as the demo admin at 1366x900: every report with an API opens,
 * takes the demo's published sample curriculum (and, for Faculty Profile, a sample faculty member) through its
 * pickers and shows its report; the NBA SAR export of the demo program for the latest academic year downloads as a
 * Word document of real size. A screenshot of each report is left in test-results/screenshots/ as `report-<path>.png`.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
/** The demo's curriculum whose courses have published COs and CO-PO matrices (and sample marks). */
const CURRICULUM = 'Published CO-PO samples';
const PROGRAM = 'B.Tech Computer Science and Engineering';
/** Reports the demo's sample curriculum (and sample faculty) must give at least one table. */
const WITH_TABLES = ['faculty-profile', 'department-curr', 'mapping-report', 'program-art', 'program-level', 'transpose-prog'];
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

it('every report with an API shows its report for the demo curriculum, and the SAR downloads as DOCX', async () => {
  // Downloads are accepted by default in a new context.
  const page = await signedInPage(browser, url, admin, { width: 1366, height: 900 });
  const tables: Record<string, number> = {};
  for (const r of REPORTS.filter((x) => x.api)) {
    await page.goto(`${url}/reports${r.path ? `/${r.path}` : ''}`);
    await page.getByRole('heading', { level: 2, name: r.label }).waitFor();
    if (r.pickers.includes('curriculum')) {
      await page.getByText('Choose a curriculum to see this report.').waitFor();
      await choose(page, 'filter-curriculum', CURRICULUM);
    }
    if (r.pickers.includes('user')) {
      await page.getByText('Choose a faculty member to see this report.').waitFor();
      await choose(page, 'pick-user', /Priya Sample/);
    }
    // What a person waits for: the report's first table, or its sentence saying there is nothing to show.
    await page.locator('main table.data-table, main .report-empty').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('.loading-overlay'));
    tables[r.api ?? r.path] = await page.locator('main table.data-table').count();
    expect(await page.getByRole('alert').count(), `${r.label}: no error`).toBe(0);
    await page.screenshot({ path: `${SHOTS}/report-${r.path || 'faculty-profile'}.png`, fullPage: true });
  }
  for (const api of WITH_TABLES) expect(tables[api], `${api} shows a table`).toBeGreaterThan(0);

  // The SAR of the demo program for the latest academic year, as a Word document.
  await page.goto(`${url}/reports/sar`);
  await page.getByRole('heading', { level: 2, name: 'NBA SAR Export' }).waitFor();
  await choose(page, 'pick-program', PROGRAM);
  // No year chosen: the server's default, the campus's current academic year (2025-26 in the demo).
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Download DOCX' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-2025-26\.docx$/);
  const file = await download.path();
  expect(statSync(file).size).toBeGreaterThan(5 * 1024);
  expect(await page.getByRole('alert').count()).toBe(0);
  await page.context().close();
}, 600_000);
