import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_CACHE_MS, type ApiKey, type ApiKeyScope, TABLE, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { readPartition } from './partition.js';

/**
 * A campus's API keys (decision 0062), two items each, written together: `APIKEY#<client id>` / `api-key`, which the
 * token check reads to learn a key's campus, scopes, last day and whether it was revoked (an access token names only
 * its client), and `T#<campus>#api-key` / `<client id>`, which the campus's list reads. The secret is never stored:
 * Cognito keeps it and Attain shows it once.
 */
export type StoredApiKey = Omit<ApiKey, 'status'> & {
  campus: string;
  /** Its Cognito app client was deleted (revoked, or seen expired). */
  client_deleted?: boolean;
};

const lookupKey = (id: string) => ({ [TABLE.partitionKey]: `APIKEY#${id}`, [TABLE.sortKey]: 'api-key' });
const listKey = (campus: string, id: string) => ({ [TABLE.partitionKey]: recordPk(campus, 'api-key'), [TABLE.sortKey]: id });

const asKey = (i: Record<string, unknown>): StoredApiKey => ({
  campus: textOf(i.campus),
  id: textOf(i.id),
  name: textOf(i.name),
  scopes: (Array.isArray(i.scopes) ? i.scopes : []).map(textOf) as ApiKeyScope[],
  expires_on: textOf(i.expires_on),
  created_by: textOf(i.created_by),
  created_at: textOf(i.created_at),
  ...(i.revoked_at ? { revoked_at: textOf(i.revoked_at), revoked_by: textOf(i.revoked_by) } : {}),
  ...(i.client_deleted ? { client_deleted: true } : {}),
});

const cache = new Map<string, { at: number; key: StoredApiKey | undefined }>();

/** Forgets what this process remembers of keys (a test that revokes a key and checks at once). */
export function forgetApiKeys(): void {
  cache.clear();
}

/** What a client id looks like (Cognito's: letters and digits); anything else names no key. */
const CLIENT_ID = /^[\w-]{1,128}$/;

/**
 * The key of a client id as the token check reads it, remembered `ACCESS_CACHE_MS` (ms) per process, as an account's
 * access is: a revoked key's tokens stop working within that time in every Lambda (at once in the process that
 * revoked it). One strongly consistent GetItem when not remembered; a client that is no key is not remembered, so a
 * key used the moment it is made is found. Undefined for a client that is no key, or an id no client has.
 */
export async function apiKeyOf(id: string, opts: { fresh?: boolean } = {}): Promise<StoredApiKey | undefined> {
  if (!CLIENT_ID.test(id)) return undefined;
  const hit = cache.get(id);
  if (!opts.fresh && hit && Date.now() - hit.at < ACCESS_CACHE_MS) return hit.key;
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: lookupKey(id), ConsistentRead: true }));
  const key = res?.Item ? asKey(res.Item) : undefined;
  if (key) cache.set(id, { at: Date.now(), key });
  return key;
}

/** Writes a key's two items in one transaction (a new key, or a revoked one). */
export async function putApiKey(key: StoredApiKey): Promise<void> {
  const TableName = config().tableName;
  const item = { entityType: 'api-key', ...key };
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName, Item: { ...lookupKey(key.id), ...item } } },
        { Put: { TableName, Item: { ...listKey(key.campus, key.id), ...item } } },
      ],
    }),
  );
  cache.set(key.id, { at: Date.now(), key });
}

/** A campus's keys, newest first. One Query (all pages). */
export async function campusApiKeys(campus: string): Promise<StoredApiKey[]> {
  return (await readPartition(recordPk(campus, 'api-key'))).map(asKey).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/**
 * Where a key stands on `today` (ISO day, the campus's calendar): revoked, expired (past its last day) or active.
 */
export function keyStatus(key: StoredApiKey, today: string): ApiKey['status'] {
  if (key.revoked_at) return 'revoked';
  return key.expires_on < today ? 'expired' : 'active';
}
