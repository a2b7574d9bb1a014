import {
  CAMPUS_HEADER,
  DASHBOARD_TILES,
  type DashboardView,
  type GroupView,
  type RollupView,
  defaultResultsYear,
} from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/app/api';
import { AppShell } from '../src/app/app-shell';
import { setCampus } from '../src/app/campus-choice';
import { profileAtom, store } from '../src/app/state';
import FacultyArea from '../src/features/faculty/faculty-area';
import GroupArea from '../src/features/group/group-area';
import DashboardPage from '../src/features/dashboard/dashboard-page';
import { mockServer, renderApp } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

const GROUP: GroupView = {
  id: 'demo-group',
  name: 'Attain Demo Society',
  campuses: [
    {
      id: 'demo',
      name: 'Attain Demo College of Engineering',
      status: 'Active',
      admin_email: 'admin@attain.example',
      version: 1,
      created_by: 'group@attain.example',
      created_at: '2026-01-05T10:00:00Z',
    },
    {
      id: 'demo-east',
      name: 'Attain Demo Institute of Technology, East Campus',
      status: 'Active',
      admin_email: 'east@attain.example',
      version: 1,
      created_by: 'group@attain.example',
      created_at: '2026-02-01T10:00:00Z',
    },
  ],
};

/** Signs the demo group's administrator in, with no campus chosen. */
function signInGroupAdmin(): void {
  store.set(profileAtom, {
    email: 'group@attain.example',
    role: 'group-admin',
    tenant: 'demo-group',
    organization_name: 'Attain Demo Society',
    department_name: '',
    locale: 'en-IN',
    group: { id: 'demo-group', name: 'Attain Demo Society' },
  });
}

beforeEach(() => {
  setCampus(null);
  signInGroupAdmin();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCampus(null);
});

describe('Campus picker', () => {
  it('sends the chosen campus as X-Campus on the next call, keeps it in the session and forgets every cached read', async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/group/campus') return { body: { data: GROUP } };
      if (url === '/api/auth/profile')
        return { body: { data: { ...store.get(profileAtom), organization_name: 'Attain Demo College of Engineering' } } };
      if (url === '/api/department?limit=100') return { body: { data: [], next: null } };
    });
    const { queryClient } = renderApp(<AppShell />, '/attainment');
    queryClient.setQueryData(['list', '/api/department', {}], { pages: [{ data: [{ id: 'd-of-all' }] }] });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', expect.stringContaining('Pick a campus to read its records'));
    const picker = screen.getByLabelText('Campus');
    await screen.findByRole('option', { name: 'Attain Demo Institute of Technology, East Campus' });
    fireEvent.change(picker, { target: { value: 'demo' } });
    expect(queryClient.getQueryData(['list', '/api/department', {}])).toBeUndefined();
    await api('GET', '/api/department?limit=100');
    const last = server.calls('GET', '/api/department?limit=100').at(-1);
    expect(last?.headers[CAMPUS_HEADER]).toBe('demo');
    expect(sessionStorage.getItem('attain.campus')).toBe('demo');
    // The profile is read again for the campus: the banner names it, and the notice goes.
    await screen.findByText('Attain Demo College of Engineering', { selector: '.institution' });
    expect(server.calls('GET', '/api/auth/profile').at(-1)?.headers[CAMPUS_HEADER]).toBe('demo');
    expect(screen.queryByText(/Pick a campus to read its records/)).toBeNull();
    // "All campuses" sends no header.
    fireEvent.change(picker, { target: { value: '' } });
    await api('GET', '/api/department?limit=100');
    expect(server.calls('GET', '/api/department?limit=100').at(-1)?.headers[CAMPUS_HEADER]).toBeUndefined();
  });

  it('chooses the campus a link names (?campus=) on arrival', async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/group/campus') return { body: { data: GROUP } };
      if (url === '/api/auth/profile') return { body: { data: store.get(profileAtom) } };
    });
    renderApp(<AppShell />, '/attainment/program-level-course?program=p1&year=2025-26&campus=demo-east');
    await waitFor(() => expect((screen.getByLabelText('Campus') as HTMLSelectElement).value).toBe('demo-east'));
    await waitFor(() => expect(server.calls('GET', '/api/auth/profile').at(-1)?.headers[CAMPUS_HEADER]).toBe('demo-east'));
  });
});

