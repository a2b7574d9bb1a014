import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, SignInThrottle, tooManySignIns } from '../../src/features/identity/sign-in-throttle.js';

/** The one sign-in throttle (privacy and security, item 5), on an injected clock. */
const clock = () => {
  const c = { now: 0, throttle: undefined as unknown as SignInThrottle };
  c.throttle = new SignInThrottle(SIGN_IN_LIMITS, () => c.now);
  return c;
};
const free = SIGN_IN_LIMITS.accountFreeFailures;

describe('the sign-in throttle', () => {
  it('lets the first failures of an account through, then doubles the wait per failure, whatever the case of the e-mail', () => {
    const c = clock();
    const a = { account: 'A@x.example', address: '10.0.0.1' };
    for (let i = 0; i < free; i++) c.throttle.record(a, false);
    expect(c.throttle.waitFor({ account: 'a@x.example ' })).toBe(0);
    c.throttle.record(a, false);
    expect(c.throttle.waitFor({ account: 'a@x.example' })).toBe(1000);
    c.now += 1000;
    c.throttle.record(a, false);
    expect(c.throttle.waitFor({ account: 'a@x.example' })).toBe(2000);
    expect(c.throttle.waitFor({ account: 'b@x.example' })).toBe(0);
  });
  it('never asks for more than 15 minutes, and the owner gets in once the wait is over', () => {
    const c = clock();
    const a = { account: 'a@x.example' };
    for (let i = 0; i < 40; i++) {
      c.now += c.throttle.waitFor(a);
      c.throttle.record(a, false);
    }
    expect(c.throttle.waitFor(a)).toBe(15 * 60 * 1000);
    // Attempts refused while waiting are not failures: the wait does not grow.
    c.now += 60_000;
    expect(c.throttle.waitFor(a)).toBe(14 * 60 * 1000);
    c.now += 14 * 60 * 1000;
    expect(c.throttle.waitFor(a)).toBe(0);
    c.throttle.record(a, true);
    c.throttle.record(a, false);
    expect(c.throttle.waitFor(a)).toBe(0);
  });
  it('counts failures per client address across accounts (password spraying), and a success does not clear them', () => {
    const c = clock();
    for (let i = 0; i <= SIGN_IN_LIMITS.addressFreeFailures; i++)
      c.throttle.record({ account: `u${i}@x.example`, address: '10.0.0.9' }, false);
    c.throttle.record({ account: 'mine@x.example', address: '10.0.0.9' }, true);
    expect(c.throttle.waitFor({ account: 'new@x.example', address: '10.0.0.9' })).toBe(1000);
    expect(c.throttle.waitFor({ account: 'new@x.example', address: '10.0.0.10' })).toBe(0);
  });
  it('forgets a key quiet for 15 minutes after its wait', () => {
    const c = clock();
    const a = { account: 'a@x.example' };
    for (let i = 0; i <= free; i++) c.throttle.record(a, false);
    c.now += 1000 + 15 * 60 * 1000;
    c.throttle.record(a, false);
    expect(c.throttle.waitFor(a)).toBe(0);
  });
  it('says how long to wait in whole seconds', () => {
    expect(tooManySignIns(1)).toEqual({ retryAfter: 1, detail: 'Too many failed sign-ins: try again in 1 second' });
    expect(tooManySignIns(15 * 60 * 1000).detail).toBe('Too many failed sign-ins: try again in 15 minutes');
    expect(tooManySignIns(4000, 'requests for a reset link').detail).toBe('Too many requests for a reset link: try again in 4 seconds');
  });
});
