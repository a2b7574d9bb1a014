import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { pdfDocument } from '../functions/tests/support/sample-files.js';
import { SHOTS, launchChromium } from './browser.js';

/**
 * Send Mail (spec part 2 Utilities; docs/design.md "Files and mail"): an admin mails SES's mailbox simulator with a PDF
 * attached and watches the receipts arrive in the sent-mail table (delivered, bounced, complained, suppressed by SES),
 * reads each recipient's final status in the mail's receipts, then mails the bounced address again and sees it
 * skipped because it is now on the campus's suppression list, where the admin removes it.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const simulator = (box: string) => `${box}@simulator.amazonses.com`;
/** What SES's mailbox simulator does with each address, as the receipts say it. */
const FINAL_STATUS: Readonly<Record<string, string>> = {
  success: 'Delivered',
  bounce: 'Bounced',
  complaint: 'Complained',
  suppressionlist: 'Suppressed by SES',
  ooto: 'Delivered',
};
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('E-mail or username').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills the Send Mail form (each address typed and ended with Enter, as people do) and sends it. */
async function sendMail(page: Page, mail: { to: string[]; subject: string; body: string; attach?: boolean }): Promise<void> {
  const to = page.locator('#f-to');
  for (const address of mail.to) {
    await to.fill(address);
    await to.press('Enter');
  }
  await page.locator('.emails-summary', { hasText: `${mail.to.length} address` }).waitFor();
  await page.locator('#f-subject').fill(mail.subject);
  await page.locator('.ql-editor').fill(mail.body);
  if (mail.attach) {
    await page.locator('#f-attachments').setInputFiles({ name: 'agenda.pdf', mimeType: 'application/pdf', buffer: pdfDocument() });
    await page.locator('.attachment-list', { hasText: 'agenda.pdf' }).waitFor();
  }
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.popup', { hasText: 'successfully created' }).waitFor();
}

/** The sent-mail table's row of the mail with this subject. */
const mailRow = (page: Page, subject: string): Locator =>
  page.getByRole('table', { name: 'Sent mail' }).locator('tr', { hasText: subject });

it('an admin mails the SES simulator with a PDF, sees each receipt arrive, then finds the bounced address skipped and suppressed', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${url}/utilities`);
  await signIn(page);
  await page.waitForURL('**/utilities');
  await page.getByRole('heading', { name: 'Send Mail' }).waitFor();

  const subject = 'Mailbox simulator: department meeting';
  await sendMail(page, {
    to: Object.keys(FINAL_STATUS).map(simulator),
    subject,
    body: 'The department meets on Friday at 3 pm in the seminar hall. The agenda is attached.',
    attach: true,
  });
  // The form is empty again, ready for the next mail.
  expect(await page.locator('#f-subject').inputValue()).toBe('');

  // The receipts arrive in the table as SES reports them: wait for the counts a person waits for.
  const row = mailRow(page, subject);
  await row.waitFor();
  await row.locator('.status-counts', { hasText: /^Delivered 2Bounced 1Suppressed by SES 1Complained 1$/ }).waitFor({ timeout: 60_000 });
  await row.getByText('Sent', { exact: true }).waitFor();
  expect((await row.textContent())?.toLowerCase()).toContain(admin.email.toLowerCase());
  await page.screenshot({ path: `${SHOTS}/mail-receipts-table.png`, fullPage: true });

  // The receipts: the message as sent, the PDF, and each address's final status.
  await row.getByRole('button', { name: `Receipts of ${subject}` }).click();
  const receipts = page.locator('.mail-receipts');
  await receipts.getByText('The department meets on Friday at 3 pm in the seminar hall.').waitFor();
  await receipts.getByRole('button', { name: 'Download agenda.pdf' }).waitFor();
  const recipients = receipts.getByRole('table', { name: 'Recipients' });
  for (const [box, status] of Object.entries(FINAL_STATUS)) {
    const recipient = recipients.locator('tr', { hasText: simulator(box) });
    await recipient.locator('.status-tag', { hasText: new RegExp(`^${status}$`) }).waitFor();
  }
  // What happened to the bounced one, step by step.
  const bounced = recipients.locator('tr', { hasText: simulator('bounce') });
  await bounced.locator('summary').click();
  await bounced.locator('.mail-history li', { hasText: 'Bounce' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/mail-receipts-detail.png` });
  await page.keyboard.press('Escape');
  await receipts.waitFor({ state: 'detached' });

  // The bounced address is on the campus's suppression list now: the next mail skips it and says why.
  const again = 'Mailbox simulator: second notice';
  await sendMail(page, { to: [simulator('bounce')], subject: again, body: 'A second notice to an address that bounced.' });
  await page.locator('.mail-skipped', { hasText: simulator('bounce') }).waitFor();
  await mailRow(page, again).getByText('Skipped (suppression list) 1', { exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/mail-skipped.png` });

  // On the Suppression list tab, the admin removes it; later mail will reach it again.
  await page.getByRole('navigation', { name: 'Utilities' }).getByRole('link', { name: 'Suppression list', exact: true }).click();
  await page.waitForURL('**/utilities/suppression-list');
  const listed = page.getByRole('table', { name: 'Suppressed addresses' }).locator('tr', { hasText: simulator('bounce') });
  await listed.getByText('Bounced', { exact: true }).waitFor();
  await page.screenshot({ path: `${SHOTS}/mail-suppression-list.png` });
  await listed.getByRole('button', { name: `Remove ${simulator('bounce')}` }).click();
  await page.getByText('Later mail from this campus will be sent to that address again.').waitFor();
  await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await page.locator('.popup', { hasText: `Removed ${simulator('bounce')} from the suppression list` }).waitFor();
  await listed.waitFor({ state: 'detached' });
  await page.context().close();

  // On a phone the sent mail are cards, with the same receipts.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`${url}/utilities`);
  await signIn(phone);
  await phone.waitForURL('**/utilities');
  const card = phone.locator('.record-card', { hasText: subject });
  await card.locator('.status-counts', { hasText: /^Delivered 2Bounced 1Suppressed by SES 1Complained 1$/ }).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole('button', { name: `Receipts of ${subject}` }).click();
  await phone
    .locator('.mail-receipts .record-card', { hasText: simulator('complaint') })
    .getByText('Complained', { exact: true })
    .waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/mail-receipts-390.png` });
  await phone.context().close();
});
