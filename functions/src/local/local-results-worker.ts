import { setLocalResultsRunner } from '../features/course-inputs/results-queue.js';
import { runResultsJob } from '../features/attainment/results-worker.js';
import { log } from '../platform/lib/log.js';

/**
 * Stands in for the results queue and its worker Lambda on one machine. A course's job runs before the write that
 * queued it answers (its log lines are that request's), so what a person sees after saving is already computed. A
 * program's job (a method change: every course of the program) runs in the background, never inside the request, as
 * the results worker does in AWS: the program's pages show its courses as updating, with the previous figures, until
 * each is stored. A course's students' job (their own pages' results) runs inside the job that queued it, so a
 * student reads the marks a save stored once it answers. A job that fails is logged and left: the stamps say the results are stale, and a read after the
 * queued grace computes them (nothing is lost on kill -9 either).
 * @returns a function that stops taking jobs and waits for the program jobs still running
 */
export function startLocalResultsWorker(): () => Promise<void> {
  const running = new Set<Promise<void>>();
  setLocalResultsRunner((job) => {
    const run = runResultsJob(job).catch((e: unknown) => {
      log.error(`results worker: ${job.kind} ${job.kind === 'program' ? job.program : job.course} of ${job.campus} stopped`, { error: e });
    });
    if (job.kind !== 'program') return run;
    running.add(run);
    void run.finally(() => running.delete(run));
    return undefined;
  });
  return async () => {
    setLocalResultsRunner(undefined);
    await Promise.all(running);
  };
}
