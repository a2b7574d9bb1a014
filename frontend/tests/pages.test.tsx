import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/app/api';
import { DOCUMENT_PATHS, qk } from '../src/app/query-keys';
import { profileAtom, store } from '../src/app/state';
import { MarksSheetPage } from '../src/features/attainment/marks-sheet-page';
import { CoPoMatrixPage } from '../src/features/curriculum/co-po-matrix-page';
import { AuthGate } from '../src/components/shell/auth-gate';
import { logout } from '../src/app/auth';
import { signedOutReason } from '../src/app/deep-link';
import { matrixView, mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: vi.fn(async () => undefined) }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const empty = { body: { data: [], next: null } };

describe('the CO-PO matrix page', () => {
  it('saves the whole matrix, keeps the saved matrix from the answer and marks attainment stale', async () => {
    const view = matrixView;
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === '/api/co-po-matrix/k1') return { body: { data: view({}, 0) } };
      if (method === 'PUT' && url === '/api/co-po-matrix/k1')
        return {
          body: { message: 'successfully updated', data: view((body as { cells: Record<string, Record<string, number>> }).cells, 1) },
        };
      if (method === 'GET' && url.startsWith('/api/')) return empty;
    });
    const { queryClient } = renderApp(<CoPoMatrixPage />, '/curriculum/co-po-maping?curriculum=cur1&term=t1&course=k1');
    queryClient.setQueryData(qk.attainmentView('course', 'k1'), { result: null });
    const cell = (await screen.findByLabelText('CO1 PO1')) as HTMLSelectElement;
    fireEvent.change(cell, { target: { value: '3' } });
    expect(screen.getByTestId('avg-PO1').textContent).toBe('3.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save matrix' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save matrix' }) as HTMLButtonElement).disabled).toBe(true));
    expect(server.calls('PUT', '/api/co-po-matrix/k1')[0].body).toEqual({ version: 0, cells: { co1: { po1: 3 } } });
    expect(server.calls('GET', '/api/co-po-matrix/k1')).toHaveLength(1);
    expect(queryClient.getQueryData<{ version: number }>(qk.record(DOCUMENT_PATHS.coPoMatrix, 'k1'))?.version).toBe(1);
    expect((screen.getByLabelText('CO1 PO1') as HTMLSelectElement).value).toBe('3');
    expect(queryClient.getQueryState(qk.attainmentView('course', 'k1'))?.isInvalidated).toBe(true);
  });
});

describe('the marks sheet', () => {
  it('says why it cannot be read (no question paper yet) instead of loading for ever', async () => {
    const detail = 'ISE 2 has no question paper yet: set its questions (Assessments) before entering marks';
    mockServer((method, url) => (method === 'GET' && url === '/api/marks/o2' ? { status: 400, body: { errors: { detail } } } : undefined));
    renderApp(<MarksSheetPage occasionId="o2" back="/attainment" />);
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(screen.queryByText('Loading the marks sheet…')).toBeNull();
  });

  it('a row emptied in the grid is sent with no marks, so the server clears it', async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/marks/o3')
        return {
          body: {
            data: {
              occasion: { id: 'o3', name: 'ISE 3', kind: 'ISE', total_marks: 5 },
              course: { id: 'k1', code: 'E101', title: 'Course' },
              questions: [{ number: '1', max_marks: 5, co_code: 'CO1' }],
              students: [{ id: 's1', roll_no: 'B1', name: 'Anu' }],
              rows: [{ student: 's1', marks: { 1: 4 } }],
              version: 2,
            },
          },
        };
      if (method === 'PUT' && url === '/api/marks/o3') return { body: { message: 'Saved', data: { version: 3 } } };
    });
    renderApp(<MarksSheetPage occasionId="o3" back="/attainment" />);
    // The cell shows the saved mark first (as a person sees it before emptying it); before the sheet arrives it is blank.
    const cell = (await screen.findByLabelText('B1 question 1')) as HTMLInputElement;
    await waitFor(() => expect(cell.value).toBe('4'));
    fireEvent.change(cell, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 changed' }));
    await waitFor(() => expect(server.calls('PUT', '/api/marks/o3')).toHaveLength(1));
    expect(server.calls('PUT', '/api/marks/o3')[0].body).toEqual({ version: 2, rows: [{ student: 's1', marks: {} }] });
  });

  it('saves changed grid rows with the version read, then reads the sheet again', async () => {
    let version = 0;
    const sheet = () => ({
      occasion: { id: 'o1', name: 'ISE 1', kind: 'ISE', total_marks: 5 },
      course: { id: 'k1', code: 'E101', title: 'Course', curriculum: 'cur1', term: 't1' },
      questions: [{ number: '1', max_marks: 5, co_code: 'CO1' }],
      students: [{ id: 's1', roll_no: 'B1', name: 'Anu' }],
      rows: version ? [{ student: 's1', marks: { 1: 4 } }] : [],
      version,
    });
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === '/api/marks/o1') return { body: { data: sheet() } };
      if (method === 'PUT' && url === '/api/marks/o1') {
        version = 1;
        return {
          body: {
            message: 'Saved the marks of 1 student',
            data: { rows: (body as { rows: unknown[] }).rows.length, absent: 0, notes: [], preview: [], version: 1 },
          },
        };
      }
    });
    const { queryClient } = renderApp(<MarksSheetPage occasionId="o1" back="/attainment" />);
    queryClient.setQueryData(qk.attainmentView('course', 'k1'), { result: null });
    fireEvent.change(await screen.findByLabelText('B1 question 1'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 changed' }));
    await waitFor(() => expect(server.calls('GET', '/api/marks/o1')).toHaveLength(2));
    expect(server.calls('PUT', '/api/marks/o1')[0].body).toEqual({ version: 0, rows: [{ student: 's1', marks: { 1: 4 } }] });
    await screen.findByRole('button', { name: 'Save changes' });
    expect((screen.getByLabelText('B1 question 1') as HTMLInputElement).value).toBe('4');
    expect(queryClient.getQueryState(qk.attainmentView('course', 'k1'))?.isInvalidated).toBe(true);
  });

  it("History on the sheet reads the occasion's marks history: who changed which student's mark from what to what", async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/marks/o1')
        return {
          body: {
            data: {
              occasion: { id: 'o1', name: 'ISE 1', kind: 'ISE', total_marks: 5 },
              course: { id: 'k1', code: 'E101', title: 'Course', curriculum: 'cur1', term: 't1' },
              questions: [{ number: '1', max_marks: 5, co_code: 'CO1' }],
              students: [{ id: 's1', roll_no: 'B1', name: 'Anu' }],
              rows: [{ student: 's1', marks: { 1: 3 } }],
              version: 2,
            },
          },
        };
      if (method === 'GET' && url === '/api/audit/history/marks/o1')
        return {
          body: {
            data: [
              {
                id: 'a1',
                at: '2026-02-10T05:00:00Z',
                user: 'teacher@college.edu',
                action: 'replace',
                entity: 'marks',
                record_id: 'o1',
                changes: [{ field: 'B1 1', old: 4, new: 3 }],
              },
            ],
            next: null,
          },
        };
    });
    renderApp(<MarksSheetPage occasionId="o1" back="/attainment" />);
    fireEvent.click(await screen.findByRole('button', { name: 'History of marks of ISE 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'History: marks of ISE 1' });
    expect((await within(dialog).findByRole('row', { name: /B1 1/ })).textContent).toBe('B1 143');
    expect(within(dialog).getByRole('listitem').textContent).toMatch(/10\/02\/2026.*teacher@college\.edu/);
    expect(server.calls('GET', '/api/audit/history/marks/o1')).toHaveLength(1);
  });
});

