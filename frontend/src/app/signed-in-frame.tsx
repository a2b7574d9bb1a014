import { AppShell } from './app-shell';
import { AuthGate } from '../components/shell/auth-gate';

/** The auth gate around the app shell: one lazy chunk, so the sign-in page does not carry it. */
export default function SignedInFrame() {
  return (
    <AuthGate>
      <AppShell />
    </AuthGate>
  );
}
