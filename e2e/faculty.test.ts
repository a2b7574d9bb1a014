import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { THREE_PAPERS_BIBTEX } from '../functions/tests/support/bibliography.js';
import { client, login } from '../functions/tests/support/client.js';
import { pdfDocument, pngImage } from '../functions/tests/support/sample-files.js';
import { SHOTS, choose as pick, launchChromium } from './browser.js';

/**
 * Faculty Contribution (issue 12): a faculty member keeps a publication of their own; an admin finds it through
 * Manage User and downloads the member's CV (Word and PDF); another member never sees it.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
const member = { email: 'meera.iyer@attain.example', password: 'Meera-Faculty-1!' };
/** Meera's colleague, with a directory field and a private one (his phone number, which Meera must never see). */
const colleague = { email: 'ravi.nair@attain.example', password: 'Ravi-Faculty-1!' };
const RAVI_PHONE = '+91 98470 22618';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  const api = client(url, await login(url, admin.email, admin.password));
  const made = await api.post('/api/auth/user-list', { ...member, role: 'faculty', first_name: 'Meera', last_name: 'Iyer' });
  expect(made.status).toBe(201);
  const ravi = await api.post('/api/auth/user-list', {
    ...colleague,
    role: 'faculty',
    first_name: 'Ravi',
    last_name: 'Nair',
    research_interest: 'Formal methods for embedded control',
    phone_number: RAVI_PHONE,
  });
  expect(ravi.status).toBe(201);
});
afterAll(async () => browser?.close());

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail or username').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const choose = async (page: Page, field: string, option: string) => {
  await page.locator(`.p-dropdown:has(#f-${field})`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

it("a faculty member adds a publication on a phone and sees it listed; an admin reads it from Manage User and downloads the member's CV", async () => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`${url}/faculty-contribution/research_publication`);
  await signIn(phone, member);
  await phone.waitForURL('**/faculty-contribution/research_publication');
  await phone.getByText('No research publication yet').waitFor();
  await phone.getByRole('button', { name: 'ADD' }).click();
  await phone.locator('#f-paper_title').fill('Outcome-based assessment of operating systems laboratories');
  await choose(phone, 'type', 'Journal');
  await phone.locator('#f-journal_title').fill('Journal of Engineering Education Transformations');
  await choose(phone, 'status', 'Published');
  await choose(phone, 'level_status', 'National');
  await phone.locator('#f-direct_object_identifier').fill('10.16920/jeet/2024/v37i3/24001');
  await phone.locator('.inline-form button[type="submit"]').click();
  await phone.getByText('successfully created').waitFor();
  const card = phone.locator('.record-card', { hasText: 'Outcome-based assessment of operating systems laboratories' });
  await card.waitFor();
  expect(await card.textContent()).toContain('Journal of Engineering Education Transformations');
  await phone.screenshot({ path: `${SHOTS}/faculty-publication-390.png` });
  await phone.context().close();

  // On a laptop the member sets a photo (uploaded to S3, checked by the server) and adds an award with its certificate.
  const own = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await own.goto(`${url}/faculty-contribution`);
  await signIn(own, member);
  await own.locator('#f-image').setInputFiles({ name: 'meera.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
  await expect
    .poll(() => own.locator('.photo-frame img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 })
    .toBe(64);
  await own.getByRole('button', { name: 'Update' }).click();
  await own.getByText('successfully updated').waitFor();
  await own.getByRole('link', { name: 'Awards and honours', exact: true }).click();
  await own.locator('#f-name').fill('Best Project Guide');
  await own.locator('#f-award_for').fill('Guiding the final-year project on campus energy audits');
  await own.locator('#f-year').fill('2025');
  await own.locator('#f-attachments').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: pdfDocument() });
  await own.locator('.attachment-list', { hasText: 'certificate.pdf' }).waitFor();
  await own.locator('.inline-form button[type="submit"]').click();
  await own.getByText('successfully created').waitFor();
  await own
    .locator('tr', { hasText: 'Best Project Guide' })
    .getByRole('button', { name: /^1 file of Best Project Guide/ })
    .waitFor();
  await own.screenshot({ path: `${SHOTS}/faculty-award-with-certificate.png` });
  await own.context().close();

  const laptop = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await laptop.goto(`${url}/utilities/manage_user`);
  await signIn(laptop, admin);
  await laptop.waitForURL('**/utilities/manage_user');
  // Manage User leads to the campus's one user list.
  await laptop.getByRole('link', { name: 'Open the user list (Configuration > Users)' }).click();
  await laptop.waitForURL('**/configuration/users');
  await laptop.locator('tr', { hasText: member.email }).getByRole('link', { name: 'View Faculty Contribution' }).click();
  await laptop.getByText('Reading the Faculty Contribution of').waitFor();
  await expect.poll(() => laptop.locator('.profile-read').first().textContent()).toContain('Meera');
  // The member's photo, through a link only the campus's admin and the member may get.
  await expect
    .poll(() => laptop.locator('.member-head img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 })
    .toBe(64);
  // The member's CV downloads as a Word document holding the publication, and as a PDF from the button's menu.
  const [docx] = await Promise.all([laptop.waitForEvent('download'), laptop.getByRole('button', { name: 'Download CV' }).click()]);
  expect(docx.suggestedFilename()).toBe('Meera-Iyer-CV.docx');
  const word = unzipSync(new Uint8Array(readFileSync(await docx.path())));
  expect(strFromU8(word['word/document.xml'])).toContain('Outcome-based assessment of operating systems laboratories');
  await laptop.getByRole('button', { name: 'Choose the CV format' }).click();
  await laptop.getByRole('menuitem', { name: 'PDF' }).waitFor();
  await laptop.screenshot({ path: `${SHOTS}/faculty-member-cv-menu.png` });
  const [pdf] = await Promise.all([laptop.waitForEvent('download'), laptop.getByRole('menuitem', { name: 'PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe('Meera-Iyer-CV.pdf');
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  // The member follows from tab to tab.
  await laptop.getByRole('link', { name: 'Research publication', exact: true }).click();
  await laptop.locator('tr', { hasText: 'Outcome-based assessment of operating systems laboratories' }).waitFor();
  expect(new URL(laptop.url()).searchParams.get('faculty')).toBeTruthy();
  // Read-only while reading a member's contribution.
  expect(await laptop.getByRole('button', { name: 'ADD' }).count()).toBe(0);
  expect(await laptop.getByRole('button', { name: /^Edit / }).count()).toBe(0);
  await laptop.screenshot({ path: `${SHOTS}/faculty-admin-reads-member.png` });
  await laptop.context().close();
});

it('a faculty member imports a BibTeX file on a phone: the preview lists 3 new, the import adds them, a second preview finds them unchanged', async () => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto(`${url}/faculty-contribution/research_publication`);
  await signIn(phone, member);
  await phone.waitForURL('**/faculty-contribution/research_publication');
  const choose = async () => {
    await phone.getByRole('button', { name: 'Import BibTeX / RIS' }).click();
    await phone
      .getByLabel('BibTeX or RIS file')
      .setInputFiles({ name: 'papers.bib', mimeType: 'text/plain', buffer: Buffer.from(THREE_PAPERS_BIBTEX) });
  };
  await choose();
  const dialog = phone.getByRole('dialog');
  await dialog.getByText('3 entries in the file: 3 new, 0 updated, 0 unchanged, 0 skipped').waitFor();
  await dialog.getByText('Active learning increases student performance in science, engineering, and mathematics').waitFor();
  // Nothing wider than the phone, the dialog included.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/publication-import-preview-390.png` });
  await dialog.getByRole('button', { name: 'Import 3 entries' }).click();
  await phone.getByText('Imported 3 of 3 entries').waitFor();
  await phone.locator('.record-card', { hasText: 'The CDIO Syllabus v2.0' }).waitFor();
  await choose();
  await dialog.getByText('3 entries in the file: 0 new, 0 updated, 3 unchanged, 0 skipped').waitFor();
  expect(await dialog.getByRole('button', { name: 'Nothing to import' }).isDisabled()).toBe(true);
  await phone.screenshot({ path: `${SHOTS}/publication-import-again-390.png` });
  await phone.context().close();
});

it("a faculty member reads a colleague's directory profile from Users and from Reports, read-only, and edits their own", async () => {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${url}/configuration/users`);
  await signIn(page, member);
  await page.waitForURL('**/configuration/users');
  await page.locator('tr', { hasText: colleague.email }).getByRole('link', { name: 'View Faculty Contribution' }).click();
  await page.getByText('Reading the Faculty Contribution of').waitFor();
  const read = page.locator('.profile-read').first();
  await expect.poll(() => read.textContent()).toContain('Ravi');
  await page.getByText('Formal methods for embedded control').waitFor();
  // The colleague's directory fields only, nothing to edit, no error.
  expect(await page.getByText(RAVI_PHONE).count()).toBe(0);
  expect(await page.getByText('Phone number').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Update' }).count()).toBe(0);
  expect(await page.locator('main input, main textarea').count()).toBe(0);
  expect(await page.getByRole('alert').count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/faculty-reads-colleague.png` });
  // A record tab says a colleague's records are the administrators' to read.
  await page.getByRole('link', { name: 'Research publication', exact: true }).click();
  await page.getByText("A colleague's Faculty Contribution records are read by the campus's administrators only.").waitFor();
  expect(await page.getByRole('button', { name: 'ADD' }).count()).toBe(0);

  // Reports > Faculty Profile of the colleague: his directory fields.
  await page.goto(`${url}/reports`);
  await page.getByRole('heading', { level: 2, name: 'Faculty Profile' }).waitFor();
  await pick(page, 'pick-user', /Ravi Nair/);
  await page.locator('main table.data-table').first().waitFor();
  await page.locator('main td', { hasText: 'Formal methods for embedded control' }).waitFor();
  expect(await page.getByText('Faculty member not found').count()).toBe(0);
  expect(await page.getByText(RAVI_PHONE).count()).toBe(0);
  await page.screenshot({ path: `${SHOTS}/faculty-report-of-colleague.png`, fullPage: true });

  // Their own row opens their own profile, to edit.
  await page.goto(`${url}/configuration/users`);
  await page.locator('tr', { hasText: member.email }).getByRole('link', { name: 'View Faculty Contribution' }).click();
  await page.getByRole('button', { name: 'Update' }).waitFor();
  expect(await page.locator('#f-first_name').inputValue()).toBe('Meera');
  expect(await page.getByText('Reading the Faculty Contribution of').count()).toBe(0);
  await page.context().close();
});
