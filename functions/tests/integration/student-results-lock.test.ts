import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetClients } from '../../src/platform/lib/aws.js';
import { resetConfig } from '../../src/platform/lib/config.js';

/**
 * Each student's stored results (decision 0057): two `students` jobs of one course never run their reads and writes
 * at the same time (`holdingStudentResults`), so a stale job cannot write back an item the newer one removed. Run in
 * this process against the integration stack's table.
 */
const env = inject('stackEnv');

beforeAll(() => {
  Object.assign(process.env, env);
  resetConfig();
  resetClients();
});

describe("a course's students jobs", () => {
  it('run one at a time: the second waits until the first gives the course back', async () => {
    const { holdingStudentResults } = await import('../../src/features/attainment/student-result-store.js');
    const course = `lock-test-${Date.now().toString(36)}`;
    const log: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const first = holdingStudentResults('demo', course, async () => {
      log.push('first in');
      await held;
      log.push('first out');
    });
    // The first holds the course before the second asks.
    while (!log.length) await new Promise((r) => setTimeout(r, 10));
    const second = holdingStudentResults('demo', course, async () => {
      log.push('second in');
      return 'second done';
    });
    // The first gives the course back only once the second has asked: the second's work comes after it, not before.
    await new Promise((r) => setImmediate(r));
    release();
    await first;
    expect(await second).toBe('second done');
    expect(log).toEqual(['first in', 'first out', 'second in']);
    // A job that throws gives the course back too.
    await expect(holdingStudentResults('demo', course, async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await holdingStudentResults('demo', course, async () => 'free')).toBe('free');
  });
});
