import { type MailJob } from '../../features/mail/mail-queue.js';
import { runMailJob } from '../../features/mail/mail-worker.js';
import { RECORD_ID } from '@attain/shared-types';

/** An SQS delivery to Lambda: the parts the worker reads. */
interface SqsEvent {
  Records?: { messageId: string; body: string }[];
}

/**
 * The bulk-mail worker Lambda: each SQS message names one mail (`{ campus, mail }`); the worker sends it
 * at SES's rate (`runMailJob`), stopping after 13 minutes of its 15 and queueing the rest as a new message. Reserved
 * concurrency 1 in the stack keeps the whole account under SES's `MaxSendRate`. A message that is not a job is
 * dropped with a log line; a failure is reported per message so SQS redelivers only that one.
 */
export async function handler(event: SqsEvent): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const failures: { itemIdentifier: string }[] = [];
  for (const rec of event.Records ?? []) {
    let job: MailJob;
    try {
      job = JSON.parse(rec.body) as MailJob;
      if (!RECORD_ID.test(job.campus) || !RECORD_ID.test(job.mail)) throw new Error('not a mail job');
    } catch {
      console.warn('mail-sender: dropped a message that is not a mail job');
      continue;
    }
    try {
      await runMailJob(job, { budgetMs: 13 * 60_000 });
    } catch (e) {
      console.error(`mail-sender: mail ${job.mail} of ${job.campus} stopped:`, e);
      failures.push({ itemIdentifier: rec.messageId });
    }
  }
  return { batchItemFailures: failures };
}
