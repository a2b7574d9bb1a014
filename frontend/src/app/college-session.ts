/**
 * The session of a person signed in through their college's provider (Google Workspace, Microsoft Entra; decision
 * 0063): the user pool's ID and refresh tokens from its `/oauth2/token`, kept in this browser's local storage beside
 * Amplify's password session, and refreshed there when the ID token has a minute left. The flow that gets them is the
 * sign-in feature's (`features/sign-in/college-sign-in.ts`); the OAuth library (`oauth4webapi`) loads only when a
 * college session needs refreshing.
 */

const KEY = 'attain.college-session';

/** The pool domain's endpoints and the app client, from `/config.json` (`configureAuth`). */
export interface CollegeSignInSettings {
  /** The user pool domain (`https://<prefix>.auth.<region>.amazoncognito.com`; the local server on one machine). */
  domain: string;
  /** The issuer the pool's tokens name. */
  issuer: string;
  clientId: string;
}

interface Stored {
  idToken: string;
  refreshToken: string;
  /** When the ID token expires (ms since 1970). */
  expiresAt: number;
}

let settings: CollegeSignInSettings | undefined;
/** Sets where college sign-in goes (none: this deployment offers only passwords). */
export function setCollegeSignInSettings(s: CollegeSignInSettings | undefined): void {
  settings = s;
}
/** Where college sign-in goes, when this deployment offers it. */
export const collegeSignInSettings = (): CollegeSignInSettings | undefined => settings;

/** The OAuth library's view of the pool domain and the app client (a public client: PKCE, no secret). */
export async function poolDomainClient(s: CollegeSignInSettings) {
  const oauth = await import('oauth4webapi');
  const as = { issuer: s.issuer, authorization_endpoint: `${s.domain}/oauth2/authorize`, token_endpoint: `${s.domain}/oauth2/token` };
  const client = { client_id: s.clientId };
  // The local stack's pool domain is plain http on 127.0.0.1 (decision 0063); every deployed one is https.
  const options = { [oauth.allowInsecureRequests]: s.domain.startsWith('http:') };
  return { oauth, as, client, options };
}

/** When an ID token expires (ms since 1970, its `exp`), or undefined when it cannot be read. */
function expiryOf(jwt: string): number | undefined {
  try {
    const payload = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const exp = (JSON.parse(atob(payload)) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

const read = (): Stored | undefined => {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Stored | null;
    return v && typeof v.idToken === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Keeps the tokens of a college sign-in (a refresh keeps the refresh token it had when none comes back).
 * @param t the token endpoint's answer: `id_token`, `refresh_token`, `expires_in` (s)
 */
export function saveCollegeSession(t: { id_token?: string; refresh_token?: string; expires_in?: number }): void {
  if (!t.id_token) throw new Error('The sign-in service sent no ID token');
  const refreshToken = t.refresh_token ?? read()?.refreshToken ?? '';
  const stored: Stored = {
    idToken: t.id_token,
    refreshToken,
    expiresAt: expiryOf(t.id_token) ?? Date.now() + (t.expires_in ?? 3600) * 1000,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    throw new Error('This browser keeps no sign-in (storage is off): allow it for this site, or use your password');
  }
}

/** Forgets the college session (signing out, or signing in with a password). */
export function forgetCollegeSession(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

let refreshing: Promise<string | null> | undefined;

/**
 * Exchanges the refresh token for a new ID token. A refusal of the token (`invalid_grant`: access ended, the token
 * expired or revoked) ends the session; a failure to reach the service keeps it, for the next try.
 */
async function refresh(stored: Stored): Promise<string | null> {
  const s = settings;
  if (!s || !stored.refreshToken) {
    forgetCollegeSession();
    return null;
  }
  const { oauth, as, client, options } = await poolDomainClient(s);
  try {
    const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), stored.refreshToken, options);
    const tokens = await oauth.processRefreshTokenResponse(as, client, res);
    saveCollegeSession({ id_token: tokens.id_token, expires_in: tokens.expires_in });
    return tokens.id_token ?? null;
  } catch (e) {
    if (e instanceof oauth.ResponseBodyError && e.error === 'invalid_grant') forgetCollegeSession();
    return null;
  }
}

/**
 * The college session's ID token, refreshed when it has less than a minute left: `undefined` when there is no college
 * session (the password session is asked instead), null when it ended.
 */
export async function collegeIdToken(): Promise<string | null | undefined> {
  const stored = read();
  if (!stored) return undefined;
  if (stored.expiresAt - 60_000 > Date.now()) return stored.idToken;
  refreshing ??= refresh(stored).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}
