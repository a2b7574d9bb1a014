import { mkdirSync } from 'node:fs';
import { type Browser, type Page, chromium } from 'playwright-core';
import { client, login } from '../functions/tests/support/client.js';

/** Headless Debian Chromium with the flags this sandbox needs (no background networking, no sandbox as root). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Where screenshots go (git-ignored). */
export const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** A new page of its own context at `viewport`, signed in through the sign-in page as `who`, on the dashboard. */
export async function signedInPage(
  browser: Browser,
  url: string,
  who: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

/** Opens the dropdown whose input is `#id` and picks the option named `option`. */
export async function choose(page: Page, id: string, option: string | RegExp): Promise<void> {
  await page.locator(`.p-dropdown:has(#${id})`).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/**
 * Adds a faculty member to the demo campus as its admin `admin` would (Add User, with a password), for a test that
 * needs an account of its own.
 * @throws Error when the campus refuses the new user
 */
export async function addFacultyMember(
  url: string,
  admin: { email: string; password: string },
  member: { email: string; password: string; first_name: string; last_name: string },
): Promise<void> {
  const api = client(url, await login(url, admin.email, admin.password));
  const made = await api.post('/api/auth/user-list', { ...member, role: 'faculty' });
  if (made.status !== 201) throw new Error(`Adding ${member.email} was refused: ${made.status} ${JSON.stringify(made.body)}`);
}
