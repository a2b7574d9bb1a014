import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MAIL_QUEUE_PK, TABLE, mailRecipientSk, mailRecipientsPk } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { type MailItem, type RecipientItem, mailKey, withoutKeys } from './mail-items.js';
import type { MailJob } from './mail-queue.js';

/**
 * How a send job is stored while the worker runs it (`mail-worker.ts`): the mail's lease and cursor on the mail item,
 * its entry in the unfinished-jobs list (`MAIL_QUEUE_PK`), and the recipients read in order. Every write that could race
 * another worker names the lease's owner in its condition.
 */

const table = () => config().tableName;

/**
 * Takes the mail's lease (nobody else holds a live one) and marks it `sending`.
 * @returns the mail, or why not: 'busy' (another worker), 'gone' (no such mail, or already sent)
 */
export async function claimMail(job: MailJob, owner: string, leaseMs: number): Promise<MailItem | 'busy' | 'gone'> {
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
export async function recipientsAt(job: MailJob, from: number, n: number): Promise<RecipientItem[]> {
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
export async function checkpoint(job: MailJob, owner: string, cursor: number, leaseMs: number, rate: number): Promise<boolean> {
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
export async function finish(
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

/** Sets the cursor back to the start, so the next pass looks at recipients left in doubt. */
export async function rewindCursor(job: MailJob): Promise<void> {
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
