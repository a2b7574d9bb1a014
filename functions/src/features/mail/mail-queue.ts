import { config } from '../../platform/lib/config.js';
import { type LocalJobRunner, jobQueue } from '../../platform/lib/job-queue.js';

/**
 * One unit of work of the bulk-mail worker: a mail of a campus to send (or go on sending); or, with `kind`, work that
 * ends in a mail, done by the runner registered for that kind (`onMailQueueJob`), `mail` being the id of the mail it
 * queues (a students' invitation run).
 */
export interface MailJob {
  campus: string;
  mail: string;
  kind?: MailQueueJobKind;
}

/** The kinds of work besides sending a mail that the bulk-mail worker does. */
export type MailQueueJobKind = 'student-invites';

/** What does each kind of work besides sending (registered by whoever runs the worker: its Lambda, the local stack). */
const runners = new Map<MailQueueJobKind, (job: MailJob) => Promise<void>>();

/**
 * Registers what does a kind of work the bulk-mail queue carries besides mails (`runMailJob` hands it over). Features
 * that queue such work register it where the worker runs (the mail-sender Lambda's entry, the local stack), so the mail
 * feature does not import them.
 */
export function onMailQueueJob(kind: MailQueueJobKind, run: ((job: MailJob) => Promise<void>) | undefined): void {
  if (run) runners.set(kind, run);
  else runners.delete(kind);
}

/** The runner of a kind of work (`onMailQueueJob`). @throws Error when none is registered (a deployment fault) */
export function mailQueueRunner(kind: MailQueueJobKind): (job: MailJob) => Promise<void> {
  const run = runners.get(kind);
  if (!run) throw new Error(`The mail worker has no runner for ${kind} jobs`);
  return run;
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
