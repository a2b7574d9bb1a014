import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteSignedOut, signedOutReason } from '../src/app/deep-link';
import { SignInPage } from '../src/features/sign-in/sign-in-page';
import { renderApp } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => null, login: vi.fn(async () => undefined) }));

afterEach(cleanup);

const page = () =>
  renderApp(
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route path="/dashboard" element={<p>Dashboard</p>} />
    </Routes>,
  );

describe('why the last session ended, on the sign-in page', () => {
  it('is still said after a reload (a page that signed itself out while open, then reloaded), until the next sign-in', async () => {
    noteSignedOut('Your access has been ended by an administrator');
    page();
    expect((await screen.findByRole('alert')).textContent).toContain('Your access has been ended by an administrator');
    // The reload: the page is opened again. The reason was forgotten as soon as it was shown, so this one said nothing
    // (a dashboard's poll signed the member out before the browser test's reload, which then found no reason).
    cleanup();
    page();
    expect((await screen.findByRole('alert')).textContent).toContain('Your access has been ended by an administrator');
    // Signing in forgets it: the next sign-out's reason is the one said.
    fireEvent.change(screen.getByLabelText('E-mail or username'), { target: { value: 'teacher@college.edu' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Dashboard');
    await waitFor(() => expect(signedOutReason()).toBe(''));
  });
});
