import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AREA_TABS, GROUP_TABS, tabRoute } from '../frontend/src/app/navigation.js';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium, signedInPage } from './browser.js';

/**
 * Layout rules of issue 11, checked on every screen of the Configuration, Curriculum, Assessments and Attainment
 * areas (every side tab, so every generic list and form of the registry) at a laptop's 1366x900 and a phone's
 * 390x844, with the demo's published courses and sample marks chosen so result tables have rows. A screenshot of
 * each screen (and of each area's first form) is left in test-results/screenshots/ as `layout-<width>-<route>.png`.
 * The group administrator's dashboard and Group area (issue 16) are walked the same way.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const group = inject('e2eGroup');
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
let browser: Browser;
let api: ReturnType<typeof client>;
/** The published sample courses' curriculum and BCS401 (COs, matrix, sample marks in three years). */
let pick: { curriculum: string; term: string; course: string };

beforeAll(async () => {
  browser = await launchChromium();
  api = client(url, await login(url, admin.email, admin.password));
  const samples = (await api.get('/api/curriculum')).body.data.find((c: { name: string }) => c.name === 'Published CO-PO samples');
  const bcs401 = (await api.get(`/api/Course-Curriculum?curriculum=${samples.id}`)).body.data.find(
    (c: { code: string }) => c.code === 'BCS401',
  );
  pick = { curriculum: samples.id, term: bcs401.term, course: bcs401.id };
});
afterAll(async () => browser?.close());

const signedIn = (size: { width: number; height: number }): Promise<Page> => signedInPage(browser, url, admin, size);

/** Waits until the page has what a person waits for: no loading overlay, no "Loading…" text. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h2').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.loading-overlay') && !document.querySelector('main')?.textContent?.includes('Loading…'),
  );
}

/**
 * What breaks the layout rules on the current screen: elements whose right edge passes their card's (unless inside
 * a box that scrolls sideways, itself inside the card), row actions outside the visible part of their table, and a
 * page wider than the window.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const card = document.querySelector('.side-content') ?? document.querySelector('main');
    if (!card) return ['no card'];
    const cr = card.getBoundingClientRect();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}.${String(el.className).split(' ')[0]}`;
    const out: string[] = [];
    for (const el of card.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      let scrolled = false;
      for (let p = el.parentElement; p && p !== card; p = p.parentElement)
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) scrolled = true;
      if (!scrolled && r.right > cr.right + 1)
        out.push(`${name(el)} ends at ${Math.round(r.right)} px, its card at ${Math.round(cr.right)} px`);
    }
    for (const b of [...card.querySelectorAll('.row-actions button')].slice(0, 30)) {
      const r = b.getBoundingClientRect();
      const box = (b.closest('.table-scroll') ?? card).getBoundingClientRect();
      if (r.right > Math.min(box.right, cr.right) + 1 || r.left < box.left - 1) out.push(`row action ${name(b)} is out of view`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      out.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`);
    return out.slice(0, 5);
  });
}

/** The button that opens a screen's full-screen form: ADD on generic lists, Add User on Users, the spec's Add Topic on Stakeholders. */
const addButton = (page: Page) => page.getByRole('button', { name: /^(ADD|Add User|Add Topic)$/ });

/** The form rules: first label below the header and on screen, Save on screen, Escape and Enter keep what was typed. */
async function checkForm(page: Page, shot: string): Promise<void> {
  await addButton(page).click();
  const dialog = page.locator('.form-dialog');
  const form = dialog.locator('form');
  // Measured once it has finished opening (a compact form grows from the middle).
  await page.locator('.form-dialog.p-dialog-enter-done form').waitFor();
  // The keyboard starts in the form's first field.
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.form-dialog form'))), { message: 'focus in the form' })
    .toBe(true);
  const vh = page.viewportSize()?.height ?? 0;
  const header = (await dialog.locator('.p-dialog-header').boundingBox())!;
  const label = (await form.locator('label').first().boundingBox())!;
  expect(label.y, 'first label under the form header').toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(label.y + label.height, 'first label on screen').toBeLessThanOrEqual(vh);
  // Save, and "Save and add another" on a form adding a record: both on screen.
  for (const button of await dialog.locator('.p-dialog-footer button[type="submit"]').all()) {
    const save = (await button.boundingBox())!;
    expect(save.y + save.height, `${await button.textContent()} on screen without scrolling`).toBeLessThanOrEqual(vh);
  }
  await page.screenshot({ path: `${SHOTS}/${shot}` });

  // Escape on an open dropdown closes the dropdown, not the form.
  const dropdown = form.locator('.p-dropdown:visible').first();
  if (await dropdown.count()) {
    await dropdown.click();
    await page.locator('.p-dropdown-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    expect(await form.isVisible(), 'Escape on a dropdown keeps the form').toBe(true);
  }
  // Enter in a one-line field does not submit; Escape on a changed form asks before losing it.
  const field = form.locator('input.p-inputtext:not([inputmode]):not(.p-calendar input):visible, textarea:visible').first();
  await field.click();
  await field.pressSequentially('Typed');
  if ((await field.evaluate((el) => el.tagName)) === 'INPUT') {
    // The browser's implicit submission fires the form's submit event during the key press: count them.
    await form.evaluate((f) => {
      (window as unknown as { submits: number }).submits = 0;
      f.addEventListener('submit', () => (window as unknown as { submits: number }).submits++, true);
    });
    await field.press('Enter');
    expect(await page.evaluate(() => (window as unknown as { submits: number }).submits), 'Enter did not submit').toBe(0);
    expect(await form.isVisible(), 'Enter did not save and close the form').toBe(true);
  }
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });
  expect(await field.inputValue()).toContain('Typed');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Discard' }).click();
  await form.waitFor({ state: 'detached' });
  // The keyboard is back on the button that opened the form.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), { message: 'focus back on ADD' })
    .toMatch(/^(ADD|Add User|Add Topic)$/);
}

