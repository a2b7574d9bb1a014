import type { StudentAccountRow, StudentInviteRun } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AttainmentArea from '../src/features/attainment/attainment-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROWS: StudentAccountRow[] = [
  { student: 's1', roll_no: '25CSA001', name: 'Anita Rao', section: 'A', email: 'anita@college.edu', account: 'Active' },
  { student: 's2', roll_no: '25CSA002', name: 'Bharat Shah', section: 'A', email: 'shah@college.edu', account: 'No account' },
  {
    student: 's3',
    roll_no: '25CSA003',
    name: 'Chitra Shah',
    section: 'A',
    email: 'shah@college.edu',
    account: 'Invited',
    invited_until: '2026-12-06T10:00:00.000Z',
  },
  // No address: no invitation can reach them, so they are never counted as waiting for one.
  { student: 's4', roll_no: '25CSA004', name: 'Dev Kumar', section: 'A', email: '', account: 'No account' },
];
const LIST = '/api/auth/student-accounts?curriculum=cur1&section=A';

/** An invitation run as the API answers it: queued, then running, then done (`StudentInviteRun`). */
const RUN: StudentInviteRun = {
  id: 'run-1',
  state: 'queued',
  curriculum: 'cur1',
  section: 'A',
  total: 0,
  written: 0,
  invited: 0,
  mail: null,
  skipped: [],
  skipped_more: 0,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
};

function open(path = '/attainment/student-accounts?curriculum=cur1&section=A') {
  let asked = 0;
  const server = mockServer((method, url) => {
    if (method === 'GET' && url === '/api/student-invites/run-1')
      return {
        body: {
          data:
            asked++ === 0
              ? { ...RUN, state: 'running', total: 1, invited: 1 }
              : {
                  ...RUN,
                  state: 'done',
                  total: 1,
                  written: 1,
                  invited: 1,
                  mail: 'm-1',
                  skipped: [
                    { roll_no: '25CSA003', name: 'Chitra Shah', email: 'shah@college.edu', reason: "The address is also 25CSA002's" },
                  ],
                },
        },
      };
    if (url.startsWith('/api/curriculum')) return { body: { data: [rec('cur1', { name: 'B.Tech CSE 2025' })], next: null } };
    if (method === 'GET' && url === LIST) return { body: { data: ROWS } };
    if (method === 'POST' && url === '/api/auth/student-accounts')
      return { status: 202, body: { message: 'The students are being invited: this page shows how far it has got', data: RUN } };
    if (method === 'POST' && url === '/api/auth/student-accounts/s1/access')
      return { body: { message: "The student's access is now disabled", data: { status: 'disabled' } } };
    return { body: { data: [], next: null } };
  });
  renderApp(
    <Routes>
      <Route path="/attainment/*" element={<AttainmentArea />} />
    </Routes>,
    path,
  );
  return server;
}

describe('Student Accounts', () => {
  it("lists the roster's accounts, invites those without one after asking, follows the run, and says who was left out and why", async () => {
    signInAs('admin');
    const server = open();
    const table = await screen.findByRole('table', { name: 'Student accounts' });
    await within(table).findByText('25CSA002');
    expect(within(table).getByText('Invited (link works until 06/12/2026)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite students without an account' }));
    expect(screen.getByText(/^1 student has no e-mail address, so no invitation can reach them/)).toBeTruthy();
    await screen.findByText(
      'Mail each of the 1 student with an e-mail address and no account in section A their own link to set a password?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send invitations' }));
    // The run is followed while it writes the links, with the button held until it ends.
    await screen.findByText('Writing invitation links: 0 of 1 students');
    expect(screen.getByRole('button', { name: 'Invite students without an account' }).hasAttribute('disabled')).toBe(true);
    const note = await screen.findByText('Invitations mailed to 1 student.', {}, { timeout: 5000 });
    expect(server.calls('POST', '/api/auth/student-accounts')[0].body).toEqual({ curriculum: 'cur1', section: 'A' });
    const box = note.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Receipts of this mail' }).getAttribute('href')).toBe('/utilities?mail=m-1');
    expect(within(box).getByText('Not invited (1):')).toBeTruthy();
    expect(within(box).getByRole('listitem').textContent).toBe("25CSA003 Chitra Shah (shah@college.edu): The address is also 25CSA002's");
  });

  it('follows a run named in the address, as after a reload', async () => {
    signInAs('admin');
    open('/attainment/student-accounts?curriculum=cur1&section=A&run=run-1');
    await screen.findByText('Writing invitation links: 0 of 1 students');
    await screen.findByText('Invitations mailed to 1 student.', {}, { timeout: 5000 });
  });

  it('disables an active account after asking', async () => {
    signInAs('admin');
    const server = open();
    const table = await screen.findByRole('table', { name: 'Student accounts' });
    await within(table).findByText('25CSA001');
    fireEvent.click(within(table).getByRole('button', { name: 'Disable' }));
    await screen.findByText('25CSA001 Anita Rao will be signed out at once and cannot sign in until enabled again.');
    // The dialog's own Disable, after the row's.
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Disable this account?' })).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(server.calls('POST', '/api/auth/student-accounts/s1/access')).toHaveLength(1));
    expect(server.calls('POST', '/api/auth/student-accounts/s1/access')[0].body).toEqual({ action: 'disable' });
  });

  it('is offered to campus administrators only', async () => {
    signInAs('faculty');
    mockServer(() => ({ body: { data: [], next: null } }));
    renderApp(
      <Routes>
        <Route path="/attainment/*" element={<AttainmentArea />} />
      </Routes>,
      '/attainment/students',
    );
    const tabs = await screen.findByRole('navigation', { name: 'Attainment' });
    expect(within(tabs).queryByRole('link', { name: 'Student Accounts' })).toBeNull();
    expect(within(tabs).getByRole('link', { name: 'Students' })).toBeTruthy();
  });
});
