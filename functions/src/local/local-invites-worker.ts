import { enqueueInviteRun } from '../features/students/invite-queue.js';
import { takeInviteRuns } from '../features/students/student-accounts.js';
import { unfinishedInviteRuns } from '../features/students/invite-run-store.js';

/**
 * The local stack's mail worker takes the students' invitation runs too (`takeInviteRuns`), as the mail-sender Lambda
 * does, and every run a stop or `kill -9` left unfinished (the `INVITEQ` list) is queued again, so it resumes with
 * nobody mailed twice.
 * @returns how many runs were resumed
 */
export async function resumeInviteRuns(): Promise<number> {
  takeInviteRuns();
  const open = await unfinishedInviteRuns();
  for (const job of open) await enqueueInviteRun(job);
  return open.length;
}