/** The sign-in page as far as these tests look: the reason of the last sign-out it would show. */
const SignInProbe = () => <p>Sign-in page: {signedOutReason()}</p>;

describe('signing out on 401', () => {
  it('a 401 from any call forgets the profile and every cached read and returns to the sign-in page', async () => {
    mockServer((method, url) => {
      if (url === '/api/auth/profile')
        return { body: { data: { email: 'admin@example.edu', role: 'admin', tenant: 'c', organization_name: '', department_name: '' } } };
      if (url === '/api/department') return { status: 401, body: { errors: { detail: 'Sign in again' } } };
    });
    store.set(profileAtom, null);
    const { queryClient } = renderApp(
      <Routes>
        <Route path="/" element={<p>Sign-in page</p>} />
        <Route
          path="/inside"
          element={
            <AuthGate>
              <p>Inside</p>
            </AuthGate>
          }
        />
      </Routes>,
      '/inside',
    );
    await screen.findByText('Inside');
    queryClient.setQueryData(qk.list('/api/department', {}), { pages: [], pageParams: [] });
    await expect(api('GET', '/api/department', undefined, { quiet: true })).rejects.toMatchObject({ status: 401 });
    await screen.findByText('Sign-in page');
    expect(store.get(profileAtom)).toBeNull();
    expect(queryClient.getQueryData(qk.list('/api/department', {}))).toBeUndefined();
  });

  it('a session refused on opening a page leaves for the sign-in page only once signed out, which then says why', async () => {
    // A reload after an administrator ended the access: the profile read is refused. Going to the sign-in page before
    // the sign-out ends found the old token there and came straight back, and the reason was lost (seen under load).
    const server = mockServer((_method, url) =>
      url === '/api/auth/profile'
        ? { status: 401, body: { errors: { detail: 'Your access has been ended by an administrator' } } }
        : undefined,
    );
    let signedOut = () => undefined as void;
    vi.mocked(logout).mockImplementationOnce(() => new Promise<void>((resolve) => (signedOut = resolve)));
    store.set(profileAtom, null);
    renderApp(
      <Routes>
        <Route path="/" element={<SignInProbe />} />
        <Route
          path="/dashboard"
          element={
            <AuthGate>
              <p>Inside</p>
            </AuthGate>
          }
        />
      </Routes>,
      '/dashboard',
    );
    await waitFor(() => expect(vi.mocked(logout)).toHaveBeenCalled());
    expect(server.calls('GET', '/api/auth/profile')).toHaveLength(1);
    expect(screen.queryByText(/Sign-in page/)).toBeNull();
    signedOut();
    expect((await screen.findByText(/Sign-in page/)).textContent).toBe('Sign-in page: Your access has been ended by an administrator');
    expect(screen.queryByText('Inside')).toBeNull();
  });
});
