import type { MyResultsView, MySurvey, MySurveyForm } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyResultsPage from '../src/features/student-home/my-results-page';
import MySurveyPage from '../src/features/student-home/my-survey-page';
import MySurveysPage from '../src/features/student-home/my-surveys-page';
import { StudentsSide } from '../src/features/attainment/students-side';
import { type Answer, mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const course = (code: string, title: string) => ({ id: `c-${code}`, code, title });
const LISTED: MySurvey[] = [
  {
    id: 'sv-done',
    name: 'Course exit BCS402 2025-26',
    course: course('BCS402', 'Microcontrollers'),
    academic_year: '2025-26',
    closes_on: '2026-12-20',
    anonymous: false,
    answered: true,
    replaceable: true,
  },
  {
    id: 'sv-open',
    name: 'Course exit BCS401 2025-26',
    course: course('BCS401', 'Operating System'),
    academic_year: '2025-26',
    closes_on: '2026-12-15',
    anonymous: true,
    answered: false,
    replaceable: true,
  },
  {
    id: 'sv-mailed',
    name: 'Course exit BCS403 2025-26',
    course: course('BCS403', 'Databases'),
    academic_year: '2025-26',
    closes_on: '2026-12-31',
    anonymous: true,
    answered: true,
    replaceable: false,
  },
];

const FORM: MySurveyForm = {
  id: 'sv-open',
  name: 'Course exit BCS401 2025-26',
  campus: 'Demo College of Engineering',
  course: 'BCS401 Operating System',
  academic_year: '2025-26',
  closes_on: '2026-12-15',
  anonymous: true,
  answered: false,
  replaceable: true,
  scale: [
    { label: 'Slight', weight: 0.33 },
    { label: 'Moderate', weight: 0.67 },
    { label: 'Substantial', weight: 1 },
  ],
  questions: [
    { id: 'q1', text: 'How far can you now explain the structure of an operating system?', kind: 'Rating', outcome_code: 'CO1' },
    { id: 'q2', text: 'How far can you now apply scheduling algorithms?', kind: 'Rating', outcome_code: 'CO2' },
    { id: 'q3', text: 'What should change in this course?', kind: 'Free text' },
  ],
};

/** The student's survey page at `/me/surveys/<id>` with a server answering its GET and PUT. */
function openSurvey(
  get: Answer,
  put: (body: unknown) => Answer = () => ({ body: { message: 'Thank you: your answers are saved', data: { replaced: false } } }),
) {
  signInAs('student');
  const server = mockServer((method, url, body) => {
    if (url === '/api/me/surveys') return { body: { data: LISTED } };
    if (url !== `/api/me/surveys/${FORM.id}`) return undefined;
    return method === 'GET' ? get : put(body);
  });
  renderApp(
    <Routes>
      <Route path="/me/surveys" element={<MySurveysPage />} />
      <Route path="/me/surveys/:survey" element={<MySurveyPage />} />
    </Routes>,
    `/me/surveys/${FORM.id}`,
  );
  return server;
}

const pick = (text: RegExp, label: string) =>
  fireEvent.click(within(screen.getByRole('group', { name: text })).getByRole('radio', { name: label }));

describe("a student's course exit surveys", () => {
  it('lists the open surveys, unanswered first, with Answer, Change my answers, or neither for a link answer', async () => {
    signInAs('student');
    mockServer((method, url) => (url === '/api/me/surveys' ? { body: { data: LISTED } } : undefined));
    renderApp(
      <Routes>
        <Route path="/me/surveys" element={<MySurveysPage />} />
      </Routes>,
      '/me/surveys',
    );
    const cards = await screen.findAllByRole('region');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'BCS401 Operating System',
      'BCS402 Microcontrollers',
      'BCS403 Databases',
    ]);
    expect(within(cards[0]).getByText('Not answered yet')).toBeTruthy();
    expect(within(cards[0]).getByRole('link', { name: 'Answer the survey' }).getAttribute('href')).toBe('/me/surveys/sv-open');
    expect(within(cards[0]).getByText(/open until 15\/12\/2026 · anonymous/)).toBeTruthy();
    expect(within(cards[1]).getByRole('link', { name: 'Change my answers' })).toBeTruthy();
    expect(within(cards[2]).getByText('Answered through the link mailed to you')).toBeTruthy();
    expect(within(cards[2]).queryByRole('link')).toBeNull();
  });

  it("takes the answers signed in with the public form's checks, then thanks with the server's words", async () => {
    const server = openSurvey({ body: { data: FORM } });
    await screen.findByRole('heading', { level: 1, name: FORM.name });
    expect(screen.getByText('Your answers are kept without your name.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('2 questions need an answer: they are marked Required.')).toBeTruthy();
    expect(server.calls('PUT', `/api/me/surveys/${FORM.id}`)).toHaveLength(0);
    pick(/structure of an operating system/, 'Substantial');
    pick(/scheduling algorithms/, 'Slight');
    fireEvent.change(screen.getByLabelText(/What should change/), { target: { value: '  More labs  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await screen.findByRole('heading', { name: 'Thank you' });
    // No closing message in this survey: the server's sentence says it instead.
    expect(screen.getByText('Thank you: your answers are saved')).toBeTruthy();
    expect(server.calls('PUT', `/api/me/surveys/${FORM.id}`)[0].body).toEqual({ answers: { q1: 2, q2: 0, q3: 'More labs' } });
    expect(screen.getByRole('link', { name: 'Back to my surveys' }).getAttribute('href')).toBe('/me/surveys');
  });

  it("shows a named survey's earlier answers to change, and says an anonymous one's are not shown", async () => {
    openSurvey({ body: { data: { ...FORM, anonymous: false, answered: true, answers: { q1: 1, q2: 2, q3: 'Good' } } } });
    await screen.findByRole('heading', { level: 1, name: FORM.name });
    expect(screen.getByText(/your answers are below/)).toBeTruthy();
    const q1 = within(screen.getByRole('group', { name: /structure of an operating system/ }));
    expect((q1.getByRole('radio', { name: 'Moderate' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/What should change/) as HTMLTextAreaElement).value).toBe('Good');
    expect(screen.getByRole('button', { name: 'Send my changed answers' })).toBeTruthy();
    cleanup();
    openSurvey({ body: { data: { ...FORM, answered: true } } });
    await screen.findByRole('heading', { level: 1, name: FORM.name });
    expect(screen.getByText(/not shown again because it is anonymous; answering again replaces them/)).toBeTruthy();
    expect((screen.getAllByRole('radio') as HTMLInputElement[]).some((r) => r.checked)).toBe(false);
    cleanup();
    openSurvey({ body: { data: { ...FORM, answered: true, replaceable: false } } });
    await screen.findByText(/through the link mailed to you; that answer stands/);
    expect(screen.queryByRole('button', { name: /Submit|Send/ })).toBeNull();
  });

  it('says in place why a closed survey, or one answered through a mailed link, takes no answer', async () => {
    openSurvey({ status: 410, body: { errors: { detail: 'This survey closed on 15/12/2026. Thank you for your interest.' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('This survey closed on 15/12/2026. Thank you for your interest.');
    cleanup();
    openSurvey({ body: { data: FORM } }, () => ({
      status: 409,
      body: { errors: { detail: 'You answered this survey through the link mailed to you; that answer stands.' } },
    }));
    await screen.findByRole('heading', { level: 1, name: FORM.name });
    pick(/structure of an operating system/, 'Substantial');
    pick(/scheduling algorithms/, 'Slight');
    fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('through the link mailed to you'));
  });

  it('invites the student from My results while a survey waits for their answers', async () => {
    signInAs('student');
    const view: MyResultsView = {
      student: { roll_no: '25CSA001', name: 'Sample student 25CSA001', section: 'A' },
      year_choice: { year: '2025-26', current: '2025-26', reason: 'current', text: '2025-26: the current academic year' },
      years: ['2025-26'],
      courses: [],
    };
    mockServer((method, url) =>
      url === '/api/me/results' ? { body: { data: view } } : url === '/api/me/surveys' ? { body: { data: LISTED } } : undefined,
    );
    renderApp(
      <Routes>
        <Route path="/me" element={<MyResultsPage />} />
      </Routes>,
      '/me',
    );
    const call = await screen.findByText(/One course exit survey is waiting for your answers/);
    expect(within(call).getByRole('link', { name: 'answer it' }).getAttribute('href')).toBe('/me/surveys');
  });

  it("shows the staff, under a course's CO attainment, how many students opened their results and answered, as counts", async () => {
    signInAs('faculty');
    const server = mockServer((method, url) =>
      url === '/api/attainment/engagement/c-BCS401?year=2025-26'
        ? {
            body: {
              data: {
                course: 'c-BCS401',
                year: '2025-26',
                students: 40,
                seen: 28,
                surveys: [
                  {
                    id: 'sv-open',
                    name: 'Course exit BCS401 2025-26',
                    status: 'Open',
                    anonymous: true,
                    responded: 12,
                    population: 40,
                    response_rate: 30,
                  },
                ],
              },
            },
          }
        : undefined,
    );
    renderApp(<StudentsSide course="c-BCS401" year="2025-26" />, '/attainment/co-attainment');
    const line = await screen.findByTestId('students-side');
    expect(line.textContent).toBe(
      "Students' side, 2025-26: 28 of 40 students have opened their results in Attain. Course exit BCS401 2025-26 (open): 12 of 40 answered (30.00 %).",
    );
    expect(server.gets()).toEqual(['/api/attainment/engagement/c-BCS401?year=2025-26']);
  });
});
