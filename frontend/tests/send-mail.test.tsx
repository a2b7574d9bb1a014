import type { MailRecipient, SentMail, SentMailDetail, StoredFile } from '@attain/shared-types';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popupAtom, profileAtom, store } from '../src/app/state';
import { PopupMessage } from '../src/components/shell/feedback';
import UtilitiesArea from '../src/features/utilities/utilities-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // An error message stays until dismissed: none is carried into the next test.
  store.set(popupAtom, null);
});

const MAILS = '/api/send-mail?limit=100';
const empty = { body: { data: [], next: null } };
const cse = rec('d-cse', { name: 'Computer Science and Engineering', short_name: 'CSE', status: true });
const user = (id: string, fields: Record<string, unknown>) => ({ ...rec(id, {}), department: 'd-cse', ...fields });
const CSE_USERS = [
  user('u-asha', { name: 'Dr. Asha Rao', email: 'asha.rao@college.edu', role: 'faculty', designation: ['HOD', 'Professor'] }),
  user('u-ravi', { name: 'Ravi Kumar', email: 'ravi.kumar@college.edu', role: 'faculty', designation: ['Assistant Professor'] }),
  user('u-new', { name: 'New Member', role: 'faculty' }),
  user('u-office', { name: 'CSE Office', email: 'cse.office@college.edu', role: 'admin' }),
];
const now = new Date().toISOString();
const longAgo = '2026-01-05T09:30:00Z';

/** A sent mail as the API lists it. */
const mail = (id: string, over: Partial<SentMail> = {}): SentMail => ({
  id,
  to: ['asha.rao@college.edu'],
  cc: [],
  subject: 'Timetable for the odd semester',
  email_body: '<p>Please find the timetable attached.</p>',
  attachments: [],
  state: 'sent',
  total: 1,
  counts: { delivered: 1 },
  opened: 0,
  clicked: 0,
  processed: 1,
  created_by: 'admin@example.edu',
  created_at: longAgo,
  updated_at: longAgo,
  ...over,
});

/** The Utilities area at `path`, with the shell's popup. */
const renderUtilities = (path = '/utilities') =>
  renderApp(
    <>
      <Routes>
        <Route path="/utilities/*" element={<UtilitiesArea />} />
      </Routes>
      <PopupMessage />
    </>,
    path,
  );

/** Opens the dropdown whose input has `id`. @returns its choices (jsdom leaves the opened panel `display: none`) */
async function openDropdown(id: string): Promise<HTMLElement[]> {
  fireEvent.click(document.getElementById(id)?.closest('.p-dropdown')?.querySelector('.p-dropdown-trigger') as HTMLElement);
  const panel = await waitFor(() => document.querySelector('.p-dropdown-panel') as HTMLElement);
  return within(panel).findAllByRole('option', { hidden: true });
}
/** Opens the dropdown whose input has `id` and picks `option`. */
async function choose(id: string, option: string) {
  await openDropdown(id);
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}
/** The addresses in To, as its chips show them. */
const toChips = () =>
  [...(document.getElementById('f-to')?.closest('ul')?.querySelectorAll('.p-chips-token-label') ?? [])].map((c) => c.textContent);
/** Types into the rich-text message as a person would (Quill takes the text as typed by the user). */
async function typeMessage(text: string) {
  const { default: Quill } = await import('quill');
  const quill = await waitFor(() => {
    const found = Quill.find(document.querySelector('.ql-container') as HTMLElement);
    if (!(found instanceof Quill)) throw new Error('The editor is not ready');
    return found;
  });
  act(() => void quill.insertText(0, text, 'user'));
}