const DASHBOARD: DashboardView = {
  scope: 'group',
  academic_year: '2025-26',
  year_choice: defaultResultsYear([['2025-26', '2024-25'], ['2025-26']], '2026-27'),
  tiles: {
    dashboard: [{ label: 'Campuses', value: 2, text: '2', href: '/group/campuses' }],
    attainment: [{ label: 'Courses with CO attainment', value: 3, text: '3 of 9', href: '/attainment/co-attainment' }],
    reports: [],
    survey: [{ label: 'Open surveys', value: 1, text: '1', href: '/survey' }],
    'faculty-contribution': [
      { label: 'Publications this year', value: 12, text: '12', href: '/faculty-contribution/research_publication' },
    ],
    assessments: [],
    utilities: [{ label: 'Mails sent this month', value: 4, text: '4', href: '/utilities' }],
    curriculum: [{ label: 'Courses', value: 9, text: '9', href: '/curriculum' }],
  },
  updating: false,
};

describe('Dashboard', () => {
  it("shows the eight tiles in the spec's order, each linking to its area, with its figures as links", async () => {
    mockServer((method, url) => (url === '/api/dashboard' ? { body: { data: DASHBOARD } } : undefined));
    renderApp(<DashboardPage />, '/dashboard');
    expect(screen.getByText('Loading figures...')).toBeTruthy();
    const tiles = within(screen.getByRole('list', { name: 'Dashboard tiles' }))
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('tile'));
    expect(tiles.map((t) => t.querySelector('.tile-head')?.textContent?.trim())).toEqual(DASHBOARD_TILES.map((t) => t.label));
    expect(tiles.map((t) => t.querySelector('.tile-head')?.getAttribute('href'))).toEqual(DASHBOARD_TILES.map((t) => t.path));
    const figure = await screen.findByRole('link', { name: /3 of 9\s*Courses with CO attainment/ });
    expect(figure.getAttribute('href')).toBe('/attainment/co-attainment');
    expect(screen.getByText('All campuses of Attain Demo Society')).toBeTruthy();
    expect(
      screen.getByText('Academic year 2025-26: the newest year with results in every campus that has any (current academic year 2026-27)'),
    ).toBeTruthy();
  });

  it("keeps the tiles' links when the figures cannot be read", async () => {
    mockServer(() => ({ status: 500, body: { errors: { detail: 'Down' } } }));
    renderApp(<DashboardPage />, '/dashboard');
    await screen.findByText(/The figures could not be read/);
    expect(screen.getByRole('link', { name: 'Attainment' }).getAttribute('href')).toBe('/attainment');
  });
});

const ROLLUP: RollupView = {
  group: { id: 'demo-group', name: 'Attain Demo Society' },
  academic_year: '2025-26',
  year_choice: defaultResultsYear([['2025-26'], ['2025-26', '2026-27']], '2026-27'),
  campuses: GROUP.campuses.map((c) => ({ id: c.id, name: c.name, status: c.status })),
  sections: [
    {
      key: 'po-attainment',
      title: 'Program-level PO attainment: UG',
      note: 'The mean of each program level PO attainment.',
      rows: [
        {
          label: 'PO1',
          unit: 'level',
          cells: {
            demo: { value: 2.41, text: '2.41', href: '/attainment/program-level-course?program=p1&year=2025-26&campus=demo' },
            'demo-east': { value: null, text: '-', href: '/attainment/program-level-course?year=2025-26&campus=demo-east' },
          },
        },
      ],
    },
  ],
  updating: [],
};

