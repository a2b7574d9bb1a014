import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { setPasswordRoute, setPasswordSchema, objectOrEmpty } from '@attain/shared-types';
import { CardField, CardSubmit, SignInCard } from './sign-in-card';
import { useDocumentTitle } from '../../lib/document-title';

/** `v` when it is text, else `otherwise`. */
const textOr = (v: unknown, otherwise: string): string => (typeof v === 'string' ? v : otherwise);

/**
 * `/set-password#token=...`: the page an invitation mail's link opens (no sign-in). The token stays in the fragment,
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
    try {
      // Plain `fetch` (no token): the page loads none of the signed-in app; the contract gives the path.
      const res = await fetch(setPasswordRoute.path, {
        method: setPasswordRoute.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password }),
      });
      if (res.ok) setDone(true);
      else {
        const errors = objectOrEmpty(objectOrEmpty(await res.json().catch(() => ({}))).errors);
        const password = objectOrEmpty(errors.fields).password;
        setError(textOr(password, textOr(errors.detail, 'The password could not be set')));
      }
    } catch {
      setError('Attain could not be reached; try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <SignInCard onSubmit={submit}>
      {done ? (
        <>
          <p role="status">Your password is set.</p>
          <Link className="p-button p-component sign-in-button" to="/">
            <span className="p-button-label">Sign in</span>
          </Link>
        </>
      ) : !token ? (
        <p className="field-error" role="alert">
          This link is incomplete. Open the link from your invitation mail again, or ask your administrator for a new one.
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
