import type { SurveyDashboardView } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const view = (year: string): SurveyDashboardView => ({
  year,
  year_choice: { year, current: '2026-27', reason: 'results', text: `${year}: the newest year with results` },
  years: ['2025-26', '2023-24', '2022-23', '2021-22', '2020-21', '2019-20'],
  surveys:
    year === '2025-26'
      ? [
          {
            id: 'sv1',
            name: 'Course exit CS3101',
            survey_for: 'CO',
            academic_year: '2025-26',
            program: 'p1',
            course: 'k1',
            status: 'Open',
            invited: 40,
            responded: 18,
            response_rate: 45,
          },
        ]
      : [],
  outcomes:
    year === '2025-26'
      ? [
          {
            outcome: 'co1',
            code: 'CO1',
            percent: 72.5,
            level: 3,
            respondents: 18,
            population: 40,
            margin_of_error: 17.04,
            needed: 21,
            survey: 'sv1',
            survey_name: 'Course exit CS3101',
          },
        ]
      : [],
});

describe('Survey dashboard', () => {
  it("lists the newest year's surveys with their response rates and outcomes, and reads another year when picked", async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/survey-results/dashboard') return { body: { data: view('2025-26') } };
      if (url === '/api/survey-results/dashboard?year=2020-21') return { body: { data: view('2020-21') } };
      if (url === '/api/Course-Curriculum?ids=k1')
        return { body: { data: [rec('k1', { code: 'CS3101', title: 'Data Structures' })], next: null } };
      if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
    });
    renderApp(
      <Routes>
        <Route path="/survey/*" element={<SurveyArea />} />
      </Routes>,
      '/survey',
    );
    const table = await screen.findByRole('table', { name: 'Surveys' });
    const row = within(table).getByText('Course exit CS3101').closest('tr') as HTMLElement;
    expect(within(row).getByText('45.00 %')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    await within(row).findByText('CS3101 Data Structures');
    expect(within(row).getByRole('link', { name: 'Report' }).getAttribute('href')).toBe('/survey/survey-report?survey=sv1');
    const outcomes = screen.getByRole('table', { name: 'Outcomes assessed by surveys' });
    expect(within(within(outcomes).getByText('CO1').closest('tr') as HTMLElement).getByText('72.50 %')).toBeTruthy();

    // The year picker offers the view's years; another year is read with ?year=.
    fireEvent.click(document.getElementById('survey-year')?.closest('.p-dropdown')?.querySelector('.p-dropdown-trigger') as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '2020-21', hidden: true }));
    await screen.findByText('No survey in this year. Surveys are made under', { exact: false });
    await waitFor(() => expect(server.gets()).toContain('/api/survey-results/dashboard?year=2020-21'));
  });
});
