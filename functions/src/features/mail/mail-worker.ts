import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAIL_QUEUE_PK, TABLE, mailRecipientSk, mailRecipientsPk } from '@attain/shared-types';
import { documentClient, sesClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { LEASE_MS, type MailItem, type RecipientItem, mailKey, withoutKeys } from './mail-items.js';
import { type LoadedAttachment, MailFault, loadAttachments, sendEmailInput } from './mail-message.js';
import { type MailJob, enqueueMail } from './mail-queue.js';
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
  inDoubt?: (mailId: string, r: RecipientItem) => Promise<InDoubtAnswer>;
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
      console.warn(`mail worker: SES GetAccount failed (${e.name}); sending 1 per second`);
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
const table = () => config().tableName;

/**
 * Takes the mail's lease (nobody else holds a live one) and marks it `sending`.
 * @returns the mail, or why not: 'busy' (another worker), 'gone' (no such mail, or already sent)
 */
async function claimMail(job: MailJob, owner: string, leaseMs: number): Promise<MailItem | 'busy' | 'gone'> {
  const now = Date.now();
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: mailKey(job.campus, job.mail),
        UpdateExpression: 'SET lease_owner = :me, lease_until = :until, #st = :sending, updated_at = :at REMOVE #err',
        ConditionExpression:
          'attribute_exists(PK) AND #st IN (:queued, :sending, :failed) AND (attribute_not_exists(lease_until) OR lease_until < :now OR lease_owner = :me)',
        ExpressionAttributeNames: { '#st': 'state', '#err': 'error' },
        ExpressionAttributeValues: {
          ':me': owner,
          ':until': now + leaseMs,
          ':now': now,
          ':at': new Date(now).toISOString(),
          ':queued': 'queued',
          ':sending': 'sending',
          ':failed': 'failed',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<MailItem>(res.Attributes ?? {});
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
    const got = await documentClient().send(
      new GetCommand({ TableName: table(), Key: mailKey(job.campus, job.mail), ConsistentRead: true }),
    );
    if (!got.Item || got.Item.state === 'sent') {
      await finishQueueItem(job);
      return 'gone';
    }
    return 'busy';
  }
}

/** Removes a job from the cross-campus list of unfinished ones. */
async function finishQueueItem(job: MailJob): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: table(), Key: { [TABLE.partitionKey]: MAIL_QUEUE_PK, [TABLE.sortKey]: `${job.campus}#${job.mail}` } }),
  );
}

/** Reads recipients `from`..`from + n - 1` (one Query). */
async function recipientsAt(job: MailJob, from: number, n: number): Promise<RecipientItem[]> {
  const res = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :a AND :b',
      ExpressionAttributeValues: {
        ':pk': mailRecipientsPk(job.campus, job.mail),
        ':a': mailRecipientSk(from),
        ':b': mailRecipientSk(from + n - 1),
      },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).map((i) => withoutKeys<RecipientItem>(i));
}

/**
 * Records progress and renews the lease, if this worker still holds it.
 * @returns false when another worker took the lease (this pass must stop)
 */
async function checkpoint(job: MailJob, owner: string, cursor: number, leaseMs: number, rate: number): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: mailKey(job.campus, job.mail),
        UpdateExpression: 'SET #c = :c, lease_until = :until, send_rate = :rate, updated_at = :at',
        ConditionExpression: 'lease_owner = :me',
        ExpressionAttributeNames: { '#c': 'cursor' },
        ExpressionAttributeValues: {
          ':c': cursor,
          ':until': Date.now() + leaseMs,
          ':rate': rate,
          ':at': new Date().toISOString(),
          ':me': owner,
        },
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/** Ends a pass: `sent` (and off the queue list), `failed` with a sentence, or still `sending` with recipients in doubt. */
async function finish(
  job: MailJob,
  owner: string,
  end: { state: 'sent' } | { state: 'failed'; error: string } | { state: 'sending'; inDoubt: number },
) {
  const update = {
    TableName: table(),
    Key: mailKey(job.campus, job.mail),
    UpdateExpression: [
      'SET #st = :st, updated_at = :at, lease_until = :zero',
      end.state === 'failed' ? ', #err = :err' : '',
      end.state === 'sending' ? ', in_doubt = :doubt' : ' REMOVE in_doubt',
    ].join(''),
    ConditionExpression: 'lease_owner = :me',
    ExpressionAttributeNames: { '#st': 'state', ...(end.state === 'failed' ? { '#err': 'error' } : {}) },
    ExpressionAttributeValues: {
      ':st': end.state,
      ':at': new Date().toISOString(),
      ':zero': 0,
      ':me': owner,
      ...(end.state === 'failed' ? { ':err': end.error } : {}),
      ...(end.state === 'sending' ? { ':doubt': end.inDoubt } : {}),
    },
  };
  if (end.state !== 'sent') {
    await documentClient().send(new UpdateCommand(update));
    return;
  }
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Update: update },
        { Delete: { TableName: table(), Key: { [TABLE.partitionKey]: MAIL_QUEUE_PK, [TABLE.sortKey]: `${job.campus}#${job.mail}` } } },
      ],
    }),
  );
}

/**
 * The bulk-mail worker (DESIGN.md "Workers"; docs/decisions/0019-send-mail.md): sends a queued mail to its recipients in
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
 * @returns how the pass ended ('busy': another worker holds the lease; 'gone': no such mail or already sent)
 */
export async function runMailJob(job: MailJob, opts: MailWorkerOptions = {}): Promise<MailJobEnd> {
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
        if (r.message_id) continue; // SES's Send event arrived: it was accepted (the event moves it to `sent`).
        const known = (await opts.inDoubt?.(job.mail, r)) ?? 'unknown';
        if (known === 'not-sent') {
          if (await moveRecipient(job.campus, job.mail, r.index, 'sending', 'sending', { sending_by: owner, sending_at: Date.now() }))
            toSend.push(r);
        } else if (known !== 'unknown') {
          await moveRecipient(job.campus, job.mail, r.index, 'sending', 'sent', { message_id: known.messageId });
        } else if (Date.now() - (r.sending_at ?? 0) >= grace) {
          // SES may have it: sending again could deliver it twice, so it is marked for people to see instead.
          await moveRecipient(job.campus, job.mail, r.index, 'sending', 'failed', {
            note: IN_DOUBT_NOTE,
            event: { event: 'failed', at: new Date().toISOString(), detail: IN_DOUBT_NOTE },
          });
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
          if ((e as Error).name === 'WorkerCrash') throw e;
          const name = (e as Error).name;
          if (RECIPIENT_ERRORS.has(name)) {
            const note = `SES refused it: ${(e as Error).message}`;
            await moveRecipient(job.campus, job.mail, r.index, 'sending', 'failed', {
              note,
              event: { event: 'failed', at: new Date().toISOString(), detail: note },
            });
          } else {
            // The account or the service, not this message: put it back and stop the mail with the reason.
            await moveRecipient(job.campus, job.mail, r.index, 'sending', 'queued', {});
            fatal ??= `SES did not take the mail (${name}: ${(e as Error).message}); resume it when SES is available`;
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

/** Sets the cursor back to the start, so the next pass looks at recipients left in doubt. */
async function rewindCursor(job: MailJob): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: mailKey(job.campus, job.mail),
      UpdateExpression: 'SET #c = :z',
      ExpressionAttributeNames: { '#c': 'cursor' },
      ExpressionAttributeValues: { ':z': 0 },
    }),
  );
}
