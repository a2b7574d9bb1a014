import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type RecipientEvent, type RecipientStatus, STATUS_RANK } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { type RecipientItem, mailKey, recipientKey, withoutKeys } from './mail-items.js';

/** What else a status change writes on the recipient (SES's message id, a note, the worker's claim). */
export interface MoveExtras {
  message_id?: string;
  note?: string;
  sending_by?: string;
  sending_at?: number;
  /** Appended to the recipient's history. */
  event?: RecipientEvent;
}

/**
 * Moves one recipient from status `from` to `to` and the mail's `counts` with it, in one
 * transaction, so the counts the table shows always equal the recipients' statuses.
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
  // A recipient taken over from a dead worker stays `sending`: only its claim changes, not the counts.
  const moves = from !== to;
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: config().tableName,
              Key: recipientKey(campus, mailId, index),
              UpdateExpression: `SET ${sets.join(', ')}`,
              ConditionExpression: '#s = :from',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: values,
            },
          },
          {
            Update: {
              TableName: config().tableName,
              Key: mailKey(campus, mailId),
              UpdateExpression: `${moves ? 'ADD counts.#from :minus, counts.#to :one ' : ''}SET updated_at = :now`,
              ConditionExpression: 'attribute_exists(PK)',
              ...(moves ? { ExpressionAttributeNames: { '#from': from, '#to': to } } : {}),
              ExpressionAttributeValues: moves ? { ':minus': -1, ':one': 1, ':now': at } : { ':now': at },
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof TransactionCanceledException || (e as Error).name === 'TransactionCanceledException') return false;
    throw e;
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
 * is now (events arrive out of order). Retries when another writer moved it meanwhile.
 * @returns the status it ends at
 */
export async function raiseRecipient(
  campus: string,
  mailId: string,
  index: number,
  to: RecipientStatus,
  extras: MoveExtras = {},
): Promise<RecipientStatus | undefined> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const r = await getRecipient(campus, mailId, index);
    if (!r) return undefined;
    if (STATUS_RANK[to] <= STATUS_RANK[r.status]) return r.status;
    if (await moveRecipient(campus, mailId, index, r.status, to, extras)) return to;
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
