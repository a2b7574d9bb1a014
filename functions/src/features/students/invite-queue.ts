import { enqueueMail } from '../mail/index.js';

/** One invitation run of a campus to do, or go on with (`runInviteJob`). */
export interface InviteJob {
  campus: string;
  run: string;
}

/**
 * Hands an invitation run to the bulk-mail worker (decision 0058): the run ends in one mail, whose id is the run's, so
 * it travels on the mail queue as a `student-invites` job (SQS keeps it until the worker finishes and redelivers it if
 * the worker dies; the local stack's mail worker runs it in the background).
 * @throws Error when neither a queue nor a local runner is configured (a deployment fault, never the caller's)
 */
export const enqueueInviteRun = (job: InviteJob): Promise<void> =>
  enqueueMail({ campus: job.campus, mail: job.run, kind: 'student-invites' });
