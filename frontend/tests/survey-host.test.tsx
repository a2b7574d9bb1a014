import type { SurveyHostView, SurveyInvitee } from '@attain/shared-types';
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

const HOST = '/api/survey-host/sv1';
const SURVEY = rec('sv1', { name: 'Course exit CS3101 2025-26', academic_year: '2025-26' });

/** The hosting view of an open course-exit survey of a curriculum's students. */
const view = (invitees: SurveyInvitee[] = []): SurveyHostView => ({
  survey: {
    id: 'sv1',
    name: 'Course exit CS3101 2025-26',
    survey_for: 'CO',
    type: 'Students',
    academic_year: '2025-26',
    start_date: '2026-11-01',
    end_date: '2026-12-15',
    anonymous: false,
    course: 'k1',
    program: 'p1',
    curriculum: 'cur1',
  },
  status: 'Open',
  form: {
    scale: [
      { label: 'Slight', weight: 0.33 },
      { label: 'Moderate', weight: 0.67 },
      { label: 'Substantial', weight: 1 },
    ],
    questions: [{ id: 'q1', text: 'How well can you now analyse an algorithm?', kind: 'Rating', outcome_code: 'CO1', outcome: 'co1' }],
  },
  invitees,
  invited: invitees.length,
  responded: invitees.filter((i) => i.responded).length,
  responded_signed_in: 0,
  population: Math.max(invitees.length, 4),
  response_rate: invitees.length ? 50 : null,
  students_available: invitees.length ? 0 : 3,
  stakeholders_available: { Alumni: 4 },
  offline: null,
});
const invitee = (id: string, name: string, over: Partial<SurveyInvitee> = {}): SurveyInvitee => ({
  id,
  name,
  email: `${name.toLowerCase()}@students.college.edu`,
  source: 'Students',
  invited_at: '2026-11-20T04:30:00Z',
  reminders: 0,
  mail_status: 'delivered',
  mail: 'm-1',
  responded: false,
  ...over,
});

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

