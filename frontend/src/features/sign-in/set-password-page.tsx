import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { setPasswordRoute, setPasswordSchema } from '@attain/shared-types';
import { publicCall } from './public-call';
import { CardField, CardSubmit, SignInCard } from './sign-in-card';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * `/set-password#token=...`: the page an invitation mail's link, or a "Forgot password?" mail's, opens (no sign-in). The token stays in the fragment,
 * so it never reaches a server log; the page sends it with the chosen password to `POST /api/auth/set-password`.
 */
export default function SetPasswordPage() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Set your password');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== again) return setError('The two passwords differ');
    const checked = setPasswordSchema.safeParse({ token, password });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Choose another password');
    setBusy(true);
    setError('');
    const res = await publicCall(setPasswordRoute, { token, password }, 'password', 'The password could not be set');
    setBusy(false);
    if (res.ok) setDone(true);
    else setError(res.error);
  };
  return (
    <SignInCard onSubmit={submit}>
      <h2>Set your password</h2>
      {done ? (
        <>
          <p role="status">Your password is set.</p>
          <Link className="p-button p-component sign-in-button" to="/">
            <span className="p-button-label">Sign in</span>
          </Link>
        </>
      ) : !token ? (
        <p className="field-error" role="alert">
          This link is incomplete. Open the link from your mail again, or ask for a new one with “Forgot password?” on the sign-in page.
        </p>
      ) : (
        <>
          <p className="muted">Choose the password you will sign in with.</p>
          <CardField
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            autoFocus
          />
          <small className="muted">At least 10 characters with upper and lower case letters, a digit and a symbol.</small>
          <CardField
            id="new-password-again"
            label="The same password again"
            type="password"
            autoComplete="new-password"
            value={again}
            onChange={setAgain}
          />
          <CardSubmit error={error} busy={busy} label="Set password" busyLabel="Setting…" />
        </>
      )}
    </SignInCard>
  );
}
