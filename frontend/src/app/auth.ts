import { type PublicConfig, errorMessage, errorName } from '@attain/shared-types';
import { collegeIdToken, forgetCollegeSession, setCollegeSignInSettings } from './college-session';

/**
 * Amplify (Auth and its core, ~110 KB minified) in a chunk of its own, loaded when sign-in settings are first read:
 * the first page's script does not wait for it (`npm run bench`, first page JavaScript). Every function here awaits it.
 */
const amplify = () => Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(([core, auth]) => ({ ...core, ...auth }));

/** Loads `/config.json` and Amplify, and configures Amplify Auth (USER_PASSWORD_AUTH, e-mail sign-in); the app renders after. */
export async function configureAuth(): Promise<void> {
  // The settings and Amplify's chunk are fetched side by side.
  const [res, { Amplify }] = await Promise.all([fetch('/config.json'), amplify()]);
  if (!res.ok) throw new Error('The sign-in settings (/config.json) could not be loaded');
  const c = (await res.json()) as PublicConfig;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: c.userPoolId,
        userPoolClientId: c.userPoolClientId,
        ...(c.userPoolEndpoint ? { userPoolEndpoint: c.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  setCollegeSignInSettings(
    c.oauthDomain && c.oauthIssuer ? { domain: c.oauthDomain, issuer: c.oauthIssuer, clientId: c.userPoolClientId } : undefined,
  );
}

/**
 * The current ID token: a college sign-in's (`collegeIdToken`), else the password session's, refreshed by Amplify when
 * needed; null when nobody is signed in.
 */
export async function idToken(): Promise<string | null> {
  const college = await collegeIdToken();
  if (college !== undefined) return college;
  try {
    const { fetchAuthSession } = await amplify();
    const s = await fetchAuthSession();
    return s.tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * One neutral sentence for a failed sign-in, whatever the service said (Cognito's and the emulator's own texts never
 * reach the page, nor whether the account exists): too many attempts and an unreachable service are told apart.
 */
export function signInFailure(e: unknown): string {
  const name = errorName(e);
  const message = errorMessage(e, '');
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException')
    return 'Too many failed sign-ins: wait a few minutes and try again';
  if (name === 'NetworkError' || /fetch|network/i.test(message))
    return 'The sign-in service could not be reached; check your connection and try again';
  if (message.startsWith('Sign-in needs another step')) return message;
  return 'Incorrect e-mail or password';
}

/**
 * Signs in with e-mail (or username) and password.
 * @throws Error with a sentence to show when the credentials are wrong or more steps are required.
 */
export async function login(username: string, password: string): Promise<void> {
  try {
    const { signIn, signOut } = await amplify();
    forgetCollegeSession();
    await signOut().catch(() => undefined);
    const r = await signIn({ username: username.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    if (!r.isSignedIn) throw new Error(`Sign-in needs another step (${r.nextStep.signInStep}); ask your administrator`);
  } catch (e) {
    throw new Error(signInFailure(e));
  }
}

/** Ends the password session (Amplify's) only: a college sign-in has just begun its own (`college-session.ts`). */
export async function endPasswordSession(): Promise<void> {
  const { signOut } = await amplify();
  await signOut().catch(() => undefined);
}

/** Signs out and forgets the stored session. */
export async function logout(): Promise<void> {
  forgetCollegeSession();
  const { signOut } = await amplify();
  await signOut().catch(() => undefined);
}