describe('Group area', () => {
  it('names the campuses whose figures are being brought up to date, and reads the roll-up again until none is', async () => {
    let reads = 0;
    mockServer((method, url) => {
      if (url !== '/api/group/rollup') return undefined;
      reads++;
      return { body: { data: { ...ROLLUP, updating: reads === 1 ? ['demo-east'] : [] } } };
    });
    renderApp(
      <Routes>
        <Route path="/group/*" element={<GroupArea />} />
      </Routes>,
      '/group/rollup',
    );
    const east = GROUP.campuses.find((c) => c.id === 'demo-east')?.name ?? '';
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(
      `Updating: the figures of ${east} are being brought up to date after a change; those shown are the previous ones until then.`,
    );
    // Read again by itself (every 3 s while updating), then the sentence goes.
    await waitFor(() => expect(screen.queryByText(/Updating: the figures of/)).toBeNull(), { timeout: 8000 });
    expect(reads).toBe(2);
  });

  it('shows the roll-up with a column per campus, each figure linking to its page with the campus chosen', async () => {
    mockServer((method, url) => (url === '/api/group/rollup' ? { body: { data: ROLLUP } } : undefined));
    renderApp(
      <Routes>
        <Route path="/group/*" element={<GroupArea />} />
      </Routes>,
      '/group/rollup',
    );
    const table = await screen.findByRole('table', { name: 'Program-level PO attainment: UG' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(['Measure', ...GROUP.campuses.map((c) => c.name)]));
    const cell = within(table).getByRole('link', { name: /PO1, Attain Demo College of Engineering: 2\.41/ });
    expect(cell.getAttribute('href')).toBe('/attainment/program-level-course?program=p1&year=2025-26&campus=demo');
    expect(screen.getByText('The mean of each program level PO attainment.')).toBeTruthy();
    expect(
      screen.getByText('2025-26: the newest year with results in every campus that has any (current academic year 2026-27)'),
    ).toBeTruthy();
  });

  it("shows each campus's SAR readiness, each program linking to its SAR Readiness page in that campus, as cards on a phone", async () => {
    const readiness: RollupView = {
      ...ROLLUP,
      sections: [
        ...ROLLUP.sections,
        {
          key: 'sar-readiness',
          title: 'SAR readiness, 2025-26',
          note: "Each program's total marks and the outcome NBA's decision rule projects for its SAR of this year.",
          rows: [
            {
              label: 'Programs on course',
              unit: 'count',
              cells: {
                demo: {
                  value: 1,
                  text: '1 of 2 programs on course',
                  href: '/reports/sar-readiness?year=2025-26&campus=demo',
                  programs: [
                    {
                      program: 'p1',
                      title: 'B.Tech CSE',
                      format: '2025 (GAPC v4.0, 9 criteria, 11 POs)',
                      total: 512.4,
                      max: 1000,
                      outcome: 'Not accredited',
                      on_course: false,
                      line: 60,
                      below: ['4'],
                      weakest: { criterion: '4', percent: 41.2 },
                      text: 'Not accredited, 512.40 of 1000, Criterion 4 below 60 %',
                      href: '/reports/sar-readiness?program=p1&year=2025-26&campus=demo',
                      api: '/api/reports/sar/p1/readiness?year=2025-26',
                    },
                    {
                      program: 'p2',
                      title: 'B.E. ECE',
                      format: '2025 (GAPC v4.0, 9 criteria, 11 POs)',
                      total: 782.5,
                      max: 1000,
                      outcome: 'Accredited for 6 years',
                      on_course: true,
                      line: 60,
                      below: [],
                      weakest: { criterion: '7', percent: 62 },
                      text: 'Accredited for 6 years, 782.50 of 1000',
                      href: '/reports/sar-readiness?program=p2&year=2025-26&campus=demo',
                      api: '/api/reports/sar/p2/readiness?year=2025-26',
                    },
                  ],
                },
                'demo-east': { value: null, text: '-', href: '/reports/sar-readiness?year=2025-26&campus=demo-east', programs: [] },
              },
            },
          ],
        },
      ],
    };
    mockServer((method, url) => (url === '/api/group/rollup' ? { body: { data: readiness } } : undefined));
    const page = () =>
      renderApp(
        <Routes>
          <Route path="/group/*" element={<GroupArea />} />
        </Routes>,
        '/group/rollup',
      );
    page();
    const table = await screen.findByRole('table', { name: 'SAR readiness, 2025-26' });
    const cse = within(table).getByRole('link', {
      name: 'SAR readiness of B.Tech CSE, Attain Demo College of Engineering: Not accredited, 512.40 of 1000, Criterion 4 below 60 %',
    });
    expect(cse.getAttribute('href')).toBe('/reports/sar-readiness?program=p1&year=2025-26&campus=demo');
    expect(cse.closest('li')?.textContent).toBe(
      'B.Tech CSE: Not accredited, 512.40 of 1000, Criterion 4 below 60 %SAR format: 2025 (GAPC v4.0, 9 criteria, 11 POs)',
    );
    expect(
      within(table)
        .getByRole('link', { name: /SAR readiness of B\.E\. ECE/ })
        .getAttribute('href'),
    ).toBe('/reports/sar-readiness?program=p2&year=2025-26&campus=demo');
    expect(
      within(table).getByRole('link', { name: 'SAR readiness, Attain Demo College of Engineering: 1 of 2 programs on course' }),
    ).toBeTruthy();
    cleanup();

    // A phone (390 px): the roll-up's rows are cards, the readiness field across the card with its program links.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    page();
    const cards = await screen.findByRole('list', { name: 'SAR readiness, 2025-26' });
    expect(screen.queryByRole('table')).toBeNull();
    const link = within(cards).getByRole('link', { name: /SAR readiness of B\.Tech CSE/ });
    expect(link.getAttribute('href')).toBe('/reports/sar-readiness?program=p1&year=2025-26&campus=demo');
    expect(link.closest('.record-card-fields > div')?.classList.contains('wide')).toBe(true);
  });

  it("Add campus posts the form's body and shows the server's message under its field", async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/group/campus') return { body: { data: GROUP } };
      if (method === 'POST' && url === '/api/group/campus')
        return {
          status: 400,
          body: { errors: { detail: 'Check the fields', fields: { admin_email: 'This e-mail already has an account' } } },
        };
    });
    renderApp(
      <Routes>
        <Route path="/group/*" element={<GroupArea />} />
      </Routes>,
      '/group/campuses',
    );
    await screen.findByRole('table', { name: 'Campuses' });
    fireEvent.click(screen.getByRole('button', { name: 'Add campus' }));
    const values: Record<string, string> = {
      'Campus id': 'kit-west',
      'Organization name': 'KIT West College',
      "First administrator's e-mail": 'west@example.edu',
      "Administrator's first name": 'Asha',
      "Administrator's last name": 'Patil',
    };
    for (const [label, value] of Object.entries(values))
      fireEvent.change(await screen.findByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campus' }));
    const error = await screen.findByText('This e-mail already has an account');
    expect(error.id).toBe('new-campus-admin_email-error');
    expect(screen.getByLabelText(/^First administrator's e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('POST', '/api/group/campus')[0].body).toEqual({
      id: 'kit-west',
      name: 'KIT West College',
      admin_email: 'west@example.edu',
      admin_first_name: 'Asha',
      admin_last_name: 'Patil',
    });
  });
});

