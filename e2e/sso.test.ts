import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, addFacultyMember, launchChromium, signedInPage } from './browser.js';

/**
 * Sign-in with the college's accounts (issue 44 item 2, decision 0063) as a person does it in a browser: on the
 * sign-in page their address offers "Continue with <college>", the college's own sign-in page (the local stack's
 * OpenID provider) asks who they are, and they arrive at their dashboard signed in as their own Attain account. An
 * address Attain does not know comes back to the sign-in page, told why.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const saml = inject('e2eSaml');
const run = Date.now().toString(36);
const EMAIL = `sso.${run}@attain.example`;
const COLLEGE = 'Continue with Attain Demo College accounts';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await addFacultyMember(url, admin, { email: EMAIL, password: 'Never-Typed-Pass-12!', first_name: 'Meena', last_name: 'Iyer' });
});
afterAll(async () => {
  await browser?.close();
});

/** Types `address` on the sign-in page, continues with the college, and signs in there as `address`. */
async function throughCollege(page: Page, address: string, shot: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(address);
  await page.getByRole('button', { name: COLLEGE }).click();
  // The college's own page (the local provider's development form).
  await page.locator('input[name="login"]').waitFor();
  expect(new URL(page.url()).origin).not.toBe(new URL(url).origin);
  await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
  await page.locator('input[name="login"]').fill(address);
  await page.locator('input[name="password"]').fill('the college checks this');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

it('signs a person in through their college account to their own dashboard', { timeout: 120_000 }, async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(url);
  await page.getByLabel('E-mail or username').fill(EMAIL);
  await page.getByRole('button', { name: COLLEGE }).waitFor();
  await page.screenshot({ path: `${SHOTS}/sso-sign-in-1366.png`, fullPage: true });
  await throughCollege(page, EMAIL, 'sso-college-page-1366.png');
  // The first sign-in links the college account to the person's Attain account and lands signed in.
  await page.waitForURL('**/dashboard');
  // The banner names the account signed in: the person's own.
  await page.getByText(EMAIL).first().waitFor();
  // The dashboard's tiles: the person's own campus, read with the college session's token.
  await page.locator('.tile').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/sso-dashboard-1366.png`, fullPage: true });
  // A reload keeps the session; signing out ends it: the dashboard sends the visitor to sign in again.
  await page.reload();
  await page.getByText(EMAIL).first().waitFor();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await page.goto(`${url}/dashboard`);
  await page.waitForURL((u) => u.pathname === '/');
});

it('tells an address Attain does not know why it was not signed in, on a phone', { timeout: 120_000 }, async () => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await throughCollege(page, `nobody.${run}@attain.example`, 'sso-college-page-390.png');
  await page.getByRole('alert').filter({ hasText: 'No Attain account at this college uses the address you signed in with' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  // The address typed before is back in the form.
  expect(await page.getByLabel('E-mail or username').inputValue()).toBe(`nobody.${run}@attain.example`);
  await page.screenshot({ path: `${SHOTS}/sso-refused-390.png`, fullPage: true });
});

it("shows the campus's admin the provider in use and the redirect URI to register", { timeout: 120_000 }, async () => {
  const page = await signedInPage(browser, url, admin, { width: 390, height: 844 });
  await page.goto(`${url}/utilities/college-sign-in`);
  // The setting read: the redirect URI to register, and the form filled with what is saved.
  await page.getByText(`${url}/oauth2/idpresponse`).waitFor();
  expect(await page.getByLabel('E-mail domains').inputValue()).toBe('attain.example');
  // A secret left empty keeps the saved one; a domain left out is refused with its field named.
  await page.getByLabel('E-mail domains').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Give the e-mail domains its accounts use').waitFor();
  expect(await page.getByLabel('E-mail domains').evaluate((e) => e === document.activeElement)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/sso-admin-390.png`, fullPage: true });
});

it('lets a campus admin set a SAML provider, through which a person then signs in', { timeout: 120_000 }, async () => {
  const eastAdmin = { email: saml.campusAdmin, password: admin.password };
  const page = await signedInPage(browser, url, eastAdmin, { width: 1366, height: 900 });
  await page.goto(`${url}/utilities/college-sign-in`);
  await page.getByLabel('E-mail domains').waitFor();
  // SAML asks for the provider's metadata instead of an issuer and client, and names what to register for Attain.
  await page.getByLabel('SAML 2.0').check();
  await page.getByText(`${url}/saml2/idpresponse`).waitFor();
  expect(await page.getByLabel('Issuer URL').count()).toBe(0);
  await page.getByLabel('Name people see').fill('East Campus SAML');
  await page.getByLabel('E-mail domains').fill(saml.campusAdmin.split('@')[1]);
  await page.getByRole('button', { name: 'Turn on college sign-in' }).click();
  await page.getByText("Give the provider's SAML metadata URL").waitFor();
  expect(await page.getByLabel('SAML metadata URL').evaluate((e) => e === document.activeElement)).toBe(true);
  await page.getByLabel('SAML metadata URL').fill(saml.metadataUrl);
  await page.getByRole('button', { name: 'Turn on college sign-in' }).click();
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/sso-saml-admin-1366.png`, fullPage: true });
  try {
    // Another browser: the admin signs in through the SAML provider's own page.
    const person = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await person.goto(url);
    await person.getByLabel('E-mail or username').fill(saml.campusAdmin);
    await person.getByRole('button', { name: 'Continue with East Campus SAML' }).click();
    // The college's own page: the local SAML provider's form, on its own origin.
    await person.waitForURL((u) => u.origin !== new URL(url).origin);
    await person.getByRole('heading', { name: 'College sign-in' }).waitFor();
    await person.locator('input[name="email"]').fill(saml.campusAdmin);
    await person.locator('input[name="password"]').fill('the college checks this');
    await person.getByRole('button', { name: 'Sign in' }).click();
    await person.waitForURL('**/dashboard');
    await person.locator('.tile').first().waitFor();
    // Signed in as the admin's own account (the banner's name, folded away on a phone).
    expect(await person.locator('.who').first().textContent()).toBe(saml.campusAdmin);
    await person.screenshot({ path: `${SHOTS}/sso-saml-dashboard-390.png`, fullPage: true });
  } finally {
    const api = client(url, await login(url, eastAdmin.email, eastAdmin.password));
    expect((await api.del('/api/auth/identity-provider')).status).toBe(204);
  }
});
