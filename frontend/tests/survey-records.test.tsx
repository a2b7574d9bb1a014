import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupMessage } from '../src/components/shell/feedback';
import SurveyArea from '../src/features/survey/survey-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty = { body: { data: [], next: null } };
const cur1 = rec('cur1', { name: 'B.E. CSE 2024', program: 'p1' });
const fileOf = (text: string, name: string) => Object.assign(new File([text], name, { type: 'text/csv' }), { text: async () => text });

/** The Survey area at `path`, with the shell's popup. */
const renderSurvey = (path: string) =>
  renderApp(
    <>
      <Routes>
        <Route path="/survey/*" element={<SurveyArea />} />
      </Routes>
      <PopupMessage />
    </>,
    path,
  );

describe('Stakeholders', () => {
  it("adds through the spec's 'Add Topic' button and points to the roster for students", async () => {
    mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100' || url === '/api/curriculum?ids=cur1') return { body: { data: [cur1], next: null } };
      if (method === 'GET') return empty;
    });
    renderSurvey('/survey/manage-stakeholder?curriculum=cur1');
    await screen.findByRole('heading', { name: 'Stakeholders' });
    expect(screen.getByRole('link', { name: 'Attainment > Students' }).getAttribute('href')).toBe('/attainment/students?curriculum=cur1');
    expect(screen.queryByRole('button', { name: 'ADD' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Topic' }));
    const form = await screen.findByRole('form', { name: 'Stakeholder form' });
    expect(within(form).getByLabelText(/^Group/)).toBeTruthy();
  });

  it('loads a CSV into the chosen curriculum and says what was created and updated', async () => {
    const csv = 'group,first_name,last_name,email,contact_number\nAlumni,Priya,Sharma,priya@example.com,9845012345\n';
    const server = mockServer((method, url) => {
      if (url === '/api/curriculum?limit=100' || url === '/api/curriculum?ids=cur1') return { body: { data: [cur1], next: null } };
      if (method === 'POST' && url === '/api/stakeholder/import?curriculum=cur1')
        return {
          status: 201,
          body: { message: 'Loaded 3 rows: 2 created, 1 updated', data: { rows: 3, created: 2, updated: 1 } },
        };
      if (method === 'GET') return empty;
    });
    renderSurvey('/survey/manage-stakeholder?curriculum=cur1');
    fireEvent.click(await screen.findByRole('button', { name: 'Load CSV or XLSX' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('CSV or XLSX file'), { target: { files: [fileOf(csv, 'alumni.csv')] } });
    await within(dialog).findByText('alumni.csv: 1 row read.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
    await within(dialog).findByText('Loaded 3 rows: 2 created, 1 updated.');
    const [post] = server.calls('POST', '/api/stakeholder/import?curriculum=cur1');
    expect(String(post.body).trim().split(/\r?\n/)).toEqual(csv.trim().split('\n'));
  });
});

describe('Templates', () => {
  it('fills the rating scale from a preset, lowest point first', async () => {
    mockServer((method) => (method === 'GET' ? empty : undefined));
    renderSurvey('/survey/manage-survey-templates');
    fireEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    await screen.findByRole('form', { name: 'Survey template form' });
    fireEvent.click(screen.getByRole('button', { name: /^Five-point agreement scale/ }));
    await waitFor(() => expect((document.getElementById('f-scale-0-label') as HTMLInputElement | null)?.value).toBe('Strongly disagree'));
    expect((document.getElementById('f-scale-4-label') as HTMLInputElement).value).toBe('Strongly agree');
    expect((document.getElementById('f-scale-4-weight') as HTMLInputElement).value).toBe('5');

    // Another preset replaces a scale only when asked.
    fireEvent.click(screen.getByRole('button', { name: /^Three-point course exit scale/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Replace' }));
    await waitFor(() => expect((document.getElementById('f-scale-2-label') as HTMLInputElement).value).toBe('Substantial'));
    expect(document.getElementById('f-scale-3-label')).toBeNull();
    expect((document.getElementById('f-scale-0-weight') as HTMLInputElement).value).toBe('0.33');
  });
});

describe('Surveys', () => {
  it('links each survey to hosting it and to its report', async () => {
    mockServer((method, url) => {
      if (url === '/api/survey?limit=100')
        return { body: { data: [rec('sv1', { name: 'Alumni survey 2025-26', survey_for: 'PO' })], next: null } };
      if (method === 'GET') return empty;
    });
    renderSurvey('/survey/create-survey');
    const host = await screen.findByRole('link', { name: 'Host Alumni survey 2025-26' });
    expect(host.getAttribute('href')).toBe('/survey/host-survey?survey=sv1');
    expect(screen.getByRole('link', { name: 'Report of Alumni survey 2025-26' }).getAttribute('href')).toBe(
      '/survey/survey-report?survey=sv1',
    );
  });
});
