import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client';
import { qk } from '../src/app/query-keys';
import { EntityPage } from '../src/components/entity/entity-page';
import { UnsavedChangesGuard, askBeforeLeaving } from '../src/components/form/unsaved-changes';
import { MarksSheetPage } from '../src/features/attainment/marks-sheet-page';
import { OrganizationForm } from '../src/features/configuration/organization-form';
import { CoPoMatrixPage } from '../src/features/curriculum/co-po-matrix-page';
import { QuestionPaperPage } from '../src/features/assessments/question-paper-page';
import { ProfilePage } from '../src/features/faculty/profile-page';
import { matrixView, mockServer, rec, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Renders `page` at `path` in a data router (as the app does) with the guard the signed-in frame mounts, and an
 * Elsewhere page to leave for. @returns the router, to navigate as a menu link would
 */
function renderGuarded(page: ReactNode, path: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(qk.attainmentView('course', 'k1'), { result: null });
  const router = createMemoryRouter(
    [
      { path: '/elsewhere', element: <p>Elsewhere</p> },
      {
        path: '*',
        element: (
          <>
            {page}
            <UnsavedChangesGuard />
            <ConfirmDialog />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const question = () => screen.findByRole('dialog', { name: 'Save your changes?' });
/** The question has gone (as a person sees before they click anything else). */
const answered = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save your changes?' })).toBeNull());
const leave = (router: ReturnType<typeof createMemoryRouter>) => void router.navigate('/elsewhere');

/** Stay keeps the page and what was typed; Discard then leaves. */
async function stayThenDiscard(router: ReturnType<typeof createMemoryRouter>, typed: () => void) {
  leave(router);
  fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
  await answered();
  expect(router.state.location.pathname).not.toBe('/elsewhere');
  typed();
  leave(router);
  fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
  await screen.findByText('Elsewhere');
}

const sheet = {
  occasion: { id: 'o1', name: 'ISE 1', kind: 'ISE', total_marks: 5 },
  course: { id: 'k1', code: 'E101', title: 'Course', curriculum: 'cur1', term: 't1' },
  questions: [{ number: '1', max_marks: 5, co_code: 'CO1' }],
  students: [{ id: 's1', roll_no: 'B1', name: 'Anu' }],
  rows: [],
  version: 0,
};

describe('typed work is never lost by leaving the page: Save / Discard / Stay', () => {
  it('the marks grid: Stay keeps the changed mark, Save stores it and then leaves', async () => {
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url === '/api/marks/o1') return { body: { data: sheet } };
      if (method === 'PUT' && url === '/api/marks/o1')
        return {
          body: {
            message: 'Saved',
            data: { rows: (body as { rows: unknown[] }).rows.length, absent: 0, notes: [], preview: [], version: 1 },
          },
        };
    });
    const router = renderGuarded(<MarksSheetPage occasionId="o1" back="/attainment" />, '/attainment?occasion=o1');
    fireEvent.change(await screen.findByLabelText('B1 question 1'), { target: { value: '4' } });
    leave(router);
    expect((await question()).textContent).toContain('The marks of ISE 1 has changes that are not saved');
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Save your changes?' })).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save your changes?' })).toBeNull());
    expect((screen.getByLabelText('B1 question 1') as HTMLInputElement).value).toBe('4');
    expect(server.calls('PUT', '/api/marks/o1')).toHaveLength(0);
    leave(router);
    fireEvent.click(within(await question()).getByRole('button', { name: 'Save' }));
    await screen.findByText('Elsewhere');
    expect(server.calls('PUT', '/api/marks/o1')[0].body).toEqual({ version: 0, rows: [{ student: 's1', marks: { 1: 4 } }] });
  });

  it('the CO-PO matrix: a changed cell asks before another course is picked or another page opened', async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/co-po-matrix/k1') return { body: { data: matrixView({}, 0) } };
      if (method === 'GET' && url.startsWith('/api/')) return { body: { data: [], next: null } };
    });
    const router = renderGuarded(<CoPoMatrixPage />, '/curriculum/co-po-maping?curriculum=cur1&term=t1&course=k1');
    const cell = (await screen.findByLabelText('CO1 PO1')) as HTMLSelectElement;
    fireEvent.change(cell, { target: { value: '3' } });
    // Another course (the picker changes the address's query) asks too.
    void router.navigate('/curriculum/co-po-maping?curriculum=cur1&term=t1&course=k2');
    fireEvent.click(within(await question()).getByRole('button', { name: 'Stay' }));
    await answered();
    expect(router.state.location.search).toBe('?curriculum=cur1&term=t1&course=k1');
    await stayThenDiscard(router, () => expect((screen.getByLabelText('CO1 PO1') as HTMLSelectElement).value).toBe('3'));
    expect(server.calls('PUT', '/api/co-po-matrix/k1')).toHaveLength(0);
  });

  it('the question paper: a changed question asks before another page opens (Stay keeps it, Discard leaves)', async () => {
    const server = mockServer((method, url, body) => {
      const u = new URL(url, 'http://x');
      if (method === 'GET' && u.pathname === '/api/occasion')
        return {
          body: {
            data: u.searchParams.get('kind') === 'ISE' ? [rec('o1', { name: 'ISE 1', kind: 'ISE', course: 'k1', total_marks: 10 })] : [],
            next: null,
          },
        };
      if (method === 'GET' && u.pathname === '/api/question-paper/o1')
        return {
          body: {
            data: { occasion: 'o1', questions: [{ number: '1', max_marks: 10, co: '', bloom_level: '' }], version: 0, occasion_total: 10 },
          },
        };
      if (method === 'PUT' && u.pathname === '/api/question-paper/o1')
        return { body: { message: 'Saved', data: { occasion: 'o1', ...(body as object), version: 1, occasion_total: 10 } } };
      if (method === 'GET' && u.pathname.startsWith('/api/')) return { body: { data: [], next: null } };
    });
    const router = renderGuarded(<QuestionPaperPage kinds={['ISE', 'MSE']} title="Question paper" />, '/assessments/qp?occasion=o1');
    const number = (await screen.findByLabelText('Question 1 number')) as HTMLInputElement;
    fireEvent.change(number, { target: { value: '1a' } });
    await stayThenDiscard(router, () => expect((screen.getByLabelText('Question 1 number') as HTMLInputElement).value).toBe('1a'));
    expect(server.calls('PUT', '/api/question-paper/o1')).toHaveLength(0);
  });

  it('a full-screen form (ADD): leaving with the form filled asks, and Save sends it', async () => {
    const server = mockServer((method, url, body) => {
      if (method === 'GET' && url.startsWith('/api/department')) return { body: { data: [], next: null } };
      if (method === 'POST' && url === '/api/department')
        return { status: 201, body: { message: 'successfully created', data: rec('d-eee', body as Record<string, unknown>) } };
    });
    const router = renderGuarded(<EntityPage entityName="department" />, '/configuration/department');
    fireEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Electrical Engineering' } });
    fireEvent.change(screen.getByLabelText(/^Short name/), { target: { value: 'EEE' } });
    leave(router);
    const asked = await question();
    expect(asked.textContent).toContain('The department form has changes');
    fireEvent.click(within(asked).getByRole('button', { name: 'Save' }));
    await screen.findByText('Elsewhere');
    expect(server.calls('POST', '/api/department')[0].body).toMatchObject({ name: 'Electrical Engineering', short_name: 'EEE' });
  });

  it('a full-screen form that does not pass its checks stays open on Save, with nothing sent', async () => {
    const server = mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/department')) return { body: { data: [], next: null } };
    });
    const router = renderGuarded(<EntityPage entityName="department" />, '/configuration/department');
    fireEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    // A name but no short name, which a department needs.
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Electrical Engineering' } });
    leave(router);
    fireEvent.click(within(await question()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save your changes?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/configuration/department');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Electrical Engineering');
    expect(server.calls('POST', '/api/department')).toHaveLength(0);
  });

  it('an inline form (Organization) and the Faculty Profile ask before the page is left, and signing out asks too', async () => {
    mockServer((method, url) => {
      if (method === 'GET' && url.startsWith('/api/organization'))
        return { body: { data: [rec('campus-1', { name: 'Test College', locale: 'en-IN' })], next: null } };
    });
    const router = renderGuarded(<OrganizationForm />, '/configuration');
    const name = (await screen.findByLabelText(/^Organization name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Test College of Engineering' } });
    await stayThenDiscard(router, () =>
      expect((screen.getByLabelText(/^Organization name/) as HTMLInputElement).value).toBe('Test College of Engineering'),
    );
    cleanup();

    mockServer((method, url) => {
      if (method === 'GET' && url === '/api/auth/profile')
        return { body: { data: { ...rec('me', { first_name: 'Asha', email: 'admin@example.edu' }), role: 'admin', tenant: 'campus-1' } } };
      if (method === 'GET' && url.startsWith('/api/')) return { body: { data: [], next: null } };
    });
    const again = renderGuarded(<ProfilePage />, '/faculty-contribution');
    const first = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    fireEvent.change(first, { target: { value: 'Asha K' } });
    // Signing out asks first (the shell calls this before it signs out); Stay keeps the profile as typed.
    const signingOut = askBeforeLeaving();
    fireEvent.click(within(await question()).getByRole('button', { name: 'Stay' }));
    expect(await signingOut).toBe(false);
    await answered();
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Asha K');
    await stayThenDiscard(again, () => expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Asha K'));
  });

  it('a page with nothing changed is left without a question', async () => {
    mockServer((method, url) => {
      if (method === 'GET' && url === '/api/marks/o1') return { body: { data: sheet } };
    });
    const router = renderGuarded(<MarksSheetPage occasionId="o1" back="/attainment" />, '/attainment?occasion=o1');
    await screen.findByLabelText('B1 question 1');
    leave(router);
    await screen.findByText('Elsewhere');
    expect(await askBeforeLeaving()).toBe(true);
  });
});
