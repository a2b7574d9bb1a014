import { COLLEAGUE_RECORDS_WITHHELD } from '@attain/shared-types';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FacultyArea from '../src/features/faculty/faculty-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The colleague Asha as the user list holds her: directory fields and, for an admin, private ones too. */
const asha = rec('u-asha', {
  name: 'Dr. Asha Rao',
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.edu',
  research_interest: 'Wireless sensor networks',
  phone_number: '+91 94470 31337',
});

/**
 * A server answering the user list with Asha (the private phone number too: the page must not show it to a
 * colleague even if it came), the signed-in user's own profile, Asha's publications and empty lists elsewhere.
 */
function server(me: Record<string, unknown>) {
  return mockServer((method, url) => {
    if (method !== 'GET') return undefined;
    if (url.startsWith('/api/auth/user-list')) return { body: { data: [asha], next: null } };
    if (url.startsWith('/api/auth/profile')) return { body: { data: me } };
    if (url.startsWith('/api/Research-Publication'))
      return { body: { data: [rec('p1', { faculty: 'u-asha', paper_title: 'Energy-aware routing' })], next: null } };
    return { body: { data: [], next: null } };
  });
}

const area = (path: string) =>
  renderApp(
    <Routes>
      <Route path="/faculty-contribution/*" element={<FacultyArea />} />
    </Routes>,
    path,
  );

describe('View Faculty Contribution (Configuration > Users) and the Profile tab, per reader', () => {
  it("a faculty member viewing a colleague reads the colleague's directory profile, read-only, and no records of anyone", async () => {
    signInAs('faculty', { id: 'u-meera', first_name: 'Meera' });
    const seen = server(rec('u-meera', { first_name: 'Meera', last_name: 'Iyer' }));
    area('/faculty-contribution?faculty=u-asha');
    await screen.findByText('Wireless sensor networks');
    expect(screen.getByRole('status').textContent).toMatch(/Reading the Faculty Contribution of Dr\. Asha Rao/);
    expect(screen.getByText('Asha')).toBeTruthy();
    // Directory fields only, nothing to edit, not the reader's own profile.
    expect(screen.queryByText('+91 94470 31337')).toBeNull();
    expect(screen.queryByText('Phone number')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Download CV' })).toBeNull();
    expect(seen.gets().filter((u) => u.startsWith('/api/auth/profile'))).toEqual([]);
    cleanup();

    // A record tab says whose records these are for, instead of listing the reader's own under Asha's name.
    area('/faculty-contribution/research_publication?faculty=u-asha');
    await screen.findByText(COLLEAGUE_RECORDS_WITHHELD);
    expect(screen.queryByRole('button', { name: 'ADD' })).toBeNull();
    expect(seen.gets().filter((u) => u.startsWith('/api/Research-Publication'))).toEqual([]);
  });

  it('a faculty member following the link on their own row edits their own profile', async () => {
    signInAs('faculty', { id: 'u-meera', first_name: 'Meera' });
    server(rec('u-meera', { first_name: 'Meera', last_name: 'Iyer', phone_number: '+91 90000 00001' }));
    area('/faculty-contribution?faculty=u-meera');
    const first = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe('Meera'));
    expect(first.readOnly).toBe(false);
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('+91 90000 00001');
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("a campus admin viewing a faculty member reads every field, downloads the CV, and reads the member's records", async () => {
    signInAs('admin', { id: 'u-admin', first_name: 'Admin' });
    const seen = server(rec('u-admin', { first_name: 'Admin' }));
    area('/faculty-contribution?faculty=u-asha');
    await screen.findByText('+91 94470 31337');
    expect(screen.getByText('Wireless sensor networks')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    cleanup();

    area('/faculty-contribution/research_publication?faculty=u-asha');
    await screen.findByText('Energy-aware routing');
    const list = seen.calls('GET', /^\/api\/Research-Publication\?/)[0];
    expect(new URL(list?.url ?? '', 'http://x').searchParams.get('faculty')).toBe('u-asha');
    expect(screen.queryByText(COLLEAGUE_RECORDS_WITHHELD)).toBeNull();
  });
});
