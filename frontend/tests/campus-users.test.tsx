import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampusUsersTable } from '../src/components/entity/campus-users-table';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The user list as the server answers a campus admin (private fields included) and a colleague (directory only). */
const asha = rec('u1', { first_name: 'Asha', last_name: 'Rao', name: 'Dr. Asha Rao', email: 'asha@college.edu', role: 'faculty' });

describe("the campus's users table shows the phone number to campus admins only", () => {
  it.each([
    ['admin', { ...asha, phone_number: '+91 94470 31337' }, true],
    ['faculty', asha, false],
  ] as const)('as %s', async (role, row, phone) => {
    signInAs(role);
    mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/auth/user-list')) return { body: { data: [row], next: null } };
      if (method === 'GET' && url.startsWith('/api/department')) return { body: { data: [], next: null } };
    });
    renderApp(<CampusUsersTable label="Users" />, '/configuration/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Dr. Asha Rao');
    expect(within(table).queryByRole('columnheader', { name: 'Phone' }) !== null).toBe(phone);
    if (phone) expect(within(table).getByText('+91 94470 31337')).toBeTruthy();
  });
});
