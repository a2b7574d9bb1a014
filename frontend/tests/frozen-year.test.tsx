import type { FrozenYear } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FreezePanel } from '../src/features/attainment/freeze-panel';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FROZEN: FrozenYear = {
  program: 'p1',
  academic_year: '2025-26',
  status: 'Frozen',
  approved_by: 'hod@college.edu',
  approved_at: '2026-03-05T10:00:00Z',
  method_version: 3,
  inputs: [{ kind: 'marks-sheet', id: 'o1', version: 4 }],
  version: 1,
};

/** A server whose program p1 has `years` approvals; POSTs answer with `post` (default: success). */
function server(years: FrozenYear[], post?: { status: number; body: unknown }) {
  return mockServer((method, url) => {
    if (method === 'GET' && url === '/api/attainment/freeze/p1') return { body: { data: years } };
    if (method === 'POST' && url.startsWith('/api/attainment/freeze/p1')) return post ?? { status: 201, body: { data: FROZEN } };
    return undefined;
  });
}

describe('frozen results on the program attainment page', () => {
  it('the approve button asks first and posts the year', async () => {
    signInAs('admin');
    const s = server([]);
    renderApp(<FreezePanel programId="p1" year="2025-26" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve 2025-26' }));
    expect(s.calls('POST', '/api/attainment/freeze/p1')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(s.calls('POST', '/api/attainment/freeze/p1')).toHaveLength(1));
    expect(s.calls('POST', '/api/attainment/freeze/p1')[0].body).toEqual({ academic_year: '2025-26' });
  });

  it('approve waits while courses are being computed again, and says why', async () => {
    signInAs('admin');
    server([]);
    renderApp(<FreezePanel programId="p1" year="2025-26" updating={2} />);
    const button = await screen.findByRole('button', { name: 'Approve 2025-26' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('approve-waits');
    expect(screen.getByText('Approve once the 2 courses being computed again are done.')).toBeTruthy();
  });

  it('a frozen year shows who approved it and when; faculty see the banner without buttons', async () => {
    signInAs('faculty');
    server([FROZEN]);
    renderApp(<FreezePanel programId="p1" year="2025-26" />);
    const banner = await screen.findByRole('status', { name: '2025-26 is approved' });
    expect(banner.textContent).toContain(
      'Approved by hod@college.edu on 05/03/2026 (method version 3). Marks, matrices and the method for this year cannot be changed.',
    );
    expect(screen.queryByRole('button', { name: 'Unfreeze' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('unfreezing requires a reason, sends it with the version, and shows the server’s message', async () => {
    signInAs('admin');
    const s = server([FROZEN], { status: 400, body: { errors: { detail: 'Unfreezing needs a reason', fields: { reason: 'Too vague' } } } });
    renderApp(<FreezePanel programId="p1" year="2025-26" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unfreeze' }));
    const reason = await screen.findByLabelText(/Why must this year change/);
    fireEvent.click(screen.getAllByRole('button', { name: 'Unfreeze' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toMatch(/at least 10 characters/);
    expect(s.calls('POST', /unfreeze$/)).toHaveLength(0);
    fireEvent.change(reason, { target: { value: 'Marks of S12 were mistyped' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Unfreeze' }).at(-1)!);
    await waitFor(() => expect(s.calls('POST', '/api/attainment/freeze/p1/2025-26/unfreeze')).toHaveLength(1));
    expect(s.calls('POST', /unfreeze$/)[0].body).toEqual({ reason: 'Marks of S12 were mistyped', version: 1 });
    await waitFor(() => expect(screen.getByText('Too vague')).toBeTruthy());
  });
});