describe('Send Mail: whom to', () => {
  it("adds a department's faculty or administrators to To, saying how many and who they are", async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/department?limit=100') return { body: { data: [cse], next: null } };
      if (url === '/api/department?ids=d-cse') return { body: { data: [cse], next: null } };
      if (url === '/api/department/user-list?short_name=CSE') return { body: { data: CSE_USERS, next: null } };
      if (url === MAILS) return empty;
    });
    renderUtilities();
    await choose('f-department', 'CSE');
    expect(toChips()).toEqual([]);
    await choose('f-role', 'Faculty');
    const note = await screen.findByText(/^Added 2 faculty of CSE/);
    expect(note.closest('[role="status"]')?.textContent).toContain('Added 2 faculty of CSE (1 without an e-mail address)');
    expect(toChips()).toEqual(['asha.rao@college.edu', 'ravi.kumar@college.edu']);
    // Who they are: each with their first designation.
    fireEvent.click(screen.getByText('Who'));
    expect(screen.getByText(/^Dr\. Asha Rao, HOD/)).toBeTruthy();
    expect(screen.getByText(/^Ravi Kumar, Assistant Professor/)).toBeTruthy();

    // Administrators too: added to what is there, the department's users read once.
    await choose('f-role', 'Administrators');
    await screen.findByText(/^Added 1 administrator of CSE/);
    expect(toChips()).toEqual(['asha.rao@college.edu', 'ravi.kumar@college.edu', 'cse.office@college.edu']);
    expect(server.calls('GET', '/api/department/user-list?short_name=CSE')).toHaveLength(1);
  });

  it("offers a faculty member their own courses instead, and adds every student of the course's curriculum", async () => {
    signInAs('faculty');
    store.set(profileAtom, { ...store.get(profileAtom)!, id: 'me' });
    const os = rec('c-os', { code: 'BCS401', title: 'Operating Systems', owner: 'me', curriculum: 'cur1', term: 't4' });
    const ds = rec('c-ds', { code: 'BCS301', title: 'Data Structures', owner: 'someone-else', curriculum: 'cur1', term: 't3' });
    const student = (id: string, fields: Record<string, unknown>) => rec(id, { curriculum: 'cur1', section: 'A', ...fields });
    const server = mockServer((method, url) => {
      if (url === '/api/Course-Curriculum?limit=100') return { body: { data: [os, ds], next: null } };
      if (url === '/api/student?curriculum=cur1&limit=1000')
        return {
          body: {
            data: [
              student('s1', { roll_no: '21CS001', name: 'Anil', email: 'anil@students.college.edu' }),
              student('s2', { roll_no: '21CS002', name: 'Bina', email: 'bina@students.college.edu' }),
            ],
            next: 'page2',
          },
        };
      if (url === '/api/student?curriculum=cur1&limit=1000&next=page2')
        return { body: { data: [student('s3', { roll_no: '21CS003', name: 'Chetan' })], next: null } };
      if (url === MAILS) return empty;
    });
    renderUtilities();
    await screen.findByLabelText('Your course');
    expect(screen.queryByLabelText(/^Department/)).toBeNull();
    expect(screen.queryByLabelText(/^Role/)).toBeNull();
    // Only the course they own.
    await waitFor(async () => expect((await openDropdown('mail-course')).map((o) => o.textContent)).toEqual(['BCS401 Operating Systems']));
    fireEvent.click(screen.getByRole('option', { name: 'BCS401 Operating Systems', hidden: true }));
    const note = await screen.findByText(/^Added 2 students of BCS401 Operating Systems/);
    expect(note.textContent).toContain('(1 without an e-mail address)');
    expect(toChips()).toEqual(['anil@students.college.edu', 'bina@students.college.edu']);
    expect(server.gets().filter((u) => u.startsWith('/api/student'))).toEqual([
      '/api/student?curriculum=cur1&limit=1000',
      '/api/student?curriculum=cur1&limit=1000&next=page2',
    ]);
  });
});

