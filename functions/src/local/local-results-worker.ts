import { setLocalResultsRunner } from '../features/course-inputs/results-queue.js';
import type { ResultsJob } from '../features/course-inputs/index.js';
import { runResultsJob } from '../features/attainment/results-worker.js';
import { log } from '../platform/lib/log.js';

/**
 * Stands in for the results queue and its worker Lambda on one machine.
 * - A course's job runs before the write that queued it answers (its log lines are that request's), so what a person
 *   sees after saving is already computed.
 * - A program's job (a method change: every course of the program) runs in the background, never inside the request,
 *   as the results worker does in AWS: the program's pages show its courses as updating, with the previous figures,
 *   until each is stored.
 * - A course's students' job (their own pages' results, decision 0057) runs in the background too, as in AWS: a
 *   student's page follows a save within moments, and the save does not wait for a second read of the course's marks.
 *   One job per course runs at a time, and while one runs, any number queued for the same course wait as one: the job
 *   reads the marks when it starts, so a single later run stores what all of them would have.
 * A job that fails is logged and left: the stamps say the results are stale (or the students' lag), and a read after
 * the queued grace computes them or queues them again (nothing is lost on kill -9 either).
 * @returns a function that stops taking jobs and waits for the background jobs still running
 */
export function startLocalResultsWorker(): () => Promise<void> {
  const running = new Set<Promise<void>>();
  /** Per course (`campus#course`): the students job running and whether another is waiting behind it. */
  const students = new Map<string, { waiting: boolean }>();
  const run = (job: ResultsJob) =>
    runResultsJob(job).catch((e: unknown) => {
      log.error(`results worker: ${job.kind} ${job.kind === 'program' ? job.program : job.course} of ${job.campus} stopped`, { error: e });
    });
  const background = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };
  const runStudents = (job: ResultsJob & { kind: 'students' }) => {
    const key = `${job.campus}#${job.course}`;
    const now = students.get(key);
    if (now) {
      now.waiting = true;
      return;
    }
    const slot = { waiting: false };
    students.set(key, slot);
    background(
      (async () => {
        do {
          slot.waiting = false;
          await run(job);
        } while (slot.waiting);
        students.delete(key);
      })(),
    );
  };
  setLocalResultsRunner((job) => {
    if (job.kind === 'course') return run(job);
    if (job.kind === 'students') runStudents(job);
    else background(run(job));
    return undefined;
  });
  return async () => {
    setLocalResultsRunner(undefined);
    while (running.size) await Promise.all(running);
  };
}
