import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium } from './browser.js';

/**
 * Dates typed as the campus writes them (issue 30, item 3): `dd/mm/yyyy` typed and Tab keeps it, a filled date can be
 * typed over, and a date half typed stays as typed with a sentence saying how to finish it; the saved day is the one
 * typed.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const member = { email: 'kavya.rao@attain.example', password: 'Kavya-Faculty-1!' };
let browser: Browser;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  browser = await launchChromium();
  api = client(url, await login(url, admin.email, admin.password));
  const made = await api.post('/api/auth/user-list', { ...member, role: 'faculty', first_name: 'Kavya', last_name: 'Rao' });
  expect(made.status).toBe(201);
});
afterAll(async () => browser?.close());

it('a faculty member types the date of joining as dd/mm/yyyy, types over it, and a half-typed date is kept and explained', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${url}/faculty-contribution`);
  await page.getByLabel('E-mail or username').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const joining = page.locator('#f-date_of_joining');
  await joining.waitFor();
  expect(await joining.getAttribute('placeholder')).toBe('dd/mm/yyyy');
  await joining.click();
  await page.keyboard.type('15/09/2026');
  await page.keyboard.press('Tab');
  expect(await joining.inputValue()).toBe('15/09/2026');
  // Typed over: everything selected, then the new day; then only the year, mended in place.
  await joining.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('01/06/2025');
  await page.keyboard.press('Tab');
  expect(await joining.inputValue()).toBe('01/06/2025');
  await joining.click();
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('2024');
  await page.keyboard.press('Tab');
  expect(await joining.inputValue()).toBe('01/06/2024');
  // Half typed, then left: kept as typed, and the form says how to finish it.
  const relieving = page.locator('#f-relieving_date');
  await relieving.click();
  await page.keyboard.type('31/05');
  await page.keyboard.press('Tab');
  expect(await relieving.inputValue()).toBe('31/05');
  await page.getByText('Not a valid date: type it as dd/mm/yyyy').waitFor();
  await page.screenshot({ path: `${SHOTS}/typed-dates-1366.png` });
  // Finished, then saved: the profile keeps the days typed.
  await relieving.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Update' }).click();
  await page.getByText('Faculty Profile successfully updated').waitFor();
  const mine = client(url, await login(url, member.email, member.password));
  expect((await mine.get('/api/auth/profile')).body.data.date_of_joining).toBe('2024-06-01');
  await page.context().close();
});
