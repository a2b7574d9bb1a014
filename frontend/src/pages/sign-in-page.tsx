import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { afterSignIn } from '../app/deep-link';
import { idToken, login } from '../app/auth';

/**
 * `/`: e-mail-or-username and password; a stored session goes straight to `/dashboard` (or to `?next=`, the page
 * asked for while signed out).
 * Plain inputs styled with PrimeReact's classes keep PrimeReact's JavaScript out of the first page.
 */
export function SignInPage() {
  const navigate = useNavigate();
  // A deep link opened while signed out comes back here as `?next=`; signing in continues to it.
  const next = afterSignIn(useSearchParams()[0].get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void idToken().then((t) => t && navigate(next, { replace: true }));
  }, [navigate, next]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setError('Enter your e-mail and password');
    setBusy(true);
    setError('');
    try {
      await login(email, password);
      navigate(next, { replace: true });
    } catch (err) {
      setError((err as Error).message || 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sign-in">
      <form className="sign-in-card" onSubmit={submit} noValidate>
        <h1>Attain</h1>
        <p className="muted">Outcome-based education and accreditation</p>
        <label htmlFor="email">E-mail or username</label>
        <input
          id="email"
          name="email"
          className="p-inputtext p-component"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          className="p-inputtext p-component"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="p-button p-component sign-in-button" disabled={busy}>
          <span className="p-button-label">{busy ? 'Signing in…' : 'Sign in'}</span>
        </button>
      </form>
    </div>
  );
}
