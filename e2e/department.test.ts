import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { SHOTS, launchChromium } from './browser.js';

const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  // A fresh browser profile per test: no stored session leaks from one test into the next.
  page = await (await browser.newContext({ viewport: { width: 1280, height: 850 } })).newPage();
});

/** Signs in through the sign-in page and waits for the dashboard's tiles. */
async function signIn(p: Page): Promise<void> {
  await p.goto(url);
  await p.getByLabel('E-mail or username').fill(admin.email);
  await p.getByLabel('Password').fill(admin.password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL('**/dashboard');
  await p.locator('.tile').first().waitFor();
}

const departmentRow = (name: string) => page.locator('tr', { hasText: name });

it('an admin signs in, adds, edits and deletes a department, then logs out for good', async () => {
  await signIn(page);
  expect(await page.locator('.tile').count()).toBe(8);
  await expect.poll(() => page.locator('.banner .institution').textContent()).toBe('Attain Demo College of Engineering');
  await page.screenshot({ path: `${SHOTS}/dashboard.png` });

  await page.getByRole('link', { name: 'Configuration' }).first().click();
  await page.getByRole('link', { name: 'Department', exact: true }).click();
  await page.waitForURL('**/configuration/department');
  await departmentRow('Computer Science and Engineering').waitFor();

  // The empty form is refused with Required on both required fields.
  await page.getByRole('button', { name: 'ADD' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.locator('#e-name').textContent()).toBe('Required');
  expect(await page.locator('#e-short_name').textContent()).toBe('Required');

  // An 11-character short name is refused.
  await page.locator('#f-name').fill('Electrical and Electronics Engineering');
  await page.locator('#f-short_name').fill('ELECTRICALS');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.locator('#e-short_name').textContent()).toBe('Too Long!');
  await page.screenshot({ path: `${SHOTS}/department-form-errors.png` });

  await page.locator('#f-short_name').fill('EEE');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.locator('.popup').textContent()).toContain('successfully created');
  await departmentRow('Electrical and Electronics Engineering').waitFor();
  await page.screenshot({ path: `${SHOTS}/department-list.png` });

  // Edit it.
  await page.getByRole('button', { name: 'Edit Electrical and Electronics Engineering' }).click();
  await page.locator('#f-chairman').fill('Dr. S. Iyer');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await departmentRow('Dr. S. Iyer').waitFor();

  // Delete asks first; cancelling keeps the row, accepting removes it.
  await page.getByRole('button', { name: 'Delete Electrical and Electronics Engineering' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await departmentRow('Electrical and Electronics Engineering').count()).toBe(1);
  await page.getByRole('button', { name: 'Delete Electrical and Electronics Engineering' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await departmentRow('Electrical and Electronics Engineering').waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${url}/`);
  await page.reload();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  // Signed out, the page asked for leads to the sign-in page, which will come back to it.
  await page.goto(`${url}/configuration/department`);
  await page.waitForURL((u) => u.pathname === '/');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/configuration/department');
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
});

it('the organization form saves, and the banner shows the new name', async () => {
  await signIn(page);
  await page.goto(`${url}/configuration`);
  await page.locator('.ql-editor').waitFor();
  await page.locator('#f-name').fill('Attain Demo Institute of Technology');
  await page.locator('.ql-editor').fill('Founded for outcome-based education.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => page.locator('.banner .institution').textContent()).toBe('Attain Demo Institute of Technology');
  await page.reload();
  await page.locator('.ql-editor').waitFor();
  expect(await page.locator('#f-name').inputValue()).toBe('Attain Demo Institute of Technology');
  expect(await page.locator('.ql-editor').textContent()).toContain('Founded for outcome-based education.');
  await page.screenshot({ path: `${SHOTS}/organization.png`, fullPage: true });
});

it('on a phone the navigation is a left drawer whose entries go where they say', async () => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
  await signIn(phone);
  expect(await phone.locator('.top-nav').isVisible()).toBe(false);
  await phone.getByRole('button', { name: 'Open menu' }).click();
  const drawer = phone.locator('.drawer-nav');
  await drawer.waitFor();
  // The nine areas in the order of the work, as the top menu lists them.
  expect(await drawer.locator('a').allTextContents()).toEqual(
    ['Dashboard', 'Configuration', 'Curriculum', 'Assessments', 'Attainment', 'Survey', 'Reports', 'Faculty Contribution', 'Utilities'].map(
      (l) => ` ${l}`,
    ),
  );
  await phone.screenshot({ path: `${SHOTS}/phone-drawer.png` });
  await drawer.getByRole('link', { name: 'Curriculum' }).click();
  await phone.waitForURL('**/curriculum');
  await phone.close();
});
