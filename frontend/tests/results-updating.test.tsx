import { type CourseAttainment, DEFAULT_METHOD, type ProgramAttainmentView, defaultResultsYear } from '@attain/shared-types';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgramLevelPage } from '../src/features/attainment/program-pages';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Courses with results, by code: no CO assessed yet (what the page's updating line counts). */
const courses = (codes: readonly string[]): CourseAttainment[] =>
  codes.map((code) => ({
    course: `id-${code}`,
    code,
    title: `Course ${code}`,
    academic_year: '2025-26',
    cos: [],
    course_attainment: null,
    po: {},
    students: 0,
    notes: [],
    method_version: 1,
    computed_at: '2026-11-20T00:00:00Z',
  }));

const view = (updating?: string[], withResults: readonly string[] = []): ProgramAttainmentView => ({
  years: [
    {
      program: 'p1',
      academic_year: '2025-26',
      courses: courses(withResults),
      outcomes: [{ outcome: 'po1', reference: 'PO1', attainment: 2, direct: 2, indirect: null, courses: 1, met: true }],
      method_version: 1,
      computed_at: '2026-11-20T00:00:00Z',
    },
  ],
  year_choice: defaultResultsYear([['2025-26']], '2025-26'),
  outcomes: [{ id: 'po1', reference: 'PO1', type: 'PO', statement: 'Engineering knowledge' }],
  method: DEFAULT_METHOD,
  method_version: 1,
  ...(updating ? { updating } : {}),
});

function server(data: ProgramAttainmentView) {
  return mockServer((method, url) => {
    if (url.startsWith('/api/attainment/program/p1')) return { body: { data } };
    if (method === 'GET' && url.startsWith('/api/program'))
      return { body: { data: [rec('p1', { title: 'B.Tech CSE', acronym: 'CSE' })], next: null } };
    if (method === 'GET' && /[?&](limit|ids)=/.test(url)) return { body: { data: [], next: null } };
  });
}

describe('Results computed on write: a program page while some courses are being computed again', () => {
  it('says which courses are updating and that the figures shown are the previous ones', async () => {
    server(view(['4CS4-05', '4CS4-06']));
    renderApp(<ProgramLevelPage />, '/attainment/program-level-course?program=p1');
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(
      'Updating: the results of 4CS4-05, 4CS4-06 are being computed again after a change; the figures shown are the previous ones until then.',
    );
  });

  it('after a method change, counts the courses left of the program as each is stored', async () => {
    server(view(['4CS4-05', '4CS4-06'], ['4CS4-01', '4CS4-02', '4CS4-05', '4CS4-06']));
    renderApp(<ProgramLevelPage />, '/attainment/program-level-course?program=p1');
    const note = await screen.findByRole('status');
    expect(note.textContent).toBe(
      'Updating: 2 of 4 courses are being computed again after a change (4CS4-05, 4CS4-06); the figures shown are the previous ones until then.',
    );
  });

  it('counts from the start, when every course of the program is updating', async () => {
    server(view(['4CS4-05', '4CS4-06'], ['4CS4-05', '4CS4-06']));
    renderApp(<ProgramLevelPage />, '/attainment/program-level-course?program=p1');
    expect((await screen.findByRole('status')).textContent).toMatch(/^Updating: 2 of 2 courses are being computed again/);
  });

  it('says nothing when every course is current', async () => {
    server(view());
    renderApp(<ProgramLevelPage />, '/attainment/program-level-course?program=p1');
    await screen.findByText('2025-26: the current academic year');
    expect(screen.queryByText(/^Updating:/)).toBeNull();
  });
});
