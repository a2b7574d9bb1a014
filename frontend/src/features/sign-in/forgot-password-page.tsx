import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { forgotPasswordRoute, forgotPasswordSchema, objectOrEmpty } from '@attain/shared-types';
import { publicCall } from './public-call';
import { CardField, CardSubmit, SignInCard } from './sign-in-card';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * `/forgot-password` (no sign-in), opened from the sign-in page's "Forgot password?" with the address typed there:
 * sends the address to `POST /api/auth/forgot-password` and shows the server's sentence, which is the same whether or
 * not the address has an account. The mailed link opens the set-password page.
 */
export default function ForgotPasswordPage() {
  const typed = objectOrEmpty(useLocation().state).email;
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);
  useDocumentTitle('Forgot password');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = forgotPasswordSchema.safeParse({ email });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Enter the e-mail address you sign in with');
    setBusy(true);
    setError('');
    const res = await publicCall(forgotPasswordRoute, checked.data, 'email', 'The link could not be asked for; try again');
    setBusy(false);
    if (res.ok) setSent(res.message || 'A link to choose a new password is on its way, if this address has an account.');
    else setError(res.error);
  };
  return (
    <SignInCard onSubmit={submit}>
      <h2>Forgot your password?</h2>
      {sent ? (
        <>
          <p role="status">{sent}</p>
          <p className="muted">
            Open the link in the mail on this device or any other. Nothing arrived? Look in the spam folder, or ask again in a few minutes.
          </p>
        </>
      ) : (
        <>
          <p className="muted">Give the e-mail address you sign in with; we will mail it a link to choose a new password.</p>
          <CardField id="email" label="E-mail" autoComplete="username" value={email} onChange={setEmail} autoFocus />
          <CardSubmit error={error} busy={busy} label="Mail me a link" busyLabel="Asking…" />
        </>
      )}
      <Link className="sign-in-aside" to="/">
        Back to sign in
      </Link>
    </SignInCard>
  );
}
