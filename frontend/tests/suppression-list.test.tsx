import type { SuppressedAddress } from '@attain/shared-types';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UTILITIES_TABS, tabsFor } from '../src/app/navigation';
import { PopupMessage } from '../src/components/shell/feedback';
import UtilitiesArea from '../src/features/utilities/utilities-area';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST: SuppressedAddress[] = [
  {
    address: 'bounce@simulator.amazonses.com',
    reason: 'bounce',
    at: '2026-01-05T09:31:00Z',
    detail: 'Permanent bounce: General',
    mail: 'm-1',
  },
  {
    address: 'complaint@simulator.amazonses.com',
    reason: 'complaint',
    at: '2026-01-05T09:32:00Z',
    detail: 'Complaint: abuse',
    mail: 'm-1',
  },
];

const renderTab = () =>
  renderApp(
    <>
      <Routes>
        <Route path="/utilities/*" element={<UtilitiesArea />} />
      </Routes>
      <PopupMessage />
    </>,
    '/utilities/suppression-list',
  );

describe('Utilities > Suppression list', () => {
  it('is a tab for campus administrators only', () => {
    expect(UTILITIES_TABS.map((t) => t.path)).toEqual([
      '',
      'manage_user',
      'suppression-list',
      'audit-trail',
      'college-sign-in',
      'api-keys',
      'api-reference',
    ]);
    expect(tabsFor(UTILITIES_TABS, 'admin').map((t) => t.label)).toEqual([
      'Send Mail',
      'Manage User',
      'Suppression list',
      'Audit trail',
      'College sign-in',
      'API keys',
      'API reference',
    ]);
    expect(tabsFor(UTILITIES_TABS, 'faculty').map((t) => t.label)).toEqual(['Send Mail', 'Manage User']);
  });

  it('lists the suppressed addresses with why, and removes one after saying that mail will reach it again', async () => {
    signInAs('admin');
    const server = mockServer((method, url) => {
      if (method === 'GET' && url === '/api/mail-suppression') return { body: { data: LIST, next: null } };
      if (method === 'DELETE' && url === '/api/mail-suppression/bounce%40simulator.amazonses.com') return { status: 204, body: {} };
    });
    renderTab();
    expect(screen.getByText('Addresses that bounced permanently or complained; mail from this campus skips them.')).toBeTruthy();
    const row = await screen.findByRole('row', { name: /bounce@simulator\.amazonses\.com/ });
    expect(row.textContent).toMatch(/Bounced.*Permanent bounce: General/);
    expect(within(row).getByRole('link', { name: 'Receipts' }).getAttribute('href')).toBe('/utilities?mail=m-1');
    expect(screen.getByRole('row', { name: /complaint@simulator\.amazonses\.com/ }).textContent).toContain('Complained');

    fireEvent.click(within(row).getByRole('button', { name: 'Remove bounce@simulator.amazonses.com' }));
    const question = await screen.findByRole('dialog', { name: 'Remove from the suppression list?' });
    expect(question.textContent).toContain('Later mail from this campus will be sent to that address again.');
    fireEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Removed bounce@simulator.amazonses.com from the suppression list');
    expect(server.calls('DELETE', /mail-suppression/)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /bounce@simulator\.amazonses\.com/ })).toBeNull());
    expect(screen.getByRole('row', { name: /complaint@simulator\.amazonses\.com/ })).toBeTruthy();
  });
});
