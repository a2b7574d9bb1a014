import { afterEach, describe, expect, it, vi } from 'vitest';

/** Each job's release, by what it computes: the test decides when a job ends. */
const release = new Map<string, () => void>();
vi.mock('../../src/features/attainment/results-worker.js', () => ({
  runResultsJob: (job: { kind: string; course?: string; program: string }) =>
    new Promise<void>((resolve) => release.set(job.kind === 'course' ? `course ${job.course}` : `program ${job.program}`, resolve)),
}));

const { startLocalResultsWorker } = await import('../../src/local/local-results-worker.js');
const { scheduleResults } = await import('../../src/features/course-inputs/results-queue.js');

const scope = { campus: 'demo', actor: 'admin@demo', access: 'read-write' as const };
/** Whether `p` has settled after the jobs' microtasks ran. */
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('the local results worker', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    for (const r of release.values()) r();
    release.clear();
    await stop?.();
  });

  it("answers a method change at once and computes the program's courses in the background", async () => {
    stop = startLocalResultsWorker();
    const queued = scheduleResults(scope, { kind: 'program', program: 'p1' });
    expect(await settled(queued)).toBe(true);
    expect(release.has('program p1')).toBe(true);
    // Stopping the stack waits for the program's job, so nothing is cut off by a stop.
    const stopping = stop();
    stop = undefined;
    expect(await settled(stopping)).toBe(false);
    release.get('program p1')?.();
    expect(await settled(stopping)).toBe(true);
  });

  it("has a course's write wait for its results, so the page read next shows them", async () => {
    stop = startLocalResultsWorker();
    const queued = scheduleResults(scope, { kind: 'course', program: 'p1', course: 'c1' });
    expect(await settled(queued)).toBe(false);
    release.get('course c1')?.();
    expect(await settled(queued)).toBe(true);
  });
});
