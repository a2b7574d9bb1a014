import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultsJob } from '../../src/features/course-inputs/results-queue.js';
import { sqsOf } from '../support/sqs-event.js';

const runResultsJob = vi.fn();
vi.mock('../../src/features/attainment/results-worker.js', () => ({ runResultsJob }));
const { handler } = await import('../../src/lambdas/workers/course-results.js');

const job = (course: string) => JSON.stringify({ kind: 'course', campus: 'demo', actor: 'admin@example.in', program: 'p1', course });

describe('the results worker', () => {
  beforeEach(() => {
    runResultsJob.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  it('runs each job once, in order, reports only the one that failed for redelivery, and drops what is not a job', async () => {
    runResultsJob.mockImplementation(async (j: ResultsJob) => {
      if (j.kind === 'course' && j.course === 'c-bad') throw new Error('DynamoDB throttled');
    });
    const bodies = ['not json', JSON.stringify({ kind: 'course', campus: 'demo' }), job('c-ok'), job('c-bad'), job('c-last')];
    const res = await handler(sqsOf(bodies, 'attain-results'));
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: 'm3' }]);
    expect(
      runResultsJob.mock.calls.map((call) => {
        const j = call[0] as ResultsJob;
        return j.kind === 'course' ? j.course : j.program;
      }),
    ).toEqual(['c-ok', 'c-bad', 'c-last']);
  });
  it("takes a method change's job for the whole program", async () => {
    const res = await handler(sqsOf([JSON.stringify({ kind: 'program', campus: 'demo', actor: 'admin@example.in', program: 'p1' })]));
    expect(res.batchItemFailures).toEqual([]);
    expect(runResultsJob).toHaveBeenCalledWith({ kind: 'program', campus: 'demo', actor: 'admin@example.in', program: 'p1' });
  });
});
