import { config } from '../../platform/lib/config.js';
import { sqsClient } from '../../platform/lib/aws.js';

/** One unit of work of the bulk-mail worker: a mail of a campus to send (or go on sending). */
export interface MailJob {
  campus: string;
  mail: string;
}

/** Runs a job on this machine after `delayMs` (the local stack's stand-in for SQS). */
export type LocalMailRunner = (job: MailJob, delayMs: number) => void;

let localRunner: LocalMailRunner | undefined;

/** The local stack registers how it runs mail jobs in-process (there is no SQS on one machine). */
export function setLocalMailRunner(runner: LocalMailRunner | undefined): void {
  localRunner = runner;
}

/**
 * Hands a mail to the worker: an SQS message (`MAIL_QUEUE_URL`; SQS keeps it until the worker finishes, and
 * redelivers it if the worker dies), or the local runner.
 * @param delaySeconds wait before the worker starts (0-900; SQS's limit)
 * @throws Error when neither a queue nor a local runner is configured (a deployment fault, never the caller's)
 */
export async function enqueueMail(job: MailJob, delaySeconds = 0): Promise<void> {
  const url = config().mailQueueUrl;
  const delay = Math.max(0, Math.min(900, Math.round(delaySeconds)));
  if (url) {
    const { SendMessageCommand } = await import('@aws-sdk/client-sqs');
    await (await sqsClient()).send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(job), DelaySeconds: delay }));
  } else if (localRunner) localRunner(job, delay * 1000);
  else throw new Error('No mail queue: MAIL_QUEUE_URL is not set and no local runner is registered');
}
