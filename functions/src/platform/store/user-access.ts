import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ACCESS_CACHE_MS, type AccessStatus, TABLE, type UserAccess, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { readPartition } from './partition.js';

/**
 * Each account's access (docs/access.md): one item per ended or re-enabled account, `T#<campus>#user-access` / `<sub>`
 * with its `status`, `valid_after` (epoch seconds: a token issued before it is refused) and who changed it when. An
 * account with no item is active. The token check reads it on every signed-in request (one GetItem, remembered for
 * `ACCESS_CACHE_MS` per process), so a disabled account's tokens stop working within that time everywhere.
 */
type AccessItem = UserAccess & { valid_after: number };

const key = (campus: string, sub: string) => ({ [TABLE.partitionKey]: recordPk(campus, 'user-access'), [TABLE.sortKey]: sub });

const cache = new Map<string, { at: number; item: AccessItem | undefined }>();

/** Forgets what this process remembers of accounts' access (a test that ends access and checks at once). */
export function forgetUserAccess(): void {
  cache.clear();
}

const asItem = (i: Record<string, unknown>): AccessItem => ({
  status: textOf(i.status) as AccessStatus,
  valid_after: Number(i.valid_after) || 0,
  ...(i.changed_at ? { changed_at: textOf(i.changed_at) } : {}),
  ...(i.changed_by ? { changed_by: textOf(i.changed_by) } : {}),
});

/**
 * An account's access as the token check reads it, remembered `ACCESS_CACHE_MS` (ms) per process: undefined when it
 * was never changed (active). One GetItem when not remembered; `fresh` (a change of the access) reads the stored item
 * strongly consistent, never the remembered one.
 */
export async function accessOf(campus: string, sub: string, opts: { fresh?: boolean } = {}): Promise<AccessItem | undefined> {
  const k = `${campus}/${sub}`;
  const hit = cache.get(k);
  if (!opts.fresh && hit && Date.now() - hit.at < ACCESS_CACHE_MS) return hit.item;
  const res = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: key(campus, sub), ...(opts.fresh ? { ConsistentRead: true } : {}) }),
  );
  const item = res?.Item ? asItem(res.Item) : undefined;
  cache.set(k, { at: Date.now(), item });
  return item;
}

/**
 * Records an account's new status. Ending access (disabled, removed) moves `valid_after` past now, so every token issued
 * before it (or in the same second) is refused; enabling keeps it (the tokens of before the disabling stay refused; a new sign-in works).
 * One PutItem.
 * @returns what the user list shows
 */
export async function setAccess(campus: string, sub: string, status: AccessStatus, actor: string): Promise<UserAccess> {
  const now = new Date();
  const before = await accessOf(campus, sub, { fresh: true });
  const item: AccessItem = {
    status,
    // Tokens carry whole seconds: one issued in the second of the ending is refused too. It never moves back.
    valid_after:
      status === 'active' ? (before?.valid_after ?? 0) : Math.max(before?.valid_after ?? 0, Math.floor(now.getTime() / 1000) + 1),
    changed_at: now.toISOString(),
    changed_by: actor,
  };
  await documentClient().send(
    new PutCommand({ TableName: config().tableName, Item: { ...key(campus, sub), entityType: 'user-access', ...item } }),
  );
  cache.set(`${campus}/${sub}`, { at: Date.now(), item });
  return { status: item.status, changed_at: item.changed_at, changed_by: item.changed_by };
}

/** Every account of a campus whose access was ever changed: sub -> access. One Query (all pages). */
export async function campusAccess(campus: string): Promise<Map<string, UserAccess>> {
  const out = new Map<string, UserAccess>();
  for (const i of await readPartition(recordPk(campus, 'user-access'))) {
    const { valid_after: _v, ...access } = asItem(i);
    out.set(textOf(i[TABLE.sortKey]), access);
  }
  return out;
}
