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
