/**
 * Slows repeated failed sign-ins on the local stack, where cognito-local has no lockout (Cognito in AWS locks out
 * after repeated failures by itself). Per user name: the first `FREE_FAILURES` failures cost nothing; each later one
 * makes the next attempt wait 2^(n - FREE_FAILURES) seconds, at most 15 minutes. A success clears the count.
 * Kept in memory: a restart forgets it.
 */
export const FREE_FAILURES = 5;
const MAX_WAIT_MS = 15 * 60 * 1000;

export class SignInThrottle {
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Milliseconds the user must still wait before another attempt (0: may try now). */
  waitFor(user: string): number {
    const f = this.failures.get(user.trim().toLowerCase());
    return f ? Math.max(0, f.until - this.now()) : 0;
  }

  /** Records the outcome of an attempt. */
  record(user: string, ok: boolean): void {
    const key = user.trim().toLowerCase();
    if (ok) {
      this.failures.delete(key);
      return;
    }
    const count = (this.failures.get(key)?.count ?? 0) + 1;
    const wait = count > FREE_FAILURES ? Math.min(MAX_WAIT_MS, 1000 * 2 ** (count - FREE_FAILURES)) : 0;
    this.failures.set(key, { count, until: this.now() + wait });
  }
}
