import { enqueueInviteRun, setLocalInvitesRunner } from '../features/students/invite-queue.js';
import { unfinishedInviteRuns } from '../features/students/invite-run-store.js';
import { runInviteJob } from '../features/students/student-accounts.js';
import { setLogCampus } from '../platform/lib/log.js';
import { localInvocation } from './log-output.js';

/**
 * Stands in for the invitations queue and its worker Lambda on one machine: each invitation run is done in the
 * background, one after another, with the same `runInviteJob`; a request that starts one answers at once. At start
 * it resumes every run left unfinished (the `INVITEQ` list), so a `kill -9` in the middle of a run loses nothing and
 * mails nobody twice.
 * @returns a function that stops taking runs and waits for the one under way
 */
export async function startLocalInvitesWorker(): Promise<() => Promise<void>> {
  let chain: Promise<void> = Promise.resolve();
  let stopping = false;
  setLocalInvitesRunner((job) => {
    chain = chain.then(async () => {
      if (stopping) return;
      // One queue message, one invocation of the worker Lambda: its own request id, the job's campus. A failure is
      // logged there; the run stays unfinished and is resumed when the stack starts again.
      await localInvocation(`invitations worker: run ${job.run}`, async () => {
        setLogCampus(job.campus);
        await runInviteJob(job);
      });
    });
    return undefined;
  });
  for (const job of await unfinishedInviteRuns()) await enqueueInviteRun(job);
  return async () => {
    stopping = true;
    setLocalInvitesRunner(undefined);
    await chain;
  };
}
