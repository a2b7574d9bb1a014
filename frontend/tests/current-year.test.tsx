import { DEFAULT_METHOD, type ProgramAttainment, type ProgramAttainmentView, defaultResultsYear } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileAtom, store } from '../src/app/state';
import { CayPoAttainmentPage, ProgramLevelPage } from '../src/features/attainment/program-pages';
import { OrganizationForm } from '../src/features/configuration/organization-form';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const year = (academic_year: string, level: number): ProgramAttainment => ({
  program: 'p1',
  academic_year,
  courses: [],
  outcomes: [{ outcome: 'po1', reference: 'PO1', attainment: level, direct: level, indirect: null, courses: 1, met: level >= 2 }],
  method_version: 1,
  computed_at: '2026-11-20T00:00:00Z',
});

/**
 * A program with results in 2024-25 and 2025-26, and one course's marks of 2027-28 (after the campus's current academic
 * year, set to 2025-26): the server's `year_choice` is the CAY, 2025-26, by the one rule.
 */
const YEARS = [year('2027-28', 1), year('2025-26', 2.4), year('2024-25', 2.1)];
const VIEW: ProgramAttainmentView = {
  years: YEARS,
  year_choice: defaultResultsYear([YEARS.map((y) => y.academic_year ?? '')], '2025-26'),
  outcomes: [{ id: 'po1', reference: 'PO1', type: 'PO', statement: 'Engineering knowledge' }],
  method: DEFAULT_METHOD,
  method_version: 1,
};

function server() {
  return mockServer((method, url) => {
    if (url.startsWith('/api/attainment/program/p1')) return { body: { data: VIEW } };
    if (method === 'GET' && url.startsWith('/api/program'))
      return { body: { data: [rec('p1', { title: 'B.Tech CSE', acronym: 'CSE' })], next: null } };
    if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
  });
}

describe('One current academic year on the attainment pages', () => {
  it("Program Level opens on the campus's current academic year, not the later one with results, and says why", async () => {
    server();
    renderApp(<ProgramLevelPage />, '/attainment/program-level-course?program=p1');
    expect(await screen.findByText('2025-26: the current academic year')).toBeTruthy();
    const picker = document.getElementById('pick-year')?.closest('.p-dropdown') as HTMLElement;
    expect(picker.querySelector('.p-dropdown-label')?.textContent).toBe('2025-26 (CAY)');
  });

  it("CAY PO Attainment names each year by NBA's label from the current academic year (2024-25 is CAYm1 in 2025-26)", async () => {
    server();
    renderApp(<CayPoAttainmentPage />, '/attainment/cay-po-attainment?program=p1');
    const table = await screen.findByRole('table', { name: 'PO attainment by academic year' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent ?? '');
    expect(rows).toEqual([
      expect.stringMatching(/^CAYp2 2027-28/),
      expect.stringMatching(/^CAY 2025-26/),
      expect.stringMatching(/^CAYm1 2024-25/),
    ]);
  });
});

describe('Configuration > Organization: the month the academic year starts in', () => {
  it('shows June until chosen, saves the picked month and every year picker counts from it at once', async () => {
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url.startsWith('/api/organization'))
        return { body: { data: [rec('campus-1', { name: 'Test College', locale: 'en-IN' })], next: null } };
      if (method === 'PUT' && url === '/api/organization/campus-1')
        return { body: { data: rec('campus-1', body as Record<string, unknown>, 2) } };
    });
    renderApp(<OrganizationForm />, '/configuration');
    const dropdown = (await screen.findByLabelText('Academic year starts in')).closest('.p-dropdown') as HTMLElement;
    expect(dropdown.querySelector('.p-dropdown-label')?.textContent).toBe('June');
    fireEvent.click(dropdown.querySelector('.p-dropdown-trigger') as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'July', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/organization/campus-1')).toHaveLength(1));
    expect(server.calls('PUT', '/api/organization/campus-1')[0].body).toMatchObject({ academic_year_start_month: 7 });
    await waitFor(() => expect(store.get(profileAtom)?.academic_year_start_month).toBe(7));
  });
});
