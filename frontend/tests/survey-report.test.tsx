import type { QuestionResult, SurveyReportView } from '@attain/shared-types';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SurveyArea from '../src/features/survey/survey-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const question = (
  id: string,
  text: string,
  code: string,
  online: number[],
  offline: number[],
  percent: number,
  level: number,
): QuestionResult => ({
  question: { id, text, kind: 'Rating', outcome_code: code, outcome: code.toLowerCase() },
  online,
  offline,
  counts: online.map((c, k) => c + offline[k]),
  respondents: online.reduce((a, b) => a + b, 0) + offline.reduce((a, b) => a + b, 0),
  percent,
  level,
});

/** A course-exit survey's report: 20 answers to CO1 (4 of them on paper), CO2 flagged for review. */
const REPORT: SurveyReportView = {
  survey: {
    id: 'sv1',
    name: 'Course exit CS3101 2025-26',
    survey_for: 'CO',
    type: 'Students',
    academic_year: '2025-26',
    start_date: '2026-11-01',
    end_date: '2026-12-15',
    anonymous: true,
    course: 'k1',
    program: 'p1',
    curriculum: 'cur1',
  },
  status: 'Closed',
  scale: [
    { label: 'Slight', weight: 0.33 },
    { label: 'Moderate', weight: 0.67 },
    { label: 'Substantial', weight: 1 },
  ],
  invited: 40,
  surveyed_offline: 5,
  responded_online: 16,
  responded_offline: 4,
  response_rate: 40,
  margin_of_error: 17.02,
  questions: [
    question('q1', 'How well can you now analyse an algorithm?', 'CO1', [2, 4, 10], [0, 1, 3], 80.3, 3),
    question('q2', 'How well can you now choose a data structure?', 'CO2', [8, 6, 2], [2, 1, 1], 54.25, 1),
  ],
  free_text: [{ question: { id: 'q3', text: 'What would you change?', kind: 'Free text' }, answers: ['More lab hours', 'Earlier notes'] }],
  outcomes: [
    {
      outcome: 'co1',
      code: 'CO1',
      percent: 80.3,
      level: 3,
      respondents: 20,
      population: 25,
      margin_of_error: 9.8,
      needed: 16,
      direct: 2.7,
    },
    {
      outcome: 'co2',
      code: 'CO2',
      percent: 54.25,
      level: 1,
      respondents: 20,
      population: 25,
      margin_of_error: 9.8,
      needed: 16,
      direct: 2.4,
    },
  ],
  flags: [{ co: 'co2', code: 'CO2', direct: 2.4, indirect: 1, difference: 1.4 }],
  notes: ['Paper answers of 5 students are included.'],
};

describe('Survey report', () => {
  it('shows the response rate, margin of error, each question as bars with counts and shares, written answers and flags', async () => {
    mockServer((method, url) => {
      if (url === '/api/survey?limit=100' || url === '/api/survey?ids=sv1')
        return { body: { data: [rec('sv1', { name: REPORT.survey.name })], next: null } };
      if (url === '/api/survey-results/sv1') return { body: { data: REPORT } };
    });
    renderApp(
      <Routes>
        <Route path="/survey/*" element={<SurveyArea />} />
      </Routes>,
      '/survey/survey-report?survey=sv1',
    );
    await screen.findByRole('heading', { name: 'Survey report: Course exit CS3101 2025-26' });
    const facts = screen.getByLabelText('Survey facts');
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(fact('Response rate')).toBe('40.00 %');
    expect(fact('Invited')).toBe('40');
    expect(fact('Answered online')).toBe('16');
    expect(fact('Answered on paper')).toBe('4 of 5 surveyed');
    expect(fact('Margin of error')).toBe('± 17.02 percentage points (95 % confidence)');
    expect(screen.getByText('Paper answers of 5 students are included.')).toBeTruthy();

    // Each rating question: a bar per scale point with its count and share in words, its percent, level, respondents.
    const first = screen.getByRole('figure', { name: /1\. How well can you now analyse an algorithm\?/ });
    expect(within(first).getByText('80.30 %, level 3.00, 20 respondents')).toBeTruthy();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Slight2 (10.0 %)', 'Moderate5 (25.0 %) 1 on paper', 'Substantial13 (65.0 %) 3 on paper']);
    const second = screen.getByRole('figure', { name: /2\. How well can you now choose a data structure\?/ });
    expect(within(second).getByText('CO2')).toBeTruthy();
    expect(within(second).getByText('54.25 %, level 1.00, 20 respondents')).toBeTruthy();

    // The numbers again as a table to export, and the written answers.
    const questions = screen.getByRole('table', { name: 'Rating questions' });
    expect(
      within(questions)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(expect.arrayContaining(['Slight', 'Moderate', 'Substantial', 'Respondents', 'Percent', 'Level']));
    expect(screen.getByRole('button', { name: 'Export Rating questions as CSV' })).toBeTruthy();
    const written = screen.getByRole('region', { name: 'What would you change?' });
    expect(
      within(written)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['More lab hours', 'Earlier notes']);

    // Per outcome: survey and direct levels; the CO 1 or more apart is marked for review.
    const outcomes = screen.getByRole('table', { name: 'Outcomes: survey and direct levels' });
    const co1 = within(outcomes).getByText('CO1').closest('tr') as HTMLElement;
    const co2 = within(outcomes).getByText('CO2').closest('tr') as HTMLElement;
    expect(within(co2).getByText('Review: direct and indirect differ by 1 or more')).toBeTruthy();
    expect(within(co2).getByText('2.40')).toBeTruthy();
    expect(within(co1).queryByText(/Review:/)).toBeNull();
    expect(within(co1).getByText('3.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Outcomes: survey and direct levels as XLSX' })).toBeTruthy();
  });
});
