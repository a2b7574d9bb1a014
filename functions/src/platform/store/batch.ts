import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';

/** One request of a BatchWriteItem (a put or a delete). */
export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** A table key (`PK`, `SK`). */
export type TableKey = Record<string, unknown>;

/** Tries before a batch whose items DynamoDB keeps returning unprocessed fails. */
const TRIES = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads items by key with BatchGetItem, 100 keys per call; unprocessed keys are asked again (with backoff).
 * @returns the items found, keyed `PK|SK` (missing keys are simply absent)
 * @throws Error when DynamoDB keeps keys unprocessed after 8 tries
 */
export async function batchGet(keys: readonly TableKey[]): Promise<Map<string, Record<string, unknown>>> {
  const table = config().tableName;
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < keys.length; i += 100) {
    let pending = keys.slice(i, i + 100);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= TRIES) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed after ${TRIES} tries`);
      if (attempt) await sleep(25 * 2 ** attempt);
      const res = await documentClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: [...pending] } } }));
      for (const item of res.Responses?.[table] ?? []) found.set(`${item[TABLE.partitionKey]}|${item[TABLE.sortKey]}`, item);
      pending = res.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return found;
}

/**
 * Sends one BatchWriteItem of at most 25 requests, sending unprocessed ones again with exponential backoff
 * (50 ms doubling) as DynamoDB asks.
 * @returns the BatchWriteItem calls made
 * @throws Error when DynamoDB keeps requests unprocessed after 8 tries (nothing is silently lost)
 */
export async function batchWrite(requests: readonly WriteRequest[]): Promise<number> {
  const table = config().tableName;
  let pending = [...requests];
  let calls = 0;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= TRIES) throw new Error(`DynamoDB left ${pending.length} writes unprocessed after ${TRIES} tries`);
    if (attempt) await sleep(50 * 2 ** (attempt - 1));
    calls++;
    const res = await documentClient().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
    pending = res.UnprocessedItems?.[table] ?? [];
  }
  return calls;
}