describe('Faculty Contribution read by a group admin', () => {
  it("a roll-up or Manage User link (?faculty=) lists that member's records of the chosen campus, read-only", async () => {
    setCampus('demo');
    const server = mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/Research-Publication?'))
        return {
          body: { data: [{ id: 'p1', version: 1, faculty: 'u7', paper_title: 'Outcome-based assessment in practice' }], next: null },
        };
      if (method === 'GET' && url.startsWith('/api/auth/user-list'))
        return { body: { data: [{ id: 'u7', version: 1, name: 'Dr. Asha Rao' }], next: null } };
    });
    renderApp(
      <Routes>
        <Route path="/faculty-contribution/*" element={<FacultyArea />} />
      </Routes>,
      '/faculty-contribution/research_publication?faculty=u7',
    );
    await screen.findByText('Outcome-based assessment in practice');
    const list = server.calls('GET', /^\/api\/Research-Publication\?/)[0];
    expect(new URL(list?.url ?? '', 'http://x').searchParams.get('faculty')).toBe('u7');
    expect(list?.headers[CAMPUS_HEADER]).toBe('demo');
    expect(screen.getByRole('status').textContent).toMatch(/Reading the Faculty Contribution of/);
    expect(screen.queryByRole('button', { name: /ADD|Import/ })).toBeNull();
  });
});
