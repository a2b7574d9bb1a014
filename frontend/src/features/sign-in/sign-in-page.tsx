import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { afterSignIn, forgetSignedOutReason, signedOutReason } from '../../app/deep-link';
import { idToken, login } from '../../app/auth';
import { CardField, CardSubmit, SignInCard } from './sign-in-card';
import { useCollegeProvider } from './use-college-provider';
import { useDocumentTitle } from '../../lib/document-title';
import { errorMessage, objectOrEmpty } from '@attain/shared-types';

/**
 * `/`: e-mail-or-username and password; a stored session goes straight to `/dashboard` (or to `?next=`, the page
 * asked for while signed out). When the address typed belongs to a college that signs in through its own accounts
 * (Google Workspace, Microsoft Entra), "Continue with <college>" goes there instead (decision 0063).
 * Plain inputs styled with PrimeReact's classes keep PrimeReact's JavaScript out of the first page.
 */
export function SignInPage() {
  const navigate = useNavigate();
  // A deep link opened while signed out comes back here as `?next=`; signing in continues to it.
  const next = afterSignIn(useSearchParams()[0].get('next'));
  // A refused college sign-in comes back here with the address that was typed.
  const typed = objectOrEmpty(useLocation().state).email;
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '');
  const [password, setPassword] = useState('');
  // Why the last session ended (an administrator ended the access, the session expired): said until the next sign-in,
  // so a reload of this page (or a page that signed itself out while open, then reloaded) still says it.
  const [error, setError] = useState(signedOutReason);
  const [busy, setBusy] = useState(false);
  // The college whose own accounts sign this address in, when there is one (decision 0063).
  const college = useCollegeProvider(email);
  useDocumentTitle('Sign in');
  useEffect(() => {
    void idToken().then((t) => {
      if (!t) return;
      forgetSignedOutReason();
      navigate(next, { replace: true });
    });
  }, [navigate, next]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError('Enter your e-mail and password');
    setBusy(true);
    setError('');
    try {
      await login(email, password);
      forgetSignedOutReason();
      navigate(next, { replace: true });
    } catch (err) {
      setError(errorMessage(err, '') || 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };
  const continueWithCollege = async () => {
    if (!college) return;
    setBusy(true);
    setError('');
    try {
      const { startCollegeSignIn } = await import('./college-sign-in');
      await startCollegeSignIn(college.identity_provider, next, email);
    } catch (err) {
      setError(errorMessage(err, '') || 'The sign-in could not be started');
      setBusy(false);
    }
  };
  return (
    <SignInCard onSubmit={submit}>
      <p className="muted">Outcome-based education and accreditation</p>
      <CardField id="email" label="E-mail or username" autoComplete="username" value={email} onChange={setEmail} autoFocus />
      <CardField id="password" label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <CardSubmit error={error} busy={busy} label="Sign in" busyLabel="Signing in…" />
      {/* Announced when it appears: the address typed has a college sign-in. */}
      <div className="sign-in-college" aria-live="polite">
        {college ? (
          <>
            <p className="sign-in-or muted">or, without a password</p>
            <button
              type="button"
              className="p-button p-component p-button-outlined sign-in-button"
              onClick={continueWithCollege}
              disabled={busy}
            >
              <span className="p-button-label">Continue with {college.name}</span>
            </button>
          </>
        ) : null}
      </div>
      {/* The address typed so far goes along in the history state, never in the URL. */}
      <Link className="sign-in-aside" to="/forgot-password" state={{ email }}>
        Forgot password?
      </Link>
    </SignInCard>
  );
}
