import type { CampusScope } from '@attain/shared-types';
import { config } from '../../platform/lib/config.js';
import { type LocalJobRunner, jobQueue } from '../../platform/lib/job-queue.js';

/**
 * One recomputation of stored attainment results:
 * - `course`: one course's results (every academic year) after an input of it changed;
 * - `program`: every course of the program (its attainment method changed);
 * - `students`: each student's own results in one course, for their pages (queued whenever the course's results are
 *   stored, and when its improvement plan is saved).
 * `actor` is who made the change. The worker checks a message against `ResultsJobSchema` (`results-job-schema.ts`).
 */
export type ResultsJob =
  | { kind: 'course'; campus: string; actor: string; program: string; course: string }
  | { kind: 'program'; campus: string; actor: string; program: string }
  | { kind: 'students'; campus: string; actor: string; program: string; course: string };

/** The results queue: SQS at `RESULTS_QUEUE_URL` (the results worker Lambda), or the local stack's in-process runner. */
const resultsQueue = jobQueue<ResultsJob>('results', () => config().resultsQueueUrl, { optional: true });

/**
 * How the local stack runs results jobs (`local/local-results-worker.ts`). A course's job returns its promise, so on
 * one machine a write answers once that course's results are stored; a program's job (a method change: every course)
 * runs in the background, as in AWS, where every write answers at once and pages show "updating" meanwhile.
 */
export function setLocalResultsRunner(runner: LocalJobRunner<ResultsJob> | undefined): void {
  resultsQueue.setLocalRunner(runner);
}

/** Whether results jobs go to SQS (then a stamp records when each was queued) rather than run in this process. */
export const resultsQueueIsRemote = (): boolean => resultsQueue.remote();

/** Whether a results job is run at all (SQS, or the local stack's runner; not a script or the seed). */
export const resultsQueueRuns = (): boolean => resultsQueue.runs();

/**
 * Hands a recomputation to the results worker. With neither a queue nor a local runner (a script writing records, the
 * seed) nothing is scheduled: the stamps say the results are stale and the next read computes them.
 */
export async function scheduleResults(
  scope: CampusScope,
  job: { kind: 'course' | 'students'; program: string; course: string } | { kind: 'program'; program: string },
): Promise<void> {
  await resultsQueue.enqueue({ ...job, campus: scope.campus, actor: scope.actor });
}
