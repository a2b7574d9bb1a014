import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium } from './browser.js';

/**
 * Ending access (issue 42, item 1), as two people see it: a campus admin disables a faculty member from Configuration >
 * Users; the member's open session is sent to the sign-in page at its next step, which says why, and signing in again
 * is refused with the same words.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const leaver = { email: 'leela.menon@attain.example', password: 'Leela-Faculty-1!' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  const api = client(url, await login(url, admin.email, admin.password));
  const made = await api.post('/api/auth/user-list', { ...leaver, role: 'faculty', first_name: 'Leela', last_name: 'Menon' });
  expect(made.status).toBe(201);
});
afterAll(async () => browser?.close());

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail or username').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

it('an admin disables a faculty member: their open session goes to sign-in saying why, and signing in again is refused', async () => {
  const member = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await member.goto(`${url}/dashboard`);
  await signIn(member, leaver);
  await member.waitForURL('**/dashboard');

  const desk = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await desk.goto(`${url}/configuration/users`);
  await signIn(desk, admin);
  await desk.getByRole('button', { name: 'Access of Leela Menon' }).click();
  await desk.getByRole('menuitem', { name: 'Disable' }).click();
  await desk.getByRole('dialog').getByText('They are signed out within a minute').waitFor();
  await desk.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  const row = desk.getByRole('row', { name: /Leela Menon/ });
  await row.getByText('Disabled', { exact: true }).waitFor();
  await desk.screenshot({ path: `${SHOTS}/access-disabled-1366.png` });

  // The member's next step: the session is refused and the sign-in page says why.
  await member.reload();
  await member
    .getByRole('alert')
    .getByText('Your access has been ended by an administrator')
    .waitFor()
    .catch(async (e: unknown) => {
      // What the member saw instead: the address and every alert on the page.
      const alerts = await member.getByRole('alert').allInnerTexts();
      await member.screenshot({ path: `${SHOTS}/access-refused-failed-390.png` });
      throw new Error(`${String(e)}\nat ${member.url()}, alerts: ${JSON.stringify(alerts)}`);
    });
  expect(new URL(member.url()).pathname).toBe('/');
  expect(member.url().match(/next=/g)?.length ?? 0).toBeLessThanOrEqual(1);
  await signIn(member, leaver);
  await member.getByRole('alert').getByText('Your access has been ended by an administrator').waitFor();
  await member.screenshot({ path: `${SHOTS}/access-refused-390.png` });
});
