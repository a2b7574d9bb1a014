import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collegeIdToken, saveCollegeSession, setCollegeSignInSettings } from '../src/app/college-session';
import { finishCollegeSignIn, startCollegeSignIn } from '../src/features/sign-in/college-sign-in';
import { SignInPage } from '../src/features/sign-in/sign-in-page';
import { renderApp } from './support';

const { endPasswordSession } = vi.hoisted(() => ({ endPasswordSession: vi.fn(async () => undefined) }));
vi.mock('../src/app/auth', () => ({ idToken: async () => null, login: vi.fn(async () => undefined), endPasswordSession }));

const SETTINGS = {
  domain: 'https://attain-1234.auth.ap-south-1.amazoncognito.com',
  issuer: 'https://cognito-idp.example/pool',
  clientId: 'web-client',
};
const PENDING_KEY = 'attain.college-sign-in';
const CALLBACK = 'http://localhost:3000/sso/callback';

beforeEach(() => {
  setCollegeSignInSettings(SETTINGS);
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A tab where "Continue with <college>" was pressed: what it left for the callback page. */
const pending = () =>
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier: 'v'.repeat(43), state: 'st-1', next: '/me', email: 'x@skcet.ac.in' }));
/** An unsigned JWT with `claims` (the browser checks claims, not the signature: the API verifies it). */
const jwt = (claims: Record<string, unknown>) =>
  `${btoa(JSON.stringify({ alg: 'RS256' })).replace(/=+$/, '')}.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

describe('Continue with <college> on the sign-in page', () => {
  it('is offered once the address typed is of a college that signs in through its own accounts, and not otherwise', async () => {
    const fetch = vi.fn(async (url: string) =>
      json({ provider: url.includes('skcet.ac.in') ? { name: 'SKCET Google', identity_provider: 'campus-skcet' } : null }),
    );
    vi.stubGlobal('fetch', fetch);
    renderApp(
      <Routes>
        <Route path="/" element={<SignInPage />} />
      </Routes>,
    );
    const email = screen.getByLabelText('E-mail or username');
    fireEvent.change(email, { target: { value: 'meera@skcet.ac.in' } });
    expect(await screen.findByRole('button', { name: 'Continue with SKCET Google' })).toBeTruthy();
    // Only the domain leaves the browser.
    expect(fetch).toHaveBeenCalledWith('/api/auth/sso?domain=skcet.ac.in', expect.anything());
    fireEvent.change(email, { target: { value: 'meera@elsewhere.example' } });
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
    // The password form is there all along.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('the callback page completing a college sign-in', () => {
  it("goes to the pool domain with PKCE, and says a refused token in the pool trigger's own words", async () => {
    // jsdom's ArrayBuffer is not Node's, whose WebCrypto makes the PKCE digest: the digest is handed over as the page's
    // own ArrayBuffer, as a browser's is.
    const digest = crypto.subtle.digest.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
      const bytes = new Uint8Array(await digest(algorithm, data));
      const mine = new ArrayBuffer(bytes.length);
      new Uint8Array(mine).set(bytes);
      return mine;
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign });
    await startCollegeSignIn('campus-demo', '/me', 'x@skcet.ac.in');
    const to = new URL(assign.mock.calls[0][0] as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${SETTINGS.domain}/oauth2/authorize`);
    expect(to.searchParams.get('identity_provider')).toBe('campus-demo');
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    const state = (JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? '{}') as { state: string }).state;
    expect(to.searchParams.get('state')).toBe(state);
    // An access ended after the first sign-in: the pool's token trigger refuses, and the page says so plainly.
    const ended = `${CALLBACK}?error=invalid_request&error_description=${encodeURIComponent(
      'PreTokenGeneration failed with error Your access to Attain has been ended: ask your Attain administrator. ',
    )}&state=${state}`;
    await expect(finishCollegeSignIn(ended)).rejects.toThrow(/^Your access to Attain has been ended: ask your Attain administrator$/);
  });

  it("says the pool's refusal in its own words, and refuses a callback this tab did not start", async () => {
    pending();
    const refused = `${CALLBACK}?error=invalid_request&error_description=${encodeURIComponent(
      'PreSignUp failed with error No Attain account at this college uses the address you signed in with: ask your Attain administrator to add you. ',
    )}&state=st-1`;
    await expect(finishCollegeSignIn(refused)).rejects.toThrow(
      /^No Attain account at this college uses the address you signed in with: ask your Attain administrator to add you$/,
    );
    // The refusal carries the address typed, which the sign-in page puts back.
    pending();
    await expect(finishCollegeSignIn(refused)).rejects.toMatchObject({ email: 'x@skcet.ac.in' });
    await expect(finishCollegeSignIn(`${CALLBACK}?code=c1&state=st-1`)).rejects.toThrow('This sign-in was not started in this tab');
    pending();
    await expect(finishCollegeSignIn(`${CALLBACK}?code=c1&state=forged`)).rejects.toThrow();
  });

  it('exchanges the code with its PKCE verifier and keeps the tokens, which the session then hands out', async () => {
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost:3000', assign: vi.fn() });
    const now = Math.floor(Date.now() / 1000);
    const idToken = jwt({ iss: SETTINGS.issuer, aud: SETTINGS.clientId, sub: 'u-1', iat: now, exp: now + 3600 });
    const fetch = vi.fn(async () =>
      json({ id_token: idToken, access_token: 'a', refresh_token: 'r-1', token_type: 'Bearer', expires_in: 3600 }),
    );
    vi.stubGlobal('fetch', fetch);
    pending();
    expect(await finishCollegeSignIn(`${CALLBACK}?code=c1&state=st-1`)).toEqual({ next: '/me' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string | URL, { body: URLSearchParams }];
    expect(String(url)).toBe(`${SETTINGS.domain}/oauth2/token`);
    const form = new URLSearchParams(String(init.body));
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code_verifier')).toBe('v'.repeat(43));
    expect(await collegeIdToken()).toBe(idToken);
    // The password session this browser may have kept is ended, so it cannot come back when this one ends.
    expect(endPasswordSession).toHaveBeenCalled();
  });

  it('refreshes a college session about to expire, and ends it when the refresh is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const fresh = jwt({ iss: SETTINGS.issuer, aud: SETTINGS.clientId, sub: 'u-1', iat: now, exp: now + 3600 });
    saveCollegeSession({ id_token: 'old', refresh_token: 'r-1', expires_in: 30 });
    const fetch = vi.fn(async () => json({ id_token: fresh, access_token: 'a', token_type: 'Bearer', expires_in: 3600 }));
    vi.stubGlobal('fetch', fetch);
    expect(await collegeIdToken()).toBe(fresh);
    expect(new URLSearchParams(String((fetch.mock.calls[0] as unknown as [string, { body: string }])[1].body)).get('refresh_token')).toBe(
      'r-1',
    );
    // Offline: no new token yet, and the session stays for the next try.
    saveCollegeSession({ id_token: 'old', refresh_token: 'r-1', expires_in: 30 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await collegeIdToken()).toBeNull();
    expect(await collegeIdToken()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'invalid_grant', error_description: 'User is disabled.' }, 400)),
    );
    expect(await collegeIdToken()).toBeNull();
    // Ended: no college session is left, so the password session is asked next.
    expect(await collegeIdToken()).toBeUndefined();
  });
});
