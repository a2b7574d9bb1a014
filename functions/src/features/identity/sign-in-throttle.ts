/**
 * One throttle for every password sign-in (`POST /api/auth/login`, and the local stack's `/cognito` pass-through the
 * browser's Amplify uses): failures are counted per account (the e-mail, trimmed and lower-cased) and per client
 * address. Each key lets a few failures through (`SignInLimits`); every failure past them makes the next attempt of
 * that key wait `baseMs`, doubled per further failure, at most `maxMs` (15 minutes). An attempt refused while
 * waiting is not a failure (it never reached the pool), so the rightful owner can always outwait the lock; a success
 * clears its account's count (not its address's, so a caller cannot clear an address by signing in to an account of
 * its own). A key with no failure for `maxMs` after its wait ended is forgotten. In memory, per process: in AWS each Lambda instance keeps
 * its own, and the API stage's route throttling on the sign-in routes bounds the sum (infra `SIGN_IN_ROUTES`).
 */

/** How many failures are free and how the wait grows. */
export interface SignInLimits {
  /** Failures of one account let through before any wait. */
  accountFreeFailures: number;
  /** Failures from one client address let through before any wait (higher: a college's people share an address). */
  addressFreeFailures: number;
  /** The first wait (ms), doubled per further failure. */
  baseMs: number;
  /** The longest wait (ms). */
  maxMs: number;
}

/** The limits everywhere, AWS and the local stack (OWASP's "Blocking Brute Force Attacks": delay, don't lock). */
export const SIGN_IN_LIMITS: SignInLimits = {
  accountFreeFailures: 5,
  addressFreeFailures: 30,
  baseMs: 1000,
  maxMs: 15 * 60 * 1000,
};

/** Who is signing in: the account (any case) and the client's address (absent when the runtime does not say). */
export interface SignInAttempt {
  account: string;
  address?: string;
}

/** Most keys kept; past it, keys quiet for the longest are forgotten first (a flood of made-up names stays bounded). */
const MAX_KEYS = 100_000;

interface Failures {
  count: number;
  /** No attempt of this key before this time (ms). */
  until: number;
}

/** The throttle's state and rules; `signInThrottle()` is the one the process uses. */
export class SignInThrottle {
  private readonly keys = new Map<string, Failures>();

  /** @param now clock in ms (tests inject one) */
  constructor(
    private readonly limits: SignInLimits = SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private keysOf(a: SignInAttempt): [string, number][] {
    const out: [string, number][] = [[`account:${a.account.trim().toLowerCase()}`, this.limits.accountFreeFailures]];
    if (a.address) out.push([`address:${a.address}`, this.limits.addressFreeFailures]);
    return out;
  }

  private current(key: string): Failures | undefined {
    const f = this.keys.get(key);
    if (f && this.now() - f.until >= this.limits.maxMs) {
      this.keys.delete(key);
      return undefined;
    }
    return f;
  }

  /** Milliseconds this attempt must still wait (the longest of its account's and its address's); 0: it may try now. */
  waitFor(a: SignInAttempt): number {
    const t = this.now();
    return Math.max(0, ...this.keysOf(a).map(([k]) => (this.current(k)?.until ?? 0) - t));
  }

  /** Records the outcome of an attempt that reached the pool (`ok`: the password was right). */
  record(a: SignInAttempt, ok: boolean): void {
    const t = this.now();
    for (const [key, free] of this.keysOf(a)) {
      if (ok) {
        if (key.startsWith('account:')) this.keys.delete(key);
        continue;
      }
      const count = (this.current(key)?.count ?? 0) + 1;
      const wait = count > free ? Math.min(this.limits.maxMs, this.limits.baseMs * 2 ** (count - free - 1)) : 0;
      this.keys.delete(key); // re-inserted last: the Map's order is then oldest failure first
      this.keys.set(key, { count, until: t + wait });
    }
    for (const key of this.keys.keys()) {
      if (this.keys.size <= MAX_KEYS) break;
      this.keys.delete(key);
    }
  }
}

let shared: SignInThrottle | undefined;
let resets: SignInThrottle | undefined;

/** The process's throttle (one per Lambda instance; one for the whole local server). */
export function signInThrottle(): SignInThrottle {
  shared ??= new SignInThrottle();
  return shared;
}

/**
 * The process's throttle of "Forgot password?" requests: the sign-in rule with counts of its own, every request
 * counted as a failure (each one may mail someone), so asking for links cannot slow anyone's sign-in and guessing
 * passwords cannot stop anyone asking for a link.
 */
export function resetRequestThrottle(): SignInThrottle {
  resets ??= new SignInThrottle();
  return resets;
}

/** Replaces the process's throttles (the local stack's tests give every client of 127.0.0.1 room of its own). */
export function setSignInLimits(limits: SignInLimits): void {
  shared = new SignInThrottle(limits);
  resets = new SignInThrottle(limits);
}

/**
 * What a refused attempt is told: whole seconds for `Retry-After` (at least 1) and one sentence.
 * @param what what there were too many of, in the sentence
 */
export function tooManySignIns(waitMs: number, what = 'failed sign-ins'): { retryAfter: number; detail: string } {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const when = retryAfter === 1 ? '1 second' : retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
  return { retryAfter, detail: `Too many ${what}: try again in ${when}` };
}

/**
 * The client's address of a request: API Gateway's `requestContext.http.sourceIp` in a Lambda (behind CloudFront,
 * the viewer's address CloudFront reports in `X-Forwarded-For`), the socket's remote address on the local server;
 * undefined when neither is known (then only the account is counted).
 */
export function clientAddress(env: unknown): string | undefined {
  const e = env as { requestContext?: { http?: { sourceIp?: string } }; incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return e?.requestContext?.http?.sourceIp ?? e?.incoming?.socket?.remoteAddress ?? undefined;
}
