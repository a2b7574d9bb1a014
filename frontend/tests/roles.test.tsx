import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCampus } from '../src/app/campus-choice';
import { OrganizationForm } from '../src/features/configuration/organization-form';
import UtilitiesArea from '../src/features/utilities/utilities-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCampus(null);
});

/** The Utilities area where the router mounts it. */
const utilities = (
  <Routes>
    <Route path="/utilities/*" element={<UtilitiesArea />} />
  </Routes>
);

const organization = () =>
  mockServer((method, url) => {
    if (method === 'GET' && url.startsWith('/api/organization'))
      return { body: { data: [rec('campus-1', { name: 'Test College', locale: 'en-IN' })], next: null } };
  });

describe('a person sees what they can do (issue 30, item 6)', () => {
  it('faculty read the Organization form: disabled fields, a sentence saying why, no Save', async () => {
    signInAs('faculty');
    const server = organization();
    renderApp(<OrganizationForm />, '/configuration');
    const name = (await screen.findByLabelText(/^Organization name/)) as HTMLInputElement;
    expect(name.value).toBe('Test College');
    expect(name.matches(':disabled')).toBe(true);
    expect(screen.getByText(/Only the campus administrators change the organization/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(server.calls('PUT', /organization/)).toHaveLength(0);
  });

  it('a campus administrator gets the form to save', async () => {
    signInAs('admin');
    organization();
    renderApp(<OrganizationForm />, '/configuration');
    expect((await screen.findByLabelText(/^Organization name/)).matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByText(/Only the campus administrators/)).toBeNull();
  });

  it('the group administrator on "All campuses" is asked to pick a campus, not shown an empty form', async () => {
    signInAs('group-admin');
    const server = organization();
    renderApp(<OrganizationForm />, '/configuration');
    expect(await screen.findByText(/pick a campus above to read or change it/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Organization name/)).toBeNull();
    expect(server.calls('GET', /organization/)).toHaveLength(0);
  });

  it('faculty opening the audit trail by its address are told it is for campus administrators, not shown a blank card', async () => {
    signInAs('faculty');
    const server = mockServer(() => ({ body: { data: [], next: null } }));
    renderApp(utilities, '/utilities/audit-trail');
    expect(await screen.findByRole('heading', { name: 'Audit trail is not open to you' })).toBeTruthy();
    expect(screen.getByText(/for campus administrators/)).toBeTruthy();
    expect(server.calls('GET', /audit/)).toHaveLength(0);
    cleanup();
    renderApp(utilities, '/utilities/no-such-tab');
    expect(await screen.findByRole('heading', { name: 'No such page' })).toBeTruthy();
  });
});
