import { AppShell } from './app-shell';
import { AuthGate } from '../components/shell/auth-gate';
import { UnsavedChangesGuard } from '../components/form/unsaved-changes';

/**
 * The auth gate around the app shell, and the guard that asks before unsaved work is left: one lazy chunk, so the
 * sign-in page does not carry it.
 */
export default function SignedInFrame() {
  return (
    <AuthGate>
      <AppShell />
      <UnsavedChangesGuard />
    </AuthGate>
  );
}
