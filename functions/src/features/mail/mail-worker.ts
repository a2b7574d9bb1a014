import { randomUUID } from 'node:crypto';
import { errorMessage, errorName } from '@attain/shared-types';
import { sesClient } from '../../platform/lib/aws.js';
import { log } from '../../platform/lib/log.js';
import { LEASE_MS, type RecipientItem } from './mail-items.js';
import { checkpoint, claimMail, finish, recipientsAt, rewindCursor } from './mail-job-store.js';
import { type LoadedAttachment, MailFault, loadAttachments, sendEmailInput } from './mail-message.js';
import { type MailJob, enqueueMail, mailQueueRunner } from './mail-queue.js';
import { moveRecipient } from './recipient-store.js';

/** How a worker pass ended. */
export type MailJobEnd = 'done' | 'busy' | 'waiting' | 'failed' | 'gone' | 'stopped';

/** Knobs of a worker pass; the defaults are what the deployed worker uses. */
export interface MailWorkerOptions {
  /** Messages per second; default SES's `MaxSendRate` for the account (`GetAccount`). */
  rate?: number;
  /** How long a recipient left `sending` by a dead worker waits for SES's Send event before it is sent again (ms). */
  inDoubtGraceMs?: number;
  /** Lease length (ms). */
  leaseMs?: number;
  /** Stop the pass once this much time has passed (ms), handing the rest to a new queue message (Lambda's 15 min). */
  budgetMs?: number;
  /**
   * Test hook standing in for `kill -9`: called after each SES call returns, before the worker records it; throwing
   * from it ends the pass at once with nothing more written, as a crash would.
   */
  afterSend?: (sent: number) => void;
  /** Stops the pass at the next batch boundary (the local stack stopping); the lease is released for the next start. */
  signal?: AbortSignal;
  /**
   * Asks whether SES accepted the message of a recipient left in doubt (claimed by a worker that died before it
   * recorded SES's answer, and with no Send event recorded): its message id, 'not-sent', or 'unknown'. The local
   * stack looks in the SES emulator's store (`local-mail-worker.ts`); in AWS nothing can be asked ('unknown', the
   * default), so the recipient waits `inDoubtGraceMs` for SES's Send event and is then marked, never sent again.
   */
  inDoubt?: (job: MailJob, r: RecipientItem) => Promise<InDoubtAnswer>;
  /**
   * Told how many recipients a pass marked "not sent again" (`IN_DOUBT_NOTE`: left `sending` by a dead worker, SES's
   * Send event never came within `inDoubtGraceMs`), when it marked any.
   */
  onMarkedInDoubt?: (job: MailJob, recipients: number) => void;
}

/** What is known of a message in doubt: SES's message id for it, that it was never accepted, or nothing. */
export type InDoubtAnswer = { messageId: string } | 'not-sent' | 'unknown';

/** The note of a recipient left in doubt and not sent again (shown in its receipt). */
export const IN_DOUBT_NOTE =
  'Not sent again: the sending stopped while SES was taking this message and SES never confirmed it, so it may or may not have arrived';

/** SES's send rate for the account, cached per process; 1 per second (the sandbox's) if SES will not say. */
let accountRate: number | undefined;
async function sendRate(): Promise<number> {
  if (accountRate === undefined) {
    const { GetAccountCommand } = await import('@aws-sdk/client-sesv2');
    const res = await (await sesClient()).send(new GetAccountCommand({})).catch((e: Error) => {
      log.warn(`mail worker: SES GetAccount failed (${e.name}); sending 1 per second`);
      return undefined;
    });
    accountRate = Math.max(1, res?.SendQuota?.MaxSendRate ?? 1);
  }
  return accountRate;
}
/** Forgets the cached send rate (the local stack sets its own). */
export const resetSendRate = () => {
  accountRate = undefined;
};