/**
 * The spec's record-page form (Faculty Contribution): below the table; ADD brings it into view with the keyboard in
 * its first field, and Enter in a one-line field does not save. A page that is a form (Send Mail) has no ADD: its form
 * is ready as the page opens.
 */
async function checkInlineForm(page: Page): Promise<void> {
  const form = page.locator('.inline-form form');
  if (await addButton(page).count()) {
    await addButton(page).click();
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.inline-form form'))), {
        message: 'focus in the inline form',
      })
      .toBe(true);
  }
  const field = form.locator('input.p-inputtext:not([inputmode]):not(.p-calendar input):visible').first();
  await field.fill('Typed');
  await form.evaluate((f) => {
    (window as unknown as { submits: number }).submits = 0;
    f.addEventListener('submit', () => (window as unknown as { submits: number }).submits++, true);
  });
  await field.press('Enter');
  expect(await page.evaluate(() => (window as unknown as { submits: number }).submits), 'Enter did not submit').toBe(0);
  expect(await field.inputValue()).toBe('Typed');
}

/** How many screens of an area show a list with rows in the demo (the sample faculty members' records included). */
const LISTS_WITH_ROWS: Record<string, number> = {
  '/configuration': 3,
  '/curriculum': 3,
  '/assessments': 1,
  '/attainment': 3,
  '/faculty-contribution': 6,
  // Manage User's users (the sent mail and the suppression list may still be empty).
  '/utilities': 1,
  // The reports of the sample course's curriculum (department/curriculum, mapping, articulation matrices...).
  '/reports': 3,
};

/**
 * Lists whose every column fits beside the sticky Actions column on a 1366 px laptop, with nothing to scroll sideways:
 * ISE/MSE Occasions once hid its Status column under Actions.
 */
const FIT_ON_LAPTOP = new Set(['/assessments/manage-ise-mse-occassion']);

/** Filters that give course and result pages something to show (ignored by pages without such filters). */
const queryFor = (area: string) =>
  area === '/configuration'
    ? ''
    : `?${new URLSearchParams(area === '/attainment' ? pick : { curriculum: pick.curriculum, term: pick.term, course: pick.course })}`;

describe.each(SIZES)('at $width x $height', (size) => {
  for (const area of Object.keys(AREA_TABS)) {
    it(`every screen of ${area} fits its card, and every form keeps its labels, its Save and what was typed`, async () => {
      const page = await signedIn(size);
      const phone = size.width < 720;
      let lists = 0;
      for (const tab of AREA_TABS[area]) {
        const route = tabRoute(area, tab.path);
        await page.goto(`${url}${route}${queryFor(area)}`);
        await settled(page);
        expect(await layoutProblems(page), `${route} at ${size.width}`).toEqual([]);
        if (!phone && FIT_ON_LAPTOP.has(route))
          expect(
            await page
              .locator('main .table-scroll')
              .first()
              .evaluate((el) => el.scrollWidth - el.clientWidth),
            `${route}: columns hidden under Actions`,
          ).toBeLessThanOrEqual(0);
        // Lists and result tables are cards on a phone, tables elsewhere.
        expect(await page.locator(phone ? 'main table.data-table' : 'main .record-cards').count(), `${route} layout`).toBe(0);
        lists += await page.locator(phone ? 'main .record-cards' : 'main table.data-table').count();
        await page.screenshot({ path: `${SHOTS}/layout-${size.width}${route.replace(/\//g, '-')}.png`, fullPage: true });
        if (await page.locator('.inline-form').count()) await checkInlineForm(page);
        else if (await addButton(page).count()) {
          await checkForm(page, `layout-${size.width}${route.replace(/\//g, '-')}-form.png`);
        }
      }
      // The rules above were tried on real lists, not only on empty screens.
      expect(lists, 'lists and result tables seen').toBeGreaterThanOrEqual(LISTS_WITH_ROWS[area] ?? 0);
      await page.context().close();
    }, 600_000);
  }

  it("the group administrator's dashboard and Group area fit their cards, tables on a laptop and cards on a phone", async () => {
    const page = await signedInPage(browser, url, group, size);
    const phone = size.width < 720;
    for (const route of ['/dashboard', ...GROUP_TABS.map((t) => tabRoute('/group', t.path))]) {
      await page.goto(`${url}${route}`);
      await settled(page);
      if (route === '/dashboard') await page.locator('.tile-figure').first().waitFor();
      else
        await page
          .locator(phone ? 'main .record-cards' : 'main table.data-table')
          .first()
          .waitFor();
      expect(await layoutProblems(page), `${route} at ${size.width}`).toEqual([]);
      expect(await page.locator(phone ? 'main table.data-table' : 'main .record-cards').count(), `${route} layout`).toBe(0);
      await page.screenshot({ path: `${SHOTS}/layout-${size.width}-group${route.replace(/\//g, '-')}.png`, fullPage: true });
    }
    await page.context().close();
  }, 300_000);
});
