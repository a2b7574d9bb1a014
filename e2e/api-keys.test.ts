import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client, login } from '../functions/tests/support/client.js';
import { SHOTS, launchChromium, signedInPage } from './browser.js';

/**
 * The ERP's door (issue 44 item 4) as a campus admin opens it: in the browser they create an API key that may sync
 * rosters and copy its id and secret from the dialog that shows them once; a script then gets a token with them and
 * syncs a section's roster twice, the second time changing nothing; revoked in the browser, the key stops.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const NAME = `ERP nightly ${Date.now().toString(36)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** What the script does: a token for the id and secret (client credentials), then the sync of one section. */
async function script(id: string, secret: string, tokenUrl: string) {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'attain/rosters.write' }),
  });
  if (res.status !== 200) return { status: res.status };
  return { status: 200, api: client(url, ((await res.json()) as { access_token: string }).access_token) };
}

it('creates a key in the browser that a script syncs a roster with, twice, and revokes it', { timeout: 180_000 }, async () => {
  const page = await signedInPage(browser, url, admin, { width: 1366, height: 900 });
  await page.goto(`${url}/utilities/api-keys`);
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill(NAME);
  await page.getByLabel("Replace a section's students (roster sync)").check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: "Copy the new key's secret now" });
  await shown.waitFor();
  const value = (label: string) =>
    shown
      .locator('.copy-value', { has: page.getByText(label, { exact: true }) })
      .locator('code')
      .innerText();
  const [id, secret, tokenUrl] = [await value('Client id'), await value('Secret'), await value('Token URL')];
  expect(tokenUrl).toBe(`${url}/oauth2/token`);
  await page.screenshot({ path: `${SHOTS}/api-key-shown-1366.png` });
  await shown.getByRole('button', { name: 'I have copied the secret' }).click();
  await shown.waitFor({ state: 'detached' });
  // Shown once: the page holds the secret nowhere now.
  expect(await page.content()).not.toContain(secret);

  const curriculum = (await client(url, await login(url, admin.email, admin.password)).get('/api/curriculum?limit=1')).body.data[0].id;
  const erp = await script(id, secret, tokenUrl);
  expect(erp.status).toBe(200);
  const path = `/api/roster?curriculum=${curriculum}&section=E2E`;
  const students = [
    { roll_no: 'E2E-001', name: 'Asha Rao', email: 'asha.e2e@attain.example' },
    { roll_no: 'E2E-002', name: 'Vikram Shetty' },
  ];
  const first = await erp.api!.put(path, { students });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await erp.api!.put(path, { students });
  expect(second.body).toMatchObject({ added: [], changed: [], left: [], written: false, unchanged: ['E2E-001', 'E2E-002'] });

  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
  await page.getByRole('dialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke', exact: true }).click();
  await row.getByText('Revoked').waitFor();
  await page.screenshot({ path: `${SHOTS}/api-key-revoked-1366.png` });
  expect((await erp.api!.put(path, { students })).status).toBe(401);
  expect((await script(id, secret, tokenUrl)).status).toBe(401);
  await page.context().close();
});
