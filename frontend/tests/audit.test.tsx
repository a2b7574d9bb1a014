import type { AuditEntry } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EntityPage } from '../src/components/entity/entity-page';
import UtilitiesArea from '../src/features/utilities/utilities-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const civil = rec('d-civil', { name: 'Civil Engineering', short_name: 'CE', status: true });
const REPLACED: AuditEntry = {
  id: 'a2',
  at: '2026-01-05T09:31:00Z',
  user: 'admin@college.edu',
  action: 'replace',
  entity: 'department',
  record_id: 'd-civil',
  record_label: 'Civil Engineering',
  changes: [
    { field: 'name', label: 'Name', old: 'Civil', new: 'Civil Engineering' },
    { field: 'short_name', label: 'Short name', old: 'CV', new: 'CE' },
  ],
};
const CREATED: AuditEntry = {
  ...REPLACED,
  id: 'a1',
  at: '2026-01-04T04:00:00Z',
  action: 'create',
  changes: [{ field: 'name', new: 'Civil' }],
};

describe('the audit trail on screen', () => {
  it("a row's History button reads that record's history and shows each change's old and new value", async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/department?limit=100') return { body: { data: [civil], next: null } };
      if (method === 'GET' && url === '/api/audit/history/department/d-civil') return { body: { data: [REPLACED, CREATED], next: null } };
    });
    renderApp(<EntityPage entityName="department" />, '/configuration/department');
    await screen.findByText('Civil Engineering');
    fireEvent.click(screen.getByRole('button', { name: 'History of Civil Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'History: Civil Engineering' });
    const name = await within(dialog).findByRole('row', { name: /Name Civil Civil Engineering/ });
    expect(name.textContent).toBe('NameCivilCivil Engineering');
    expect(within(dialog).getByRole('row', { name: /Short name CV CE/ })).toBeTruthy();
    // Dates as Indian colleges write them (dd/mm/yyyy), who, and what they did; newest first.
    const entries = within(dialog).getAllByRole('listitem');
    expect(entries[0].textContent).toMatch(/05\/01\/2026.*admin@college\.edu.*Changed/);
    expect(entries[1].textContent).toMatch(/04\/01\/2026.*Created/);
    expect(server.calls('GET', '/api/audit/history/department/d-civil')).toHaveLength(1);
  });

  it('Utilities > Audit trail sends the filters in the query and lists the entries', async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/audit')) return { body: { data: [REPLACED], next: null } };
    });
    renderApp(
      <Routes>
        <Route path="/utilities/*" element={<UtilitiesArea />} />
      </Routes>,
      '/utilities/audit-trail',
    );
    // The user's address is one text (its wrapping points add none).
    const entryRow = () => screen.getAllByRole('row').find((r) => r.textContent?.includes('admin@college.edu'));
    await waitFor(() => expect(entryRow()).toBeDefined());
    expect(server.gets()[0]).toBe('/api/audit');
    fireEvent.change(screen.getByLabelText('User (e-mail)'), { target: { value: 'teacher@college.edu' } });
    // Dates typed as the campus writes them (dd/mm/yyyy), sent as ISO days.
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '01/01/2026' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '31/01/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.gets()).toHaveLength(2));
    const q = new URL(server.gets()[1], 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ user: 'teacher@college.edu', from: '2026-01-01', to: '2026-01-31' });
    await waitFor(() => expect(entryRow()).toBeDefined());
    const row = entryRow() as HTMLElement;
    expect(row.textContent).toMatch(/05\/01\/2026.*Changed.*Department.*Civil Engineering.*Name: Civil → Civil Engineering/);
  });

  it("reads a change in people's words: references by name, lists as text, dates in the campus's style, roles as words", async () => {
    const PROFILE_CHANGED: AuditEntry = {
      id: 'a3',
      at: '2026-02-10T06:00:00Z',
      user: 'admin@college.edu',
      action: 'replace',
      entity: 'profile',
      record_id: 'u-1',
      record_label: 'Asha Rao',
      changes: [
        { field: 'department', label: 'Department', old: 'd-gone', new: 'd-civil' },
        { field: 'designation', label: 'Designation', old: ['Assistant Professor'], new: ['Associate professor', 'HOD'] },
        { field: 'date_of_joining', label: 'Date of joining', old: null, new: '2024-04-01' },
        { field: 'role', label: 'Role', old: 'faculty', new: 'admin' },
      ],
    };
    const server = mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/audit'))
        return { body: { data: [PROFILE_CHANGED, { ...CREATED, id: 'a4', record_label: undefined }], next: null } };
      // The department read by id, as tables read references; the old one is gone.
      if (method === 'GET' && url.startsWith('/api/department?ids=')) return { body: { data: [civil], next: null } };
    });
    renderApp(
      <Routes>
        <Route path="/utilities/*" element={<UtilitiesArea />} />
      </Routes>,
      '/utilities/audit-trail',
    );
    const row = await screen.findByRole('row', { name: /Asha Rao/ });
    await waitFor(() => expect(row.textContent).toContain('Department: a department since deleted → Civil Engineering'));
    expect(row.textContent).toContain('Designation: Assistant Professor → Associate professor, HOD');
    expect(row.textContent).toContain('Date of joining: — → 01/04/2024');
    expect(row.textContent).toContain('Role: Faculty → Campus administrator');
    expect(row.textContent).not.toMatch(/d-civil|\[|2024-04-01/);
    // An entry that kept no name for its record names it from the record itself.
    const created = screen.getAllByRole('row').find((r) => r.textContent?.includes('Created')) as HTMLElement;
    await waitFor(() => expect(created.textContent).toContain('Civil Engineering'));
    expect(created.textContent).not.toContain('d-civil');
    expect(server.gets().filter((u) => u.startsWith('/api/department?ids='))).toHaveLength(1);
  });
});
