import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { noteSignedOut } from '../../app/deep-link';
import { useDocumentTitle } from '../../lib/document-title';
import { CollegeSignInRefused, finishCollegeSignIn } from './college-sign-in';

/**
 * `/sso/callback` (no sign-in): where the user pool sends the browser back after the college's own sign-in page. It
 * completes the sign-in (`finishCollegeSignIn`) and goes on to the page asked for; a refusal (an address Attain does not
 * know, another college's address, access ended) goes back to the sign-in page, which says why.
 */
export default function SsoCallbackPage() {
  const navigate = useNavigate();
  useDocumentTitle('Signing in');
  const once = useRef(false);
  useEffect(() => {
    // React's development double effect must not spend the one-time code twice.
    if (once.current) return;
    once.current = true;
    void finishCollegeSignIn(window.location.href)
      .then((r) => navigate(r.next, { replace: true }))
      .catch((e: unknown) => {
        noteSignedOut(e instanceof Error && e.message ? e.message : 'The sign-in could not be completed: start again');
        // The address typed before goes back into the form (in the history state, never the URL).
        navigate('/', { replace: true, state: e instanceof CollegeSignInRefused ? { email: e.email } : undefined });
      });
  }, [navigate]);
  return (
    <div className="sign-in">
      <div className="sign-in-card">
        <h1>Attain</h1>
        <p role="status">Signing you in…</p>
      </div>
    </div>
  );
}