describe('Send Mail: sending', () => {
  const agenda: StoredFile = { key: 'files/campus-1/me/up-1', name: 'agenda.pdf', size: 2048, content_type: 'application/pdf' };

  it('posts the form, says successfully created, lists the skipped addresses and why, clears the form and shows the mail', async () => {
    let listed: SentMail[] = [];
    const created = mail('m-new', {
      to: ['success@simulator.amazonses.com', 'bounce@simulator.amazonses.com'],
      subject: 'Department meeting',
      state: 'queued',
      total: 2,
      processed: 0,
      counts: { queued: 1, skipped: 1 },
      attachments: [agenda],
      created_at: now,
    });
    const server = mockServer((method, url) => {
      if (url === '/api/department?limit=100') return empty;
      if (url === MAILS) return { body: { data: listed, next: null } };
      if (method === 'POST' && url === '/api/files/upload-url')
        return {
          body: { data: { id: 'up-1', key: agenda.key, upload: { url: 'https://storage.test/uploads', fields: { key: agenda.key } } } },
        };
      if (method === 'POST' && url === 'https://storage.test/uploads') return { status: 204, body: {} };
      if (method === 'POST' && url === '/api/files/up-1/confirm') return { body: { data: agenda } };
      if (method === 'POST' && url === '/api/send-mail') {
        listed = [created];
        return {
          status: 201,
          body: {
            message: 'successfully created',
            data: created,
            skipped: [
              { address: 'bounce@simulator.amazonses.com', reason: 'on the suppression list (bounced: Permanent bounce: General)' },
            ],
          },
        };
      }
    });
    renderUtilities();
    await screen.findByText('No mail sent yet');
    fireEvent.paste(screen.getByLabelText(/^To/), {
      clipboardData: { getData: () => 'success@simulator.amazonses.com\nbounce@simulator.amazonses.com' },
    });
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'Department meeting' } });
    await typeMessage('The department meets on Friday at 3 pm.');
    fireEvent.change(screen.getByLabelText(/^Signature/), { target: { value: 'Head, CSE' } });
    fireEvent.change(screen.getByLabelText(/^Attachments/), {
      target: { files: [new File(['%PDF-1.4'], 'agenda.pdf', { type: 'application/pdf' })] },
    });
    await screen.findByText('agenda.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    await screen.findByText('successfully created');
    expect(server.calls('POST', '/api/send-mail')[0].body).toEqual({
      department: null,
      role: null,
      to: ['success@simulator.amazonses.com', 'bounce@simulator.amazonses.com'],
      cc: [],
      subject: 'Department meeting',
      email_body: '<p>The department meets on Friday at 3 pm.</p>',
      signature: 'Head, CSE',
      attachments: [agenda],
    });
    const skipped = screen.getByText('Not sent to 1 address:').closest('.mail-skipped') as HTMLElement;
    expect(skipped.textContent).toContain('bounce@simulator.amazonses.com: on the suppression list (bounced: Permanent bounce: General)');
    // The form is empty again for the next mail; the mail is first in the table, marked, with its receipts so far.
    await waitFor(() => expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe(''));
    expect(toChips()).toEqual([]);
    const row = screen.getByRole('row', { name: /Department meeting/ });
    expect(row.className).toContain('row-saved');
    expect(within(row).getByText('Queued 1')).toBeTruthy();
    expect(within(row).getByText('Skipped (suppression list) 1')).toBeTruthy();
  });

  it("keeps what was typed when the server refuses, with the server's message under the field", async () => {
    mockServer((method, url) => {
      if (url === '/api/department?limit=100' || url === MAILS) return empty;
      if (method === 'POST' && url === '/api/send-mail')
        return { status: 400, body: { errors: { detail: 'Please correct this field: subject', fields: { subject: 'Too Long!' } } } };
    });
    renderUtilities();
    const to = screen.getByLabelText(/^To/);
    fireEvent.change(to, { target: { value: 'asha.rao@college.edu' } });
    fireEvent.keyDown(to, { key: 'Enter' });
    fireEvent.change(screen.getByLabelText(/^Subject/), { target: { value: 'A subject the server finds too long' } });
    await typeMessage('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByText('Too Long!')).id).toBe('e-subject');
    // The server's sentence stays beside the form (and pops up).
    expect(screen.getAllByRole('alert').map((a) => a.textContent?.trim())).toEqual([
      'Please correct this field: subject',
      'Please correct this field: subject',
    ]);
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('A subject the server finds too long');
    expect(toChips()).toEqual(['asha.rao@college.edu']);
  });

  it('asks before Escape clears a changed form', async () => {
    mockServer(() => empty);
    renderUtilities();
    const subject = screen.getByLabelText(/^Subject/);
    fireEvent.change(subject, { target: { value: 'Draft' } });
    fireEvent.keyDown(subject, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(document.querySelector('.p-confirm-dialog')).toBeNull());
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe('Draft');
    fireEvent.keyDown(screen.getByLabelText(/^Subject/), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe(''));
  });
});

