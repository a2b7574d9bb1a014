/**
 * Where to go after signing in: the page a signed-out visitor asked for (`/?next=/attainment/...`), when it is a
 * path of this app (starts with one `/`, not `//`, which would leave the site), else the dashboard.
 */
export function afterSignIn(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next === '/') return '/dashboard';
  return next;
}

/** The sign-in address that brings a visitor back to `path` (with its query) once signed in. */
export const signInFor = (path: string): string =>
  path && path !== '/' && path !== '/dashboard' ? `/?next=${encodeURIComponent(path)}` : '/';

/**
 * The sign-in address for wherever the browser is now: the page it shows, or, when that is already the sign-in page
 * (`/?next=...`, several refused calls arriving together), that same address, never a `next` wrapped in another.
 */
export const signInForHere = (pathname: string, search: string): string =>
  pathname === '/' ? `/${search}` : signInFor(`${pathname}${search}`);

/** Where the reason of the last sign-out (a 401's `errors.detail`) waits for the sign-in page to show it. */
const SIGNED_OUT_KEY = 'attain.signed-out-reason';

/** Keeps why the session ended (the server's words), for the sign-in page. */
export function noteSignedOut(reason: string): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_KEY, reason);
  } catch {
    // Storage unavailable (private mode): the sign-in page shows no reason.
  }
}

/** Why the last session ended ('' when nothing was noted); `forgetSignedOutReason` clears it once shown. */
export function signedOutReason(): string {
  try {
    return sessionStorage.getItem(SIGNED_OUT_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Forgets the reason of the last sign-out (the sign-in page has shown it). */
export function forgetSignedOutReason(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
