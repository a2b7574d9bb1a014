import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type RecipientEvent, type RecipientStatus, STATUS_RANK } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import { type RecipientItem, countedAs, mailKey, recipientKey, withoutKeys } from './mail-items.js';
import type { Receipt } from './ses-event.js';

/** What else a status change writes on the recipient (SES's message id, a note, the worker's claim). */
export interface MoveExtras {
  message_id?: string;
  note?: string;
  sending_by?: string;
  sending_at?: number;
  /** Appended to the recipient's history. */
  event?: RecipientEvent;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Most tries of a transaction that DynamoDB cancelled because another one touched the mail at the same moment. */
const CONFLICT_TRIES = 10;

/** Why DynamoDB cancelled a transaction: our condition on the recipient, or a conflict worth trying again. */
const cancelled = (e: unknown): 'condition' | 'conflict' | undefined => {
  if (!(e instanceof TransactionCanceledException)) return undefined;
  const reasons = e.CancellationReasons ?? [];
  return reasons.some((r) => r.Code === 'ConditionalCheckFailed') || !reasons.length ? 'condition' : 'conflict';
};

/**
 * Moves one recipient from status `from` to `to`. When the two are counted under different statuses (`countedAs`),
 * the mail's `counts` move in the same transaction, so the counts the table shows always equal the recipients'
 * statuses; otherwise (a worker claiming a queued recipient) it is one conditional UpdateItem. A transaction that
 * DynamoDB cancels for a conflict (the receipts and the worker both touching the mail's counts) is tried again with
 * a growing, jittered wait.
 * @returns false when the recipient was no longer at `from` (someone else moved it first); nothing is written then
 */
export async function moveRecipient(
  campus: string,
  mailId: string,
  index: number,
  from: RecipientStatus,
  to: RecipientStatus,
  extras: MoveExtras = {},
): Promise<boolean> {
  const at = extras.event?.at ?? new Date().toISOString();
  const sets = ['#s = :to', 'status_at = :at'];
  const values: Record<string, unknown> = { ':to': to, ':from': from, ':at': at };
  for (const k of ['message_id', 'note', 'sending_by', 'sending_at'] as const) {
    if (extras[k] === undefined) continue;
    sets.push(`${k} = :${k}`);
    values[`:${k}`] = extras[k];
  }
  if (extras.event) {
    sets.push('history = list_append(if_not_exists(history, :none), :ev)');
    values[':ev'] = [extras.event];
    values[':none'] = [];
  }
  const recipientUpdate = {
    TableName: config().tableName,
    Key: recipientKey(campus, mailId, index),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: '#s = :from',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: values,
  };
  const [a, b] = [countedAs(from), countedAs(to)];
  if (a === b) {
    try {
      await documentClient().send(new UpdateCommand(recipientUpdate));
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }
  const mailUpdate = {
    TableName: config().tableName,
    Key: mailKey(campus, mailId),
    UpdateExpression: 'ADD counts.#from :minus, counts.#to :one SET updated_at = :now',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#from': a, '#to': b },
    ExpressionAttributeValues: { ':minus': -1, ':one': 1, ':now': at },
  };
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: [{ Update: recipientUpdate }, { Update: mailUpdate }] }));
      // A bounce counted or uncounted moves the group summaries' bounce rate.
      if (a === 'bounced' || b === 'bounced') await noteCampusChange(campus);
      return true;
    } catch (e) {
      const why = cancelled(e);
      if (why === 'condition') return false;
      if (why !== 'conflict' || attempt + 1 >= CONFLICT_TRIES) throw e;
      await sleep(Math.random() * 20 * 2 ** Math.min(attempt, 6));
    }
  }
}

/** Reads one recipient (consistent read); undefined when the mail has no such recipient. */
export async function getRecipient(campus: string, mailId: string, index: number): Promise<RecipientItem | undefined> {
  const res = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: recipientKey(campus, mailId, index), ConsistentRead: true }),
  );
  return res.Item ? withoutKeys<RecipientItem>(res.Item) : undefined;
}

/**
 * Raises a recipient's status to `to` if that is further along (`STATUS_RANK`) than where it is now, whatever it
 * is now (events arrive out of order). Tries from `current` (the status last read) first, and reads again when
 * another writer moved it meanwhile.
 * @returns the status it ends at; undefined when there is no such recipient
 */
export async function raiseRecipient(
  campus: string,
  mailId: string,
  index: number,
  to: RecipientStatus,
  current?: RecipientStatus,
  extras: MoveExtras = {},
): Promise<RecipientStatus | undefined> {
  let now = current;
  for (let attempt = 0; attempt < 8; attempt++) {
    if (now === undefined) {
      const r = await getRecipient(campus, mailId, index);
      if (!r) return undefined;
      now = r.status;
    }
    if (STATUS_RANK[to] <= STATUS_RANK[now]) return now;
    if (await moveRecipient(campus, mailId, index, now, to, extras)) return to;
    now = undefined;
  }
  throw new Error(`Recipient ${index} of mail ${mailId} kept changing; giving up for a retry`);
}

/** Adds `n` to one of a mail's counters (`opened`, `clicked`). */
export async function addToMail(campus: string, mailId: string, counter: 'opened' | 'clicked', n: number): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: mailKey(campus, mailId),
      UpdateExpression: 'ADD #c :n',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':n': n },
    }),
  );
}

/**
 * Appends one SES event to its recipient's history in one conditional UpdateItem: the recipient must exist under the
 * tagged campus and mail with the same address and (once known) the same SES message id, and must not have seen
 * `seenKey` (type@time) yet. Sets the message id when first known and the first Open / Click time.
 * @returns the recipient as it was before, or undefined when the condition failed (nothing written)
 */
export async function appendReceiptEvent(r: Receipt, seenKey: string): Promise<RecipientItem | undefined> {
  const sets = ['history = list_append(if_not_exists(history, :none), :ev)', 'message_id = if_not_exists(message_id, :mid)'];
  const values: Record<string, unknown> = {
    ':none': [],
    ':ev': [{ event: r.type.toLowerCase(), at: r.at, ...(r.detail ? { detail: r.detail } : {}) }],
    ':mid': r.messageId,
    ':addr': r.address,
    ':seen': new Set([seenKey]),
    ':seenKey': seenKey,
  };
  if (r.type === 'Open') sets.push('opened_at = if_not_exists(opened_at, :at)');
  if (r.type === 'Click') sets.push('clicked_at = if_not_exists(clicked_at, :at)');
  if (r.type === 'Open' || r.type === 'Click') values[':at'] = r.at;
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: recipientKey(r.campus, r.mailId, r.index),
        UpdateExpression: `SET ${sets.join(', ')} ADD seen :seen`,
        ConditionExpression:
          'attribute_exists(PK) AND address = :addr AND (attribute_not_exists(message_id) OR message_id = :mid) AND NOT contains(seen, :seenKey)',
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_OLD',
      }),
    );
    return withoutKeys<RecipientItem>(res.Attributes ?? {});
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return undefined;
    throw e;
  }
}