/** Errors SES gives for one message that sending it again would not fix: the recipient fails, the mail goes on. */
const RECIPIENT_ERRORS = new Set(['BadRequestException', 'MessageRejected', 'InvalidParameterValue']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The bulk-mail worker (docs/design.md "Workers"; docs/decisions/0019-send-mail.md): sends a queued mail to its recipients in
 * order, one SES `SendEmail` per recipient, at most `rate` messages per second (batches of `rate`, each batch taking
 * at least a second), so a send of 2,000 at 14 per second takes about 143 s.
 *
 * None lost and none sent twice across restarts: the worker holds a lease on the mail; before each SES call it moves
 * the recipient `queued` -> `sending` (a conditional write naming this worker), after it `sending` -> `sent` with
 * SES's message id, and checkpoints the cursor every batch. A new worker (SQS redelivery, `Resume`, or the local stack
 * at start) begins at the cursor; it skips recipients already `sent`. One left `sending` by a dead worker without
 * SES's Send event (which carries the same tags) is in doubt: `opts.inDoubt` is asked whether SES has it (locally the
 * emulator's store answers: recorded as sent, or sent now); when nothing can say (AWS), it waits `inDoubtGraceMs`
 * for the Send event and is then marked `failed` with `IN_DOUBT_NOTE`, never sent again, so nobody gets a mail
 * twice. Recipients still waiting keep the mail `sending`, and the job is queued again to look once the grace has
 * passed.
 *
 * A job with a `kind` is other work that ends in a mail (a students' invitation run): handed to its runner
 * (`onMailQueueJob`), which throws for the queue to run it again.
 *
 * @returns how the pass ended ('busy': another worker holds the lease; 'gone': no such mail or already sent)
 */
export async function runMailJob(job: MailJob, opts: MailWorkerOptions = {}): Promise<MailJobEnd> {
  if (job.kind) {
    await mailQueueRunner(job.kind)(job);
    return 'done';
  }
  const owner = randomUUID();
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const grace = opts.inDoubtGraceMs ?? 10 * 60_000;
  const startedAt = Date.now();
  const claimed = await claimMail(job, owner, leaseMs);
  if (typeof claimed === 'string') return claimed;
  const mail = claimed;
  const rate = opts.rate ?? (await sendRate());
  const batchSize = Math.max(1, Math.floor(rate));
  let attachments: LoadedAttachment[];
  try {
    attachments = await loadAttachments(mail.attachments ?? []);
  } catch (e) {
    if (!(e instanceof MailFault)) throw e;
    await finish(job, owner, { state: 'failed', error: e.message });
    return 'failed';
  }
  const { SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  const ses = await sesClient();
  let cursor = mail.cursor ?? 0;
  let inDoubt = 0;
  let marked = 0;
  let sends = 0;
  let firstDoubt: number | undefined;
  while (cursor < mail.total) {
    if (opts.budgetMs !== undefined && Date.now() - startedAt > opts.budgetMs) {
      await finish(job, owner, { state: 'sending', inDoubt });
      await enqueueMail(job);
      return 'waiting';
    }
    if (opts.signal?.aborted) {
      await finish(job, owner, { state: 'sending', inDoubt });
      return 'stopped';
    }
    const batchStart = Date.now();
    const batch = await recipientsAt(job, cursor, batchSize);
    const toSend: RecipientItem[] = [];
    for (const r of batch) {
      if (r.status === 'queued') {
        if (await moveRecipient(job.campus, job.mail, r.index, 'queued', 'sending', { sending_by: owner, sending_at: Date.now() }))
          toSend.push(r);
      } else if (r.status === 'sending' && r.sending_by !== owner) {
        // Left by a worker that died between claiming it and recording SES's answer.
        // SES's Send event arrived (its message id is recorded): it was accepted, so it is sent.
        if (r.message_id) {
          await moveRecipient(job.campus, job.mail, r.index, 'sending', 'sent', { message_id: r.message_id });
          continue;
        }
        const known = (await opts.inDoubt?.(job, r)) ?? 'unknown';
        if (known === 'not-sent') {
          if (await moveRecipient(job.campus, job.mail, r.index, 'sending', 'sending', { sending_by: owner, sending_at: Date.now() }))
            toSend.push(r);
        } else if (known !== 'unknown') {
          await moveRecipient(job.campus, job.mail, r.index, 'sending', 'sent', { message_id: known.messageId });
        } else if (Date.now() - (r.sending_at ?? 0) >= grace) {
          // SES may have it: sending again could deliver it twice, so it is marked for people to see instead.
          if (
            await moveRecipient(job.campus, job.mail, r.index, 'sending', 'failed', {
              note: IN_DOUBT_NOTE,
              event: { event: 'failed', at: new Date().toISOString(), detail: IN_DOUBT_NOTE },
            })
          )
            marked++;
        } else {
          inDoubt++;
          firstDoubt ??= r.sending_at ?? Date.now();
        }
      }
    }
    let fatal: string | undefined;
    await Promise.all(
      toSend.map(async (r) => {
        try {
          const res = await ses.send(new SendEmailCommand(sendEmailInput(job.campus, mail, r, attachments)));
          opts.afterSend?.(++sends);
          await moveRecipient(job.campus, job.mail, r.index, 'sending', 'sent', { message_id: res.MessageId });
        } catch (e) {
          const name = errorName(e);
          if (name === 'WorkerCrash') throw e;
          if (RECIPIENT_ERRORS.has(name)) {
            const note = `SES refused it: ${errorMessage(e)}`;
            await moveRecipient(job.campus, job.mail, r.index, 'sending', 'failed', {
              note,
              event: { event: 'failed', at: new Date().toISOString(), detail: note },
            });
          } else {
            // The account or the service, not this message: put it back and stop the mail with the reason.
            await moveRecipient(job.campus, job.mail, r.index, 'sending', 'queued', {});
            fatal ??= `SES did not take the mail (${name}: ${errorMessage(e)}); resume it when SES is available`;
          }
        }
      }),
    );
    if (fatal) {
      await checkpoint(job, owner, cursor, leaseMs, rate);
      await finish(job, owner, { state: 'failed', error: fatal });
      return 'failed';
    }
    cursor += batch.length ? batchSize : mail.total - cursor;
    if (!(await checkpoint(job, owner, Math.min(cursor, mail.total), leaseMs, rate))) return 'busy';
    const wait = batchStart + 1000 - Date.now();
    if (toSend.length && wait > 0 && cursor < mail.total) await sleep(wait);
  }
  if (marked) opts.onMarkedInDoubt?.(job, marked);
  if (inDoubt) {
    await finish(job, owner, { state: 'sending', inDoubt });
    // Look again once the oldest doubtful recipient's grace has passed; the cursor starts over for them.
    await rewindCursor(job);
    await enqueueMail(job, Math.ceil(Math.max(0, (firstDoubt ?? Date.now()) + grace - Date.now()) / 1000));
    return 'waiting';
  }
  await finish(job, owner, { state: 'sent' });
  return 'done';
}
