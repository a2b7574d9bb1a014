import { ATTAINMENT_ENGINE_VERSION, type CourseAttainment } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { QUEUED_GRACE_MS, freshness, studentsBehind } from '../../src/features/attainment/result-store.js';
import { jobQueue } from '../../src/platform/lib/job-queue.js';

const result = (over: Partial<CourseAttainment> = {}) =>
  ({ course: 'c1', code: 'CS101', method_version: 2, engine: ATTAINMENT_ENGINE_VERSION, ...over }) as CourseAttainment;
const at = (iso: string) => Date.parse(iso);

describe('freshness: whether a program page shows a course as stored, as updating, or computes it', () => {
  it('is current when computed after the last change with the method in use', () => {
    expect(
      freshness({ course: 'c1', changed_at: '2026-11-26T10:00:00Z', computed_at: '2026-11-26T10:00:01Z' }, undefined, [result()], 2),
    ).toBe('current');
  });
  it('is updating while a recomputation queued after the change is on its way, stale once it has had time to die', () => {
    const stamp = {
      course: 'c1',
      changed_at: '2026-11-26T10:00:00Z',
      queued_at: '2026-11-26T10:00:00Z',
      computed_at: '2026-11-26T09:00:00Z',
    };
    expect(freshness(stamp, undefined, [result()], 2, at('2026-11-26T10:00:30Z'))).toBe('updating');
    expect(freshness(stamp, undefined, [result()], 2, at('2026-11-26T10:00:00Z') + QUEUED_GRACE_MS + 1)).toBe('stale');
  });
  it('is stale when changed with nothing queued (a survey answer), or queued before the latest change', () => {
    expect(
      freshness({ course: 'c1', changed_at: '2026-11-26T10:00:00Z', computed_at: '2026-11-26T09:00:00Z' }, undefined, [result()], 2),
    ).toBe('stale');
    const queuedBefore = {
      course: 'c1',
      changed_at: '2026-11-26T10:00:05Z',
      queued_at: '2026-11-26T10:00:00Z',
      computed_at: '2026-11-26T09:00:00Z',
    };
    expect(freshness(queuedBefore, undefined, [result()], 2, at('2026-11-26T10:00:06Z'))).toBe('stale');
  });
  it("a method change queued for the whole program shows the old method's results as updating", () => {
    const program = { course: '*', queued_at: '2026-11-26T10:00:00Z' };
    const stamp = { course: 'c1', computed_at: '2026-11-26T09:00:00Z' };
    expect(freshness(stamp, program, [result({ method_version: 1 })], 2, at('2026-11-26T10:00:10Z'))).toBe('updating');
    expect(freshness(stamp, undefined, [result({ method_version: 1 })], 2, at('2026-11-26T10:00:10Z'))).toBe('stale');
  });
});

describe('job queue', () => {
  it('awaits the local runner, and an optional queue with nothing to run it drops the job where a required one throws', async () => {
    const ran: number[] = [];
    const q = jobQueue<number>('test', () => '');
    await expect(q.enqueue(1)).rejects.toThrow(/No test queue/);
    q.setLocalRunner(async (n) => {
      await new Promise((r) => setImmediate(r));
      ran.push(n);
    });
    await q.enqueue(2);
    expect(ran).toEqual([2]);
    await expect(jobQueue<number>('optional', () => '', { optional: true }).enqueue(3)).resolves.toBeUndefined();
  });
});

describe("studentsBehind: whether a program read queues a course's students' own results again", () => {
  const computed = { course: 'c1', computed_at: '2026-11-26T10:00:00Z' };
  it('is behind when they were never stored, or stored before the course was last computed', () => {
    expect(studentsBehind(computed, at('2026-11-26T10:01:00Z'))).toBe(true);
    expect(studentsBehind({ ...computed, students_at: '2026-11-26T09:59:00Z' }, at('2026-11-26T10:01:00Z'))).toBe(true);
  });
  it('is not behind once stored after the course was computed, nor for a course never computed', () => {
    expect(studentsBehind({ ...computed, students_at: '2026-11-26T10:00:02Z' }, at('2026-11-26T10:01:00Z'))).toBe(false);
    expect(studentsBehind({ course: 'c1' }, at('2026-11-26T10:01:00Z'))).toBe(false);
  });
  it('waits for a job queued since the computation, and queues again once that job has had time to die', () => {
    const queued = { ...computed, students_queued_at: '2026-11-26T10:00:05Z' };
    expect(studentsBehind(queued, at('2026-11-26T10:00:05Z') + QUEUED_GRACE_MS - 1)).toBe(false);
    expect(studentsBehind(queued, at('2026-11-26T10:00:05Z') + QUEUED_GRACE_MS + 1)).toBe(true);
    // A job queued before the course's last computation does not count.
    expect(studentsBehind({ ...computed, students_queued_at: '2026-11-26T09:00:00Z' }, at('2026-11-26T10:00:06Z'))).toBe(true);
  });
});
