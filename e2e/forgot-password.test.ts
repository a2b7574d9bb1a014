import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SHOTS, addFacultyMember, launchChromium } from './browser.js';

/**
 * "Forgot password?" (issue 44 item 3) as a person uses it on a phone: from the sign-in page they ask for a link, open
 * the mail the local stack's SES emulator took for them, choose a new password on the page the link opens, and sign in
 * with it to their dashboard.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const ses = inject('e2eSesUrl');
const EMAIL = `forgot.${Date.now().toString(36)}@attain.example`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await addFacultyMember(url, admin, { email: EMAIL, password: 'Forgotten-Pass-12!', first_name: 'Kavya', last_name: 'Rao' });
});
afterAll(async () => {
  await browser?.close();
});

/** The link of the reset mail the SES emulator took for `address`, once it has one (the mail worker sends it). */
async function resetLink(address: string): Promise<string> {
  for (;;) {
    const store = (await (await fetch(`${ses}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string; body: { html: string } }[];
    };
    const mail = store.emails.find((e) => e.destination.to.includes(address) && e.subject === 'Choose a new password for Attain');
    const link = mail && /href="([^"]+\/set-password#token=[^"]+)"/.exec(mail.body.html)?.[1];
    if (link) return link.replace(/&amp;/g, '&');
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('gets a person who forgot their password back in through the mailed link', { timeout: 120_000 }, async () => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(EMAIL);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  // The address typed on the sign-in page came along.
  expect(await page.getByLabel('E-mail').inputValue()).toBe(EMAIL);
  await page.screenshot({ path: `${SHOTS}/forgot-password-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Mail me a link' }).click();
  await page.getByRole('status').filter({ hasText: 'a link to choose a new password is on its way' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/forgot-password-sent-390.png`, fullPage: true });

  const link = await resetLink(EMAIL);
  expect(link.startsWith(`${url}/set-password#token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Remembered-Pass-12!');
  await page.getByLabel('The same password again').fill('Remembered-Pass-12!');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password is set.').waitFor();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail or username').fill(EMAIL);
  await page.getByLabel('Password').fill('Remembered-Pass-12!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.context().close();
});
