import { endPasswordSession } from '../../app/auth';
import { collegeSignInSettings, poolDomainClient, saveCollegeSession } from '../../app/college-session';

/**
 * Signing in through a college's provider (decision 0063): the OAuth 2.0 authorization-code flow with PKCE and
 * `state` (RFC 6749, RFC 7636), run by `oauth4webapi` against the user pool domain, which sends the person on to their
 * college's Google Workspace or Microsoft Entra and back. The path people take: the sign-in page's "Continue with
 * <college>" (`startCollegeSignIn`), the provider's own page, then `/sso/callback` (`finishCollegeSignIn`).
 */

/** The SSO callback page (`SSO_CALLBACK_PAGE` of shared-types, written out: the first page carries no shared-types code). */
export const CALLBACK_PATH = '/sso/callback';

const PENDING_KEY = 'attain.college-sign-in';

/** What waits in this tab while the person is at their college's page. */
interface Pending {
  verifier: string;
  state: string;
  /** Where to go once signed in (`afterSignIn`'s path). */
  next: string;
  /** The address typed on the sign-in page, put back there if the sign-in is refused. */
  email: string;
}

/** A college sign-in that ended without signing in: the sentence to show, and the address that was typed. */
export class CollegeSignInRefused extends Error {
  constructor(
    message: string,
    readonly email: string,
  ) {
    super(message);
  }
}

/** The words Cognito puts before a trigger's own ("PreSignUp failed with error <words>.", or "PreTokenGeneration ..."). */
const TRIGGER_PREFIX = /^(?:PreSignUp|PreTokenGeneration) failed with error\s*/;
/** A refusal as the person reads it: the trigger's own words, without Cognito's prefix and closing ". ". */
const wordsOf = (said: string) =>
  said
    .replace(TRIGGER_PREFIX, '')
    .replace(/\.\s*$/, '')
    .trim();

/**
 * Goes to the user pool domain to sign in through `provider` (the sign-in lookup's `identity_provider`), coming back to
 * `/sso/callback`; `next` is where to go once signed in, `email` the address typed (put back on a refusal).
 * @throws Error when this deployment offers no college sign-in, or the tab keeps nothing (storage off)
 */
export async function startCollegeSignIn(provider: string, next: string, email: string): Promise<void> {
  const s = collegeSignInSettings();
  if (!s) throw new Error('Signing in with a college account is not offered here: use your password');
  const { oauth, as } = await poolDomainClient(s);
  const pending: Pending = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    next,
    email,
  };
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    throw new Error('This browser keeps no sign-in (storage is off): allow it for this site, or use your password');
  }
  const to = new URL(as.authorization_endpoint);
  to.search = new URLSearchParams({
    identity_provider: provider,
    client_id: s.clientId,
    redirect_uri: `${window.location.origin}${CALLBACK_PATH}`,
    response_type: 'code',
    scope: 'openid email profile',
    state: pending.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(to.toString());
}

/**
 * Completes a college sign-in at `/sso/callback`: checks `state`, exchanges the code (PKCE) for the pool's tokens and
 * keeps them (`saveCollegeSession`).
 * @param href the callback page's address, with `code` and `state` (or `error` and `error_description`)
 * @returns where to go once signed in
 * @throws CollegeSignInRefused with the sentence to show (the pool's or the provider's refusal, a callback not as started);
 *   Error for an expired or foreign callback
 */
export async function finishCollegeSignIn(href: string): Promise<{ next: string }> {
  const s = collegeSignInSettings();
  let pending: Pending | undefined;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as Pending | undefined;
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    pending = undefined;
  }
  if (!s || !pending) throw new Error('This sign-in was not started in this tab, or has already finished: start again');
  const { oauth, as, client, options } = await poolDomainClient(s);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, new URL(href), pending.state);
  } catch (e) {
    const words = wordsOf(e instanceof oauth.AuthorizationResponseError ? (e.error_description ?? e.error) : '');
    throw new CollegeSignInRefused(words || 'The sign-in did not come back as started: start again', pending.email);
  }
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    `${window.location.origin}${CALLBACK_PATH}`,
    pending.verifier,
    options,
  );
  try {
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, { requireIdToken: true });
    saveCollegeSession(tokens);
    // A password session left in this browser must not come back when the college session ends.
    await endPasswordSession();
  } catch (e) {
    // The pool's token trigger may refuse at the exchange too: its words, as at the redirect, with the address kept.
    if (e instanceof oauth.ResponseBodyError)
      throw new CollegeSignInRefused(
        wordsOf(e.error_description ?? '') || 'The sign-in could not be completed: start again',
        pending.email,
      );
    throw e;
  }
  return { next: pending.next };
}
