import type { MyCourseResult, MyResultsView } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../src/app/app-shell';
import { homeFor, navEntriesFor, pageOf } from '../src/app/navigation';
import MyResultsPage from '../src/features/student-home/my-results-page';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COURSE: MyCourseResult = {
  course: { id: 'c1', code: 'BCS401', title: 'Operating System' },
  threshold: 60,
  cos: [
    {
      id: 'co1',
      code: 'CO1',
      statement: 'Explain the structure of an operating system',
      percent: 72.5,
      reached: true,
      class_students: 38,
      class_reached: 22,
      class_bins: [0, 0, 1, 2, 3, 10, 9, 8, 4, 1],
    },
    {
      id: 'co2',
      code: 'CO2',
      statement: 'Apply scheduling algorithms',
      percent: 41,
      reached: false,
      class_students: 38,
      class_reached: 15,
      class_bins: [0, 1, 3, 6, 8, 5, 6, 5, 3, 1],
    },
  ],
  occasions: [
    {
      id: 'o1',
      name: 'ISE 1',
      kind: 'ISE',
      held_on: '2025-09-15',
      absent: false,
      questions: [
        { number: '1', max_marks: 5, co_code: 'CO1', marks: 4.5 },
        { number: '2', max_marks: 5, co_code: 'CO2', marks: null },
      ],
    },
    { id: 'o2', name: 'MSE', kind: 'MSE', held_on: '2025-10-15', absent: true, questions: [] },
  ],
  actions: [{ co: 'co2', co_code: 'CO2', action: 'Remedial class on scheduling', status: 'Planned' }],
};

const VIEW: MyResultsView = {
  student: { roll_no: '25CSA001', name: 'Sample student 25CSA001', section: 'A' },
  year_choice: { year: '2025-26', current: '2025-26', reason: 'current', text: '2025-26: the current academic year' },
  years: ['2025-26', '2024-25'],
  courses: [COURSE],
};

const renderPage = () =>
  renderApp(
    <Routes>
      <Route path="/me" element={<MyResultsPage />} />
    </Routes>,
    '/me',
  );

describe("A student's own results page", () => {
  it("shows each CO against the course's target with the class's counts, the plan's actions and the student's marks", async () => {
    signInAs('student');
    mockServer((method, url) => (method === 'GET' && url === '/api/me/results' ? { body: { data: VIEW } } : undefined));
    renderPage();
    const course = await screen.findByRole('region', { name: 'BCS401 Operating System' });
    expect(screen.getByText('Roll number 25CSA001 · Section A')).toBeTruthy();
    expect(course.querySelector('.my-course-summary')?.textContent).toBe('You reached 1 of 2 course outcomes assessed.');
    expect(screen.getByText('2025-26: the current academic year')).toBeTruthy();
    const cos = within(course).getByRole('list', { name: 'Your course outcomes in BCS401' });
    const [co1, co2] = within(cos).getAllByRole('listitem');
    expect(co1!.textContent).toContain('72.5 %');
    expect(co1!.textContent).toContain('Reached the target of 60 %');
    expect(co1!.textContent).toContain('Class: 22 of 38 reached it');
    expect(co2!.textContent).toContain('Below the target of 60 %');
    expect(within(co2!).getByRole('img').getAttribute('aria-label')).toContain('40-49.99 %: 8');
    expect(
      within(course)
        .getByText(/Remedial class on scheduling/)
        .closest('li')?.textContent,
    ).toBe('CO2: Remedial class on scheduling (Planned)');
    // The marks of each occasion open on a tap; a blank cell is "no marks", an absence says so.
    fireEvent.click(within(course).getByText('ISE 1'));
    const marks = within(course).getByRole('table', { name: 'Your marks in ISE 1, by question' });
    expect(
      within(marks)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['QuestionCOMarks', 'Q1CO14.5 / 5', 'Q2CO2— / 5']);
    expect(within(course).getByText('Absent')).toBeTruthy();
  });

  it('offers the years the student has marks in, and reads the one chosen', async () => {
    signInAs('student');
    const server = mockServer((method, url) => {
      if (url === '/api/me/results') return { body: { data: VIEW } };
      if (url === '/api/me/results?year=2024-25')
        return {
          body: {
            data: {
              ...VIEW,
              year_choice: { ...VIEW.year_choice, year: '2024-25', reason: 'chosen', text: '2024-25: the year chosen' },
              courses: [],
            },
          },
        };
    });
    renderPage();
    await screen.findByRole('region', { name: 'BCS401 Operating System' });
    const dropdown = screen.getByLabelText('Academic year').closest('.p-dropdown') as HTMLElement;
    fireEvent.click(dropdown.querySelector('.p-dropdown-trigger') as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '2024-25', hidden: true }));
    await screen.findByText('No marks of yours have been entered for 2024-25 yet.');
    expect(server.calls('GET', '/api/me/results?year=2024-25')).toHaveLength(1);
  });

  it("is where a student lands, beside their surveys: a student's own pages are all they are offered", () => {
    expect(navEntriesFor('student').map((e) => e.to)).toEqual(['/me', '/me/surveys']);
    expect(pageOf('/me/surveys/sv1', 'student')).toEqual({ area: 'Surveys', page: 'Surveys' });
    expect(homeFor('student')).toBe('/me');
    expect(homeFor('faculty')).toBe('/dashboard');
    expect(pageOf('/me', 'student')).toEqual({ area: 'My results', page: 'My results' });
    expect(pageOf('/dashboard', 'student')).toBeUndefined();
    expect(pageOf('/me', 'admin')).toBeUndefined();
  });

  it.each([
    ['student', '/dashboard', 'My page'],
    ['student', '/group/rollup', 'My page'],
    ['faculty', '/me', 'Dashboard page'],
    ['faculty', '/group/rollup', 'Dashboard page'],
    ['group-admin', '/group/rollup', 'Roll-up page'],
    ['faculty', '/attainment/co-attainment', 'Attainment page'],
  ] as const)('takes a %s at %s to their own pages (%s)', async (role, path, shown) => {
    signInAs(role);
    mockServer(() => ({ body: { data: [], next: null } }));
    renderApp(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/me" element={<p>My page</p>} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
          <Route path="/group/*" element={<p>Roll-up page</p>} />
          <Route path="/attainment/*" element={<p>Attainment page</p>} />
        </Route>
      </Routes>,
      path,
    );
    expect(await screen.findByText(shown)).toBeTruthy();
  });

  it('says why when the account is on no roster', async () => {
    signInAs('student');
    mockServer(() => ({
      status: 404,
      body: { errors: { detail: 'Your account is on no roster of this campus: ask your campus administrator' } },
    }));
    renderPage();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('on no roster of this campus'));
  });
});