describe('Host survey', () => {
  it('invites the students of the curriculum, then shows who was mailed, who was left out and why, and the invitees', async () => {
    let invited: SurveyInvitee[] = [];
    const server = mockServer((method, url) => {
      if (url === '/api/survey?limit=100' || url === '/api/survey?ids=sv1') return { body: { data: [SURVEY], next: null } };
      if (method === 'GET' && url === HOST) return { body: { data: view(invited) } };
      if (method === 'POST' && url === `${HOST}/invite`) {
        invited = [invitee('i1', 'Anil'), invitee('i2', 'Bina', { responded: true, responded_at: '2026-11-21T05:00:00Z' })];
        return {
          status: 201,
          body: {
            message: 'Invitations queued',
            data: {
              mailed: 2,
              mail: 'm-1',
              skipped: [{ name: 'Chetan', reason: 'no e-mail address' }],
            },
          },
        };
      }
    });
    renderSurvey('/survey/host-survey?survey=sv1');
    await screen.findByRole('heading', { name: 'Host survey: Course exit CS3101 2025-26' });
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('01/11/2026 to 15/12/2026')).toBeTruthy();
    expect(screen.getByText('Nobody is invited yet.')).toBeTruthy();

    // The students are offered (and chosen, the survey being theirs); the message carries each person's link.
    const students = screen.getByLabelText('Students of the course (3 not yet invited)') as HTMLInputElement;
    expect(students.checked).toBe(true);
    expect((screen.getByLabelText('Alumni (4 not yet invited)') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Patent (0 not yet invited)') as HTMLInputElement).disabled).toBe(true);
    const message = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toContain('{{survey_link}}');
    expect(message.value).toContain('15/12/2026');
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));

    const note = await screen.findByText('Invitations mailed to 2 people.');
    const box = note.closest('[role="status"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Receipts of this mail' }).getAttribute('href')).toBe('/utilities?mail=m-1');
    expect(within(box).getByText('Not mailed to 1 person:')).toBeTruthy();
    expect(within(box).getByRole('listitem').textContent).toBe('Chetan: no e-mail address');
    const [post] = server.calls('POST', `${HOST}/invite`);
    expect(post.body).toMatchObject({ students: true, subject: 'Your feedback: Course exit CS3101 2025-26' });
    expect(post.body).not.toHaveProperty('groups');
    expect((post.body as { message: string }).message).toMatch(/^<p>Dear participant,<\/p>.*<p>\{\{survey_link\}\}<\/p>/);

    // The view is read again: the invitees with their delivery and answer.
    const table = await screen.findByRole('table', { name: 'Invitees' });
    const anil = within(table).getByText('Anil').closest('tr') as HTMLElement;
    expect(within(anil).getByText('Delivered')).toBeTruthy();
    expect(within(anil).getByText('No')).toBeTruthy();
    expect(within(within(table).getByText('Bina').closest('tr') as HTMLElement).getByText(/^Yes, 21\/11\/2026/)).toBeTruthy();
    expect(within(anil).getByText('20/11/2026')).toBeTruthy();
  });

  it('asks before reminding those who have not answered, then says how many were mailed', async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/survey?limit=100' || url === '/api/survey?ids=sv1') return { body: { data: [SURVEY], next: null } };
      if (method === 'GET' && url === HOST)
        return { body: { data: view([invitee('i1', 'Anil'), invitee('i2', 'Bina', { responded: true }), invitee('i3', 'Dev')]) } };
      if (method === 'POST' && url === `${HOST}/remind`) return { status: 201, body: { data: { mailed: 2, mail: 'm-2', skipped: [] } } };
    });
    renderSurvey('/survey/host-survey?survey=sv1');
    fireEvent.click(await screen.findByRole('button', { name: 'Remind those who have not answered' }));
    await screen.findByText('Mail a reminder with their own link to the 2 people who have not answered?');
    expect(server.calls('POST', `${HOST}/remind`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
    await screen.findByText('Reminders mailed to 2 people.');
    expect(server.calls('POST', `${HOST}/remind`)).toHaveLength(1);
  });

  it("saves paper results with the version read, and shows the server's message when someone saved first", async () => {
    const server = mockServer((method, url) => {
      if (url === '/api/survey?limit=100' || url === '/api/survey?ids=sv1') return { body: { data: [SURVEY], next: null } };
      if (method === 'GET' && url === HOST) return { body: { data: view() } };
      if (method === 'PUT' && url === `${HOST}/offline`)
        return { status: 409, body: { errors: { detail: 'These results were changed by someone else; load them again' } } };
    });
    renderSurvey('/survey/host-survey?survey=sv1');
    fireEvent.change(await screen.findByLabelText('People surveyed on paper'), { target: { value: '10' } });
    const paper = screen.getByRole('group', { name: /1\. How well can you now analyse an algorithm\? \(CO1\)/ });
    fireEvent.change(within(paper).getByLabelText('Moderate'), { target: { value: '4' } });
    fireEvent.change(within(paper).getByLabelText('Substantial'), { target: { value: '8' } });
    expect(within(paper).getByText('12 answers, more than the 10 people surveyed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save paper results' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(paper).getByLabelText('Substantial'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save paper results' }));

    const refusal = await screen.findByText('These results were changed by someone else; load them again', {
      selector: '.form-refusal span',
    });
    expect(refusal).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Load the saved counts' })).toBeTruthy();
    await waitFor(() => expect(server.calls('PUT', `${HOST}/offline`)).toHaveLength(1));
    expect(server.calls('PUT', `${HOST}/offline`)[0].body).toEqual({ surveyed: 10, counts: { q1: [0, 4, 5] }, version: 0 });
  });

  it('an anonymous survey shows counts only, says why no invitee is listed, and reminds the number who have not answered', async () => {
    const anonymous: SurveyHostView = {
      ...view(),
      survey: { ...view().survey, anonymous: true },
      invited: 4,
      responded: 2,
      responded_signed_in: 1,
      population: 40,
      response_rate: 5,
      students_available: 0,
    };
    const server = mockServer((method, url) => {
      if (url === '/api/survey?limit=100' || url === '/api/survey?ids=sv1') return { body: { data: [SURVEY], next: null } };
      if (method === 'GET' && url === HOST) return { body: { data: anonymous } };
      if (method === 'POST' && url === `${HOST}/remind`) return { status: 201, body: { data: { mailed: 2, mail: 'm-2', skipped: [] } } };
    });
    renderSurvey('/survey/host-survey?survey=sv1');
    await screen.findByText(/This survey is anonymous, so its invitees are not listed/);
    expect(screen.queryByRole('table', { name: 'Invitees' })).toBeNull();
    expect(screen.getByText(/nobody, administrators included, can see who answered/)).toBeTruthy();
    // One answered signed in (not invited by mail); the rate is over the course's 40 students, not the 4 invited, and 3
    // of the 4 mailed have not answered.
    expect(screen.getByText('2 (1 signed in)')).toBeTruthy();
    expect(screen.getByText('Students of the course').nextSibling?.textContent).toBe('40');
    expect(screen.getByText('Response rate').nextSibling?.textContent).toMatch(/^5(\.00)? ?%$/);
    fireEvent.click(screen.getByRole('button', { name: 'Remind those who have not answered' }));
    await screen.findByText('Mail a reminder with their own link to the 3 people who have not answered?');
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
    await screen.findByText('Reminders mailed to 2 people.');
    expect(server.calls('POST', `${HOST}/remind`)).toHaveLength(1);
  });
});
