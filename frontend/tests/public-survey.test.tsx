import type { PublicSurvey } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PublicSurveyPage from '../src/features/public-survey/public-survey-page';
import { type Answer, mockServer, renderApp } from './support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LINK = '/api/public/survey/tok-1';

/** A course-exit survey as the public API gives it: two rating questions and one free-text question. */
const SURVEY: PublicSurvey = {
  name: 'Course exit survey: Data Structures',
  sub_title: 'Odd semester 2025-26',
  intro_text: 'Tell us how well the course helped you.\nIt takes two minutes.',
  end_text: 'The department thanks you.',
  campus: 'Test College of Engineering',
  course: 'CS3101 Data Structures',
  academic_year: '2025-26',
  closes_on: '2026-12-15',
  anonymous: true,
  scale: [
    { label: 'Slight', weight: 0.33 },
    { label: 'Moderate', weight: 0.67 },
    { label: 'Substantial', weight: 1 },
  ],
  questions: [
    { id: 'q1', text: 'How well can you now analyse the running time of an algorithm?', kind: 'Rating', outcome_code: 'CO1' },
    { id: 'q2', text: 'How well can you now choose a data structure for a problem?', kind: 'Rating', outcome_code: 'CO2' },
    { id: 'q3', text: 'What would you change in this course?', kind: 'Free text' },
  ],
};

/** The public page at `/s/tok-1` with a server answering the link's GET and POST. */
function open(get: Answer, post: (body: unknown) => Answer = () => ({ status: 201, body: { data: { end_text: 'Thanks from CSE.' } } })) {
  const server = mockServer((method, url, body) => {
    if (url !== LINK) return undefined;
    return method === 'GET' ? get : post(body);
  });
  renderApp(
    <Routes>
      <Route path="/s/:token" element={<PublicSurveyPage />} />
    </Routes>,
    '/s/tok-1',
  );
  return server;
}

/** The radio group of a question (its legend names it), and the choice `label` in it. */
const question = (text: RegExp) => screen.getByRole('group', { name: text });
const pick = (text: RegExp, label: string) => fireEvent.click(within(question(text)).getByRole('radio', { name: label }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }));

describe('the public survey page', () => {
  it('shows the survey without signing in, takes the answers and thanks with the closing message', async () => {
    const server = open({ body: { data: SURVEY } });
    await screen.findByRole('heading', { level: 1, name: SURVEY.name });
    expect(screen.getByText('Test College of Engineering')).toBeTruthy();
    expect(screen.getByText('Odd semester 2025-26')).toBeTruthy();
    // The closing date as Indian colleges write it.
    expect(screen.getByText(/CS3101 Data Structures, 2025-26\. Open until 15\/12\/2026\./)).toBeTruthy();
    expect(screen.getByText(/It takes two minutes\./)).toBeTruthy();
    // Every scale point is a radio of the question's group, lowest first.
    expect(
      within(question(/analyse the running time/))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Slight', 'Moderate', 'Substantial']);

    pick(/analyse the running time/, 'Substantial');
    pick(/choose a data structure/, 'Moderate');
    fireEvent.change(screen.getByLabelText(/What would you change/), { target: { value: '  More lab sessions  ' } });
    expect((within(question(/analyse the running time/)).getByRole('radio', { name: 'Substantial' }) as HTMLInputElement).checked).toBe(
      true,
    );
    submit();

    await screen.findByRole('heading', { level: 1, name: 'Thank you' });
    expect(screen.getByText('Thanks from CSE.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
    // No token: the request carries no Authorization header, and the body is the chosen indexes and the text.
    const [post] = server.calls('POST', LINK);
    expect(post.body).toEqual({ answers: { q1: 2, q2: 1, q3: 'More lab sessions' } });
    const init = vi.mocked(fetch).mock.calls.find(([, i]) => i?.method === 'POST')?.[1];
    expect(JSON.stringify(init?.headers ?? {})).not.toMatch(/authorization/i);
  });

  it('says Required on a rating question left unanswered and sends nothing until it is answered', async () => {
    const server = open({ body: { data: SURVEY } });
    await screen.findByRole('heading', { level: 1, name: SURVEY.name });
    pick(/analyse the running time/, 'Slight');
    submit();

    const missing = question(/choose a data structure/);
    expect(within(missing).getByText('Required')).toBeTruthy();
    expect(within(question(/analyse the running time/)).queryByText('Required')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('One question needs an answer: it is marked Required.');
    // The keyboard is taken to the question to answer.
    expect(document.activeElement).toBe(within(missing).getAllByRole('radio')[0]);
    expect(server.calls('POST', LINK)).toHaveLength(0);

    pick(/choose a data structure/, 'Substantial');
    expect(within(question(/choose a data structure/)).queryByText('Required')).toBeNull();
    submit();
    // Free text left blank is left out of the answers.
    await screen.findByRole('heading', { level: 1, name: 'Thank you' });
    expect(server.calls('POST', LINK)[0].body).toEqual({ answers: { q1: 0, q2: 2 } });
  });

  it('keeps the answers when the server is busy on submit, and says to try again in a moment', async () => {
    let busy = true;
    const server = open({ body: { data: SURVEY } }, () =>
      busy
        ? { status: 429, body: { errors: { detail: 'Too many requests', reason: 'busy' } } }
        : { status: 201, body: { message: 'successfully created', data: {} } },
    );
    await screen.findByRole('heading', { level: 1, name: SURVEY.name });
    pick(/analyse the running time/, 'Moderate');
    pick(/choose a data structure/, 'Moderate');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Your answers are kept: please try again in a moment\./);
    expect((within(question(/analyse the running time/)).getByRole('radio', { name: 'Moderate' }) as HTMLInputElement).checked).toBe(true);

    busy = false;
    submit();
    await screen.findByRole('heading', { level: 1, name: 'Thank you' });
    expect(screen.getByText('The department thanks you.')).toBeTruthy();
    expect(server.calls('POST', LINK)).toHaveLength(2);
  });

  it.each([
    ['invalid', 404, {}, 'This link does not open a survey', /whole link from your invitation mail/],
    ['used', 409, {}, 'You have answered this survey', /Thank you for taking part/],
    ['expired', 410, {}, 'This link has expired', /ask the college for a new invitation/],
    ['closed', 410, {}, 'This survey is closed', /no longer takes answers/],
    ['closed', 410, { opens_on: '2026-12-01' }, 'This survey is not open yet', /It opens on 01\/12\/2026\./],
    ['busy', 429, {}, 'Many people are answering just now', /try again in a moment/],
  ] as const)('a link refused as %s (%i) says so in a sentence and shows no form', async (reason, status, extra, title, text) => {
    open({ status, body: { errors: { detail: 'Refused', reason, ...extra } } });
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
    expect(screen.queryByText(SURVEY.name)).toBeNull();
    if (reason === 'busy') expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('turns to the refusal when the link was used meanwhile, on submit', async () => {
    open({ body: { data: SURVEY } }, () => ({ status: 409, body: { errors: { detail: 'Already answered', reason: 'used' } } }));
    await screen.findByRole('heading', { level: 1, name: SURVEY.name });
    pick(/analyse the running time/, 'Moderate');
    pick(/choose a data structure/, 'Moderate');
    submit();
    await screen.findByRole('heading', { level: 1, name: 'You have answered this survey' });
    await waitFor(() => expect(screen.queryByRole('radio')).toBeNull());
  });
});
