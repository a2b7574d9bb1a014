import { config } from '../../platform/lib/config.js';
import { type LocalJobRunner, jobQueue } from '../../platform/lib/job-queue.js';

/** One unit of work of the bulk-mail worker: a mail of a campus to send (or go on sending). */
export interface MailJob {
  campus: string;
  mail: string;
}

/** Runs a job on this machine after `delayMs` (the local stack's stand-in for SQS). */
export type LocalMailRunner = LocalJobRunner<MailJob>;

/** The bulk-mail queue: SQS at `MAIL_QUEUE_URL`, or the local stack's in-process worker. */
const mailQueue = jobQueue<MailJob>('mail', () => config().mailQueueUrl);

/** The local stack registers how it runs mail jobs in-process (there is no SQS on one machine). */
export function setLocalMailRunner(runner: LocalMailRunner | undefined): void {
  mailQueue.setLocalRunner(runner);
}

/**
 * Hands a mail to the worker: an SQS message (`MAIL_QUEUE_URL`; SQS keeps it until the worker finishes, and
 * redelivers it if the worker dies), or the local runner.
 * @param delaySeconds wait before the worker starts (0-900; SQS's limit)
 * @throws Error when neither a queue nor a local runner is configured (a deployment fault, never the caller's)
 */
export const enqueueMail = (job: MailJob, delaySeconds = 0): Promise<void> => mailQueue.enqueue(job, delaySeconds);
