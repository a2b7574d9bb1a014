import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SetPasswordPage from '../src/features/sign-in/set-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

/** Opens the page as the invitation link does (`/set-password#token=...`). */
function open(hash: string) {
  window.location.hash = hash;
  render(
    <MemoryRouter>
      <SetPasswordPage />
    </MemoryRouter>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the invitation link page', () => {
  it("sends the link's token with the chosen password and then offers sign-in", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'ok' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    open('#token=abc123');
    type('New password', 'Meera-Pass-12!');
    type('The same password again', 'Meera-Pass-12!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/auth/set-password', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body)).toEqual({
      token: 'abc123',
      password: 'Meera-Pass-12!',
    });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });
  it('checks the password before sending, and shows why a used link is refused', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            errors: {
              detail:
                'This link has expired or was already used: ask for a new one with "Forgot password?" on the sign-in page, ' +
                'or ask your administrator for a new invitation',
            },
          }),
          {
            status: 400,
          },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    open('#token=used');
    type('New password', 'short');
    type('The same password again', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert').textContent).toBe('At least 10 characters');
    type('New password', 'Meera-Pass-12!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two passwords differ');
    expect(fetch).not.toHaveBeenCalled();
    type('The same password again', 'Meera-Pass-12!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByText(/already used/)).textContent).toMatch(/ask your administrator/);
  });
  it('says so when the link has no token', () => {
    open('');
    expect(screen.getByRole('alert').textContent).toMatch(/link is incomplete/);
  });
});
