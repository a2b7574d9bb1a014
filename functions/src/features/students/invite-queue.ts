import { config } from '../../platform/lib/config.js';
import { type LocalJobRunner, jobQueue } from '../../platform/lib/job-queue.js';

/** One invitation run of a campus to do, or go on with (`runInviteJob`). */
export interface InviteJob {
  campus: string;
  run: string;
}

/** The invitation queue: SQS at `STUDENT_INVITES_QUEUE_URL` (the `student-invites` worker), or the local stack's runner. */
const invitesQueue = jobQueue<InviteJob>('student invitation', () => config().studentInvitesQueueUrl);

/** The local stack registers how it runs invitation runs in-process (there is no SQS on one machine). */
export function setLocalInvitesRunner(runner: LocalJobRunner<InviteJob> | undefined): void {
  invitesQueue.setLocalRunner(runner);
}

/**
 * Hands an invitation run to the worker: an SQS message (SQS keeps it until the worker finishes and redelivers it if
 * the worker dies), or the local runner.
 * @throws Error when neither a queue nor a local runner is configured (a deployment fault, never the caller's)
 */
export const enqueueInviteRun = (job: InviteJob): Promise<void> => invitesQueue.enqueue(job);
