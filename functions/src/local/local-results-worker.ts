import { setLocalResultsRunner } from '../features/course-inputs/results-queue.js';
import { runResultsJob } from '../features/attainment/results-worker.js';
import { log } from '../platform/lib/log.js';

/**
 * Stands in for the results queue and its worker Lambda on one machine: a job runs in this process before the write
 * that queued it answers (its log lines are that request's), so what a person sees after saving is already computed.
 * A job that fails is logged and left:
 * the course's stamp says its results are stale, and the next read computes them (nothing is lost on kill -9 either).
 * @returns a function that stops taking jobs
 */
export function startLocalResultsWorker(): () => void {
  setLocalResultsRunner((job) =>
    runResultsJob(job).catch((e: unknown) => {
      log.error(`results worker: ${job.kind} ${job.kind === 'course' ? job.course : job.program} of ${job.campus} stopped`, { error: e });
    }),
  );
  return () => setLocalResultsRunner(undefined);
}
