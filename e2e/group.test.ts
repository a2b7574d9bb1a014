import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SHOTS, launchChromium, signedInPage } from './browser.js';

/**
 * A group of campuses (issue 16), as the demo group's administrator at 1366x900: adds a campus on the Group area's
 * Campuses page and sees it listed with its invitation's message; the roll-up shows both demo campuses and the new
 * one side by side; a PO1 figure of the demo campus opens the program attainment page with that campus chosen in the
 * banner's picker.
 */
const url = inject('e2eUrl');
const group = inject('e2eGroup');
const DEMO = 'Attain Demo College of Engineering';
const EAST = 'Attain Demo Institute of Technology, East Campus';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

it('the group administrator adds a campus, compares the campuses and drills down into one', async () => {
  const page = await signedInPage(browser, url, group, { width: 1366, height: 900 });
  // No campus chosen: the dashboard counts for the whole group.
  await page.getByText(/^All campuses of /).waitFor();
  expect(await page.locator('.tile').count()).toBe(8);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Group' }).click();
  await page.waitForURL('**/group/campuses');
  const campuses = page.getByRole('table', { name: 'Campuses' });
  await campuses.getByText(DEMO).waitFor();
  await campuses.getByText(EAST).waitFor();

  const id = `e2e-${Date.now().toString(36)}`;
  const name = `E2E College ${id}`;
  const email = `${id}@simulator.amazonses.com`;
  await page.getByRole('button', { name: 'Add campus' }).click();
  await page.getByLabel(/^Campus id/).fill(id);
  await page.getByLabel(/^Organization name/).fill(name);
  await page.getByLabel(/^First administrator's e-mail/).fill(email);
  await page.getByLabel(/^Administrator's first name/).fill('Esha');
  await page.getByLabel(/^Administrator's last name/).fill('Tester');
  await page.getByRole('button', { name: 'Create campus' }).click();
  await page.getByText(`Campus created; an invitation was mailed to ${email}`).waitFor({ timeout: 30_000 });
  const row = campuses.locator('tr', { hasText: name });
  await row.waitFor();
  expect(await row.textContent()).toContain('Active');
  expect(await row.textContent()).toContain(email);
  await page.screenshot({ path: `${SHOTS}/group-campuses.png`, fullPage: true });

  await page.getByRole('link', { name: 'Roll-up' }).first().click();
  await page.waitForURL('**/group/rollup');
  await page.getByRole('heading', { level: 2, name: /^Roll-up of / }).waitFor();
  const first = page.locator('main .rollup-section table.data-table').first();
  await first.waitFor({ timeout: 30_000 });
  const headers = await first.getByRole('columnheader').allTextContents();
  for (const campus of [DEMO, EAST, name])
    expect(
      headers.some((h) => h.includes(campus)),
      campus,
    ).toBe(true);
  await page.screenshot({ path: `${SHOTS}/group-rollup.png`, fullPage: true });

  // A PO1 figure of the demo campus opens the page it came from, with the demo campus chosen.
  await page
    .getByRole('link', { name: new RegExp(`^PO1, ${DEMO}: `) })
    .first()
    .click();
  await page.waitForURL('**/attainment/program-level-course**');
  // What a person waits for: the page's heading and the program's results, read from the demo campus.
  await page.getByRole('heading', { level: 2, name: 'Program Level PO Attainment' }).waitFor();
  await page.locator('main table.data-table').first().waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByLabel('Campus').inputValue()).toBe('demo');
  // The banner names the campus by its organization record, which other tests may rename: read it through the API.
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(group),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const profile = await fetch(`${url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}`, 'x-campus': 'demo' } });
  const organization = ((await profile.json()) as { data: { organization_name: string } }).data.organization_name;
  await expect.poll(() => page.locator('.banner .institution').textContent()).toBe(organization);
  expect(new URL(page.url()).searchParams.get('campus')).toBeNull();
  await page.screenshot({ path: `${SHOTS}/group-drill-down.png`, fullPage: true });
  await page.context().close();
}, 300_000);
