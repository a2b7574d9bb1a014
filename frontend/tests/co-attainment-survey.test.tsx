import { type CourseAttainmentView, type GroupResult, DEFAULT_METHOD } from '@attain/shared-types';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CoAttainmentPage } from '../src/features/attainment/co-attainment-page';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const group = (level: number): GroupResult => ({ students: 40, reached: 30, percent: 75, level, max_marks: 10 });

/** A course whose CO1 has a course-exit survey level, CO2 a survey with too few answers, CO3 none. */
const VIEW: CourseAttainmentView = {
  result: {
    course: 'k1',
    code: 'CS3101',
    title: 'Data Structures',
    academic_year: '2025-26',
    cos: [
      {
        co: 'co1',
        code: 'CO1',
        cie: group(3),
        see: group(2),
        direct: 2.3,
        indirect: 2,
        survey: {
          surveys: [{ id: 'sv1', name: 'Course exit CS3101 2025-26' }],
          respondents: 32,
          population: 40,
          margin_of_error: 7.8,
          needed: 21,
          percent: 64.5,
          level: 2,
        },
        attainment: 2.24,
        met: true,
      },
      {
        co: 'co2',
        code: 'CO2',
        cie: group(2),
        see: group(2),
        direct: 2,
        indirect: null,
        survey: {
          surveys: [{ id: 'sv1', name: 'Course exit CS3101 2025-26' }],
          respondents: 3,
          population: 40,
          margin_of_error: 54.51,
          needed: 21,
          percent: 70,
          level: null,
          note: '3 of 40 responded; a survey level needs 21: no indirect level used',
        },
        attainment: 2,
        met: true,
      },
      { co: 'co3', code: 'CO3', cie: group(1), see: null, direct: 1, indirect: null, survey: null, attainment: 1, met: false },
    ],
    course_attainment: 1.75,
    po: {},
    students: 40,
    notes: [],
    method_version: 2,
    computed_at: '2026-11-20T00:00:00Z',
  },
  years: ['2025-26'],
  outcomes: [],
  method: { ...DEFAULT_METHOD, min_responses: 5 },
  method_version: 2,
};

describe('CO Attainment with a course-exit survey', () => {
  it("shows each CO's indirect level beside the direct one, with its survey and responses or why it is not used", async () => {
    mockServer((method, url) => {
      if (url === '/api/attainment/course/k1') return { body: { data: VIEW } };
      if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
    });
    renderApp(<CoAttainmentPage />, '/attainment/co-attainment?curriculum=cur1&term=t1&course=k1');
    const table = await screen.findByRole('table', { name: 'CO attainment' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual(
      expect.arrayContaining(['Direct', 'Indirect (survey)', 'Course-exit survey', 'CO attainment (direct 80 % + indirect 20 %)']),
    );
    const row = (code: string) => within(table).getByText(code, { selector: 'th, td' }).closest('tr') as HTMLElement;
    expect(within(row('CO1')).getByText('2.00')).toBeTruthy();
    expect(
      within(row('CO1')).getByText('Course exit CS3101 2025-26: 32 of 40 responded, margin of error ± 7.80 points (95 %)'),
    ).toBeTruthy();
    expect(within(row('CO1')).getByText('2.24')).toBeTruthy();
    expect(
      within(row('CO2')).getByText(
        'Course exit CS3101 2025-26: 3 of 40 responded, margin of error ± 54.51 points (95 %); a level needs 21: not used',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('method-line').textContent).toContain('final = direct 80 % + indirect (course-exit survey) 20 %');
    // With a survey on the page, no line says the attainment is the direct level only.
    expect(screen.queryByTestId('no-survey')).toBeNull();
  });
});
