import { describe, expect, it } from 'vitest';
import { RouteThrottle } from '../../src/local/route-throttle.js';

describe('the public survey route throttle (a token bucket, as API Gateway throttles a route)', () => {
  it('lets a burst through, refuses the next, and refills at the rate', () => {
    let now = 0;
    const t = new RouteThrottle(100, 300, () => now);
    let passed = 0;
    for (let i = 0; i < 400; i++) if (t.take()) passed++;
    expect(passed).toBe(300);
    expect(t.take()).toBe(false);
    now += 50; // 50 ms at 100 per second: 5 more
    expect(Array.from({ length: 10 }, () => t.take()).filter(Boolean)).toHaveLength(5);
    now += 60_000; // a long pause refills to the burst, not beyond
    expect(Array.from({ length: 400 }, () => t.take()).filter(Boolean)).toHaveLength(300);
  });
});
