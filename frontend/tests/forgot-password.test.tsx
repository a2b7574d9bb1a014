import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@attain/shared-types';
import { SignInPage } from '../src/features/sign-in/sign-in-page';
import ForgotPasswordPage from '../src/features/sign-in/forgot-password-page';
import { renderApp } from './support';

vi.mock('../src/app/auth', () => ({ idToken: async () => null, login: vi.fn(async () => undefined) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENTENCE = 'If an Attain account signs in with this address, a link to choose a new password is on its way to it.';
const page = () =>
  renderApp(
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    </Routes>,
  );
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('"Forgot password?" on the sign-in page', () => {
  it('carries the address typed so far to its page, sends it, and shows what the server says', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: SENTENCE }), { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    page();
    type('E-mail or username', 'meera@college.edu');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(((await screen.findByLabelText('E-mail')) as HTMLInputElement).value).toBe('meera@college.edu');
    fireEvent.click(screen.getByRole('button', { name: 'Mail me a link' }));
    expect((await screen.findByRole('status')).textContent).toBe(SENTENCE);
    expect(fetch).toHaveBeenCalledWith('/api/auth/forgot-password', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body)).toEqual({ email: 'meera@college.edu' });
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });

  it('checks the address before sending, and says why the server refused (too many requests), keeping what was typed', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ errors: { detail: 'Too many requests for a reset link: try again in 4 seconds' } }), {
          status: 429,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    page();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    type('E-mail', 'not an address');
    fireEvent.click(await screen.findByRole('button', { name: 'Mail me a link' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.email);
    expect(fetch).not.toHaveBeenCalled();
    type('E-mail', 'meera@college.edu');
    fireEvent.click(screen.getByRole('button', { name: 'Mail me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests for a reset link: try again in 4 seconds');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('meera@college.edu');
  });
});
