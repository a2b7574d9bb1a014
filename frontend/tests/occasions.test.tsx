import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AssessmentsArea from '../src/features/assessments/assessments-area';
import { mockServer, rec, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OCCASIONS = [
  rec('o1', { name: 'ISE 1', kind: 'ISE', total_marks: 20 }),
  rec('o2', { name: 'MSE', kind: 'MSE', total_marks: 30 }),
  rec('o3', { name: 'End semester', kind: 'ESE', total_marks: 100 }),
];

const KIND_OF: Readonly<Record<string, string>> = { o1: 'ISE', o2: 'MSE', o3: 'ESE' };

function renderAt(path: string) {
  const server = mockServer((method, url) => {
    const u = new URL(url, 'http://x');
    if (method === 'GET' && u.pathname === '/api/occasion') {
      const kind = u.searchParams.get('kind');
      return { body: { data: OCCASIONS.filter((o) => !kind || KIND_OF[o.id] === kind), next: null } };
    }
    if (method === 'GET' && u.pathname.startsWith('/api/')) return { body: { data: [], next: null } };
  });
  renderApp(
    <Routes>
      <Route path="/assessments/*" element={<AssessmentsArea />} />
    </Routes>,
    path,
  );
  return server;
}
const table = (name: string) => screen.findByRole('table', { name });

describe('assessment occasions, each kind under its own examination', () => {
  it('lists ISE and MSE occasions under ISE/MSE Occasions, not the ESE', async () => {
    renderAt('/assessments/manage-ise-mse-occassion');
    const rows = within(await table('ISE/MSE Occasions')).getAllByRole('row');
    await waitFor(() => expect(rows.map((r) => r.textContent).join('|')).toContain('ISE 1'));
    const text = within(await table('ISE/MSE Occasions'))
      .getAllByRole('row')
      .map((r) => r.textContent)
      .join('|');
    expect(text).toContain('MSE');
    expect(text).not.toContain('End semester');
  });

  it('lists ESE occasions under ESE Question Papers, read by kind, and a new one there is an ESE', async () => {
    const server = renderAt('/assessments/manage-ese-qp');
    const ese = await table('ESE Occasions');
    await waitFor(() => expect(ese.textContent).toContain('End semester'));
    expect(ese.textContent).not.toContain('ISE 1');
    expect(server.gets().some((u) => u.startsWith('/api/occasion?') && new URL(u, 'http://x').searchParams.get('kind') === 'ESE')).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ADD' }));
    const form = await screen.findByRole('dialog', { name: 'Add assessment occasion' });
    await waitFor(() =>
      expect(
        within(form)
          .getByLabelText(/^Examination/)
          .closest('.p-dropdown')?.textContent,
      ).toContain('ESE'),
    );
  });
});
