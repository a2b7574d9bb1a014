import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { AREA_TABS, NAV_ENTRIES, tabRoute } from '../frontend/src/app/navigation.js';
import { client, login } from '../functions/tests/support/client.js';
import { documentTitle } from '../frontend/src/lib/document-title.js';
import { SHOTS, launchChromium } from './browser.js';

/** Getting around (issue 11): the phone's drawer, deep links through sign-in, and finding a record just saved. */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
let browser: Browser;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  browser = await launchChromium();
  api = client(url, await login(url, admin.email, admin.password));
});
afterAll(async () => browser?.close());

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('E-mail or username').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

it('on a phone, the drawer lists the nine areas with expandable submenus, and every entry opens the page it names', async () => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(url);
  await signIn(page);
  await page.waitForURL('**/dashboard');
  const drawer = page.getByRole('navigation', { name: 'Main menu' });
  const open = async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Open when it has finished sliding in.
    await page.locator('.p-sidebar-enter-done').getByRole('navigation', { name: 'Main menu' }).waitFor();
  };
  await open();
  for (const e of NAV_ENTRIES) expect(await drawer.getByRole('link', { name: e.label, exact: true }).count(), e.label).toBe(1);
  await page.screenshot({ path: `${SHOTS}/drawer-390.png` });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  for (const [area, tabs] of Object.entries(AREA_TABS)) {
    const label = NAV_ENTRIES.find((e) => e.to === area)?.label as string;
    for (const tab of tabs) {
      await open();
      const toggle = drawer.getByRole('button', { name: `Show ${label} pages` });
      // The current area's submenu is open already; another area's opens on request.
      if (await toggle.count()) await toggle.click();
      const submenu = drawer.getByRole('list', { name: `${label} pages` });
      await submenu.getByRole('link', { name: tab.label, exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await page.waitForURL((u) => u.pathname === tabRoute(area, tab.path));
      // The page shown is the one the entry names: its side tab is the active one.
      await expect.poll(() => page.locator('.side-tab.active').textContent(), { message: `${label} > ${tab.label}` }).toBe(tab.label);
      // Named as it is: its own title and one h1.
      await expect.poll(() => page.title()).toBe(documentTitle(tab.label, label));
      // Polled: a page that draws more after its title (Swagger UI on API reference) settles to one h1.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([tab.label]);
    }
  }
  await open();
  await page.screenshot({ path: `${SHOTS}/drawer-submenu-390.png` });
  await page.context().close();
  // Every side tab of every area (over 60 with the 18 reports), each opened through the drawer as a person would.
}, 300_000);

it('a deep link opened while signed out comes back after sign-in, filters and all', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  const samples = (await api.get('/api/curriculum')).body.data.find((c: { name: string }) => c.name === 'Published CO-PO samples');
  const deep = `/curriculum/course-outcome?curriculum=${samples.id}`;
  await page.goto(`${url}${deep}`);
  await page.waitForURL((u) => u.pathname === '/');
  await signIn(page);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === deep);
  await expect.poll(() => page.locator('.p-dropdown-label').first().textContent()).toBe('Published CO-PO samples');
  await page.context().close();
});

it('a record saved onto a later page of a sorted list is turned to, highlighted and on screen', async () => {
  // 25 program modes: the list pages at 20.
  for (let i = 1; i <= 25; i++) await api.post('/api/program-mode', { name: `Paging mode ${String(i).padStart(2, '0')}` });
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${url}/configuration/program-mode`);
  await signIn(page);
  await page.waitForURL('**/configuration/program-mode');
  await page
    .getByText(/^Paging mode \d\d$/)
    .first()
    .waitFor();
  // Sorted by name, "Zonal" comes last: on the second page.
  await page.getByRole('button', { name: /^Name/ }).click();
  await page.getByRole('button', { name: 'ADD' }).click();
  await page.locator('#f-name').fill('Zonal weekend mode');
  await page.locator('.form-dialog').getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('successfully created').waitFor();
  const row = page.locator('tr.row-saved');
  await expect.poll(() => row.textContent()).toContain('Zonal weekend mode');
  expect(await page.locator('.p-paginator-current').textContent()).toMatch(/^21-\d+ of \d+$/);
  const box = (await row.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(900);
  await page.screenshot({ path: `${SHOTS}/saved-row-on-page-2.png` });
  await page.context().close();
});

it('a campus that writes dates the US way sees them so on every page at once after saving its organization', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${url}/configuration`);
  await signIn(page);
  await page.waitForURL('**/configuration');
  await page.locator('.p-dropdown:has(#f-locale)').click();
  await page.getByRole('option', { name: /^United States/ }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('successfully updated').waitFor();
  const monthFirst = /^(0\d|1[0-2])\/(1[3-9]|2\d|3[01])\/20\d\d$/;
  const dayFirst = /^(1[3-9]|2\d|3[01])\/(0\d|1[0-2])\/20\d\d$/;
  try {
    // Within the app (no reload): the marks list dates its occasions month first (a day past the 12th shows it).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Attainment' }).click();
    await page.getByRole('cell', { name: monthFirst }).first().waitFor();
    expect(await page.getByRole('cell', { name: dayFirst }).count(), 'no day-first dates left').toBe(0);
    await page.screenshot({ path: `${SHOTS}/dates-en-US.png` });
  } finally {
    const org = (await api.get('/api/organization')).body.data[0];
    const { id, created_by: _c, created_at: _ca, updated_by: _u, updated_at: _ua, ...fields } = org;
    await api.put(`/api/organization/${id}`, { ...fields, locale: 'en-IN' });
  }
  await page.context().close();
});

it('an unknown address shows Page not found with the way home; a keyboard user skips the menu with the first Tab', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${url}/attainmnet/co-attainment`);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  expect(await page.title()).toBe('Page not found · Attain');
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  // Signed out: the dashboard asks for a sign-in first, then opens.
  await signIn(page);
  await page.waitForURL('**/dashboard');
  // A page opened afresh (the session kept): the first Tab reaches the skip link, before the banner and the menu.
  await page.goto(`${url}/attainment/co-attainment`);
  await page.getByRole('heading', { level: 1, name: 'CO Attainment' }).waitFor({ state: 'attached' });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/skip-link-1366.png` });
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  await page.context().close();
});
