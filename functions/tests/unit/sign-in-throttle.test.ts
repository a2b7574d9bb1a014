import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, SignInThrottle } from '../../src/local/sign-in-throttle.js';

describe('the local sign-in throttle', () => {
  it('lets the first failures through, then doubles the wait per failure, per user, until a success', () => {
    let now = 0;
    const t = new SignInThrottle(() => now);
    for (let i = 0; i < FREE_FAILURES; i++) t.record('A@x.example', false);
    expect(t.waitFor('a@x.example')).toBe(0);
    t.record('a@x.example', false);
    expect(t.waitFor('a@x.example')).toBe(2000);
    t.record('a@x.example', false);
    expect(t.waitFor('a@x.example')).toBe(4000);
    expect(t.waitFor('b@x.example')).toBe(0);
    now += 4000;
    expect(t.waitFor('a@x.example')).toBe(0);
    t.record('a@x.example', true);
    t.record('a@x.example', false);
    expect(t.waitFor('a@x.example')).toBe(0);
  });
  it('never asks for more than 15 minutes', () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < 40; i++) t.record('a', false);
    expect(t.waitFor('a')).toBe(15 * 60 * 1000);
  });
});
