import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../src/app/app-shell';
import { pageOf } from '../src/app/navigation';
import NotFoundPage from '../src/features/not-found/not-found-page';
import { mockServer, renderApp, signInAs } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => 'test-token', logout: async () => undefined }));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('every page is named: its <title> and one h1', () => {
  it('names the side tab an address opens, under its area (an area opens its first tab)', () => {
    expect(pageOf('/attainment/co-attainment', 'admin')).toEqual({ area: 'Attainment', page: 'CO Attainment' });
    expect(pageOf('/attainment', 'admin')).toEqual({ area: 'Attainment', page: 'CIA Data Entry' });
    expect(pageOf('/configuration/blooms-level', 'admin')).toEqual({ area: 'Configuration', page: "Bloom's Level" });
    expect(pageOf('/dashboard', 'faculty')).toEqual({ area: 'Dashboard', page: 'Dashboard' });
    expect(pageOf('/group/rollup', 'group-admin')).toEqual({ area: 'Group', page: 'Roll-up' });
    expect(pageOf('/attainments', 'admin')).toBeUndefined();
  });

  it('the signed-in frame sets the title and the h1, and its first Tab stop skips to the page', async () => {
    mockServer((method, url) => (method === 'GET' && url.startsWith('/api/') ? { body: { data: [], next: null } } : undefined));
    renderApp(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/attainment/*" element={<p>CO page</p>} />
        </Route>
      </Routes>,
      '/attainment/co-attainment',
    );
    await screen.findByText('CO page');
    await waitFor(() => expect(document.title).toBe('CO Attainment · Attainment · Attain'));
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['CO Attainment']);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    // The skip link comes before the banner's and menu's links, and points at the page's main landmark.
    const links = screen.getAllByRole('link');
    expect(links[0]).toBe(skip);
    expect(document.querySelector(skip.getAttribute('href')!)).toBe(screen.getByRole('main'));
  });

  it('an unknown address shows Page not found with the way home, not the dashboard', async () => {
    renderApp(
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>,
      '/no-such-page',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/no-such-page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(document.title).toBe('Page not found · Attain');
  });
});