describe('the sent mail and their receipts', () => {
  it('shows the progress of a mail being sent, reads the list again every 2 s until it is settled, then stops', async () => {
    const sending = mail('m-big', {
      subject: 'Fee notice',
      state: 'sending',
      total: 2000,
      processed: 840,
      counts: { queued: 1160, sent: 600, delivered: 238, bounced: 2 },
      created_at: now,
    });
    const done = {
      ...sending,
      state: 'sent' as const,
      processed: 2000,
      counts: { delivered: 1990, bounced: 6, complained: 1, suppressed: 3 },
    };
    let reads = 0;
    const server = mockServer((method, url) => {
      if (url === '/api/department?limit=100') return empty;
      if (url === MAILS) return { body: { data: [reads++ === 0 ? sending : done], next: null } };
    });
    renderUtilities();
    const bar = await screen.findByRole('progressbar', { name: '840 of 2,000 sent' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    const row = () => screen.getByRole('row', { name: /Fee notice/ });
    for (const tag of ['Queued 1,160', 'Sent 600', 'Delivered 238', 'Bounced 2']) expect(within(row()).getByText(tag)).toBeTruthy();

    // Read again (without the loading overlay) until every recipient is handed over and accounted for.
    await waitFor(() => expect(within(row()).getByText('Delivered 1,990')).toBeTruthy(), { timeout: 4000 });
    for (const tag of ['Bounced 6', 'Complained 1', 'Suppressed by SES 3']) expect(within(row()).getByText(tag)).toBeTruthy();
    expect(within(row()).getByText('Sent')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Settled: no more reads.
    const readsWhenSettled = server.calls('GET', MAILS).length;
    await new Promise((r) => setTimeout(r, 2500));
    expect(server.calls('GET', MAILS)).toHaveLength(readsWhenSettled);
  }, 15_000);

  it('resumes a stopped mail', async () => {
    const stalled = mail('m-stalled', { subject: 'Exam schedule', state: 'stalled', total: 10, processed: 4, counts: { delivered: 4 } });
    const server = mockServer((method, url) => {
      if (url === '/api/department?limit=100') return empty;
      if (url === MAILS) return { body: { data: [stalled], next: null } };
      if (method === 'POST' && url === '/api/send-mail/m-stalled/resume')
        return { body: { data: { ...stalled, state: 'sending', processed: 5, counts: { delivered: 4, sending: 1 } } } };
    });
    renderUtilities();
    const row = await screen.findByRole('row', { name: /Exam schedule/ });
    expect(within(row).getByText('Stopped: resume it')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Resume sending Exam schedule' }));
    await screen.findByText('Sending resumed');
    expect(server.calls('POST', '/api/send-mail/m-stalled/resume')).toHaveLength(1);
    expect(await screen.findByRole('progressbar', { name: '5 of 10 sent' })).toBeTruthy();
  });

  it("opens a mail's receipts from its row: the message as sent, and each recipient's status, note and history, by status", async () => {
    const history = (...events: [string, string?][]) =>
      events.map(([event, detail], i) => ({ event, at: `2026-01-05T09:3${i}:00Z`, detail }));
    const recipient = (address: string, status: MailRecipient['status'], fields: Partial<MailRecipient> = {}): MailRecipient => ({
      address,
      kind: 'to',
      status,
      status_at: '2026-01-05T09:32:00Z',
      history: history(['queued'], ['send'], ['delivery']),
      ...fields,
    });
    const detail: SentMailDetail = {
      ...mail('m-1', {
        subject: 'Timetable for the odd semester',
        email_body: '<p>Dear all,</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        signature: 'Dean, Academics',
        total: 3,
        counts: { delivered: 2, bounced: 1 },
        attachments: [{ key: 'files/campus-1/me/up-9', name: 'timetable.pdf', size: 4096, content_type: 'application/pdf' }],
      }),
      recipients: [
        recipient('success@simulator.amazonses.com', 'delivered'),
        recipient('bounce@simulator.amazonses.com', 'bounced', {
          note: 'Permanent bounce: General',
          history: history(['queued'], ['bounce', 'Permanent bounce: General']),
        }),
        recipient('ooto@simulator.amazonses.com', 'delivered', { kind: 'cc', note: 'Auto-reply' }),
      ],
    };
    mockServer((method, url) => {
      if (url === '/api/department?limit=100') return empty;
      if (url === MAILS) return { body: { data: [detail], next: null } };
      if (url === '/api/send-mail/m-1') return { body: { data: detail } };
    });
    renderUtilities();
    const row = await screen.findByRole('row', { name: /Timetable for the odd semester/ });
    fireEvent.click(within(row).getByText('admin@example.edu'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Dear all,');
    // The body as sent, without anything that runs.
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(within(dialog).getByText('Dean, Academics')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download timetable.pdf' })).toBeTruthy();
    const recipients = within(dialog).getByRole('table', { name: 'Recipients' });
    expect(within(recipients).getAllByRole('row')).toHaveLength(4);
    expect(within(recipients).getByRole('row', { name: /ooto@simulator\.amazonses\.com/ }).textContent).toMatch(
      /Cc.*Delivered.*Auto-reply/,
    );

    // Only the bounced one, and what happened to it.
    await choose('receipts-status', 'Bounced (1)');
    expect(within(recipients).getAllByRole('row')).toHaveLength(2);
    const bounced = within(recipients).getByRole('row', { name: /bounce@simulator\.amazonses\.com/ });
    fireEvent.click(within(bounced).getByText('2 events'));
    expect(within(bounced).getByText(/: Permanent bounce: General$/)).toBeTruthy();
    expect(within(bounced).getByText('Bounce')).toBeTruthy();
  });

  it('opens the receipts with Enter on a focused row', async () => {
    const detail: SentMailDetail = { ...mail('m-2', { subject: 'Holiday list' }), recipients: [] };
    mockServer((method, url) => {
      if (url === '/api/department?limit=100') return empty;
      if (url === MAILS) return { body: { data: [detail], next: null } };
      if (url === '/api/send-mail/m-2') return { body: { data: detail } };
    });
    renderUtilities();
    const row = await screen.findByRole('row', { name: /Holiday list/ });
    row.focus();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(await within(await screen.findByRole('dialog')).findByText('Receipts: Holiday list')).toBeTruthy();
  });
});
