import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  type CampusScope,
  type DataOf,
  type EntityDef,
  type EntityRecord,
  type RecordOf,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  RECORD_ID,
  SYSTEM_FIELDS,
  TABLE,
  indexPk,
  indexSk,
  indexSkPrefix,
  recordPk,
  uniqueFields,
  uniqueKey,
  uniquePk,
  uniqueSk,
  textOf,
} from '@attain/shared-types';
import { v7 as uuidv7 } from 'uuid';
import { recordChanges, recordLabel } from './audit-changes.js';
import { auditPut } from './audit-store.js';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { HttpError, notFound } from '../lib/errors.js';
import { batchGet } from './batch.js';
import { SUMMARY_RECORDS, noteCampusChange } from './campus-changes.js';

/**
 * Stamps the campus's group summaries stale after a write of a record type they count (`SUMMARY_RECORDS`): one
 * UpdateItem; none for other types.
 */
const summaryInputChanged = async (scope: CampusScope, def: EntityDef) => {
  if (SUMMARY_RECORDS.has(def.name)) await noteCampusChange(scope.campus);
};

/** One item of a document-client transaction. */
type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A page of records and the cursor of the next page (null on the last). */
export interface Page<R = EntityRecord> {
  data: R[];
  next: string | null;
}

/** Most ids one `?ids=` list may name (one BatchGetItem). */
export const MAX_IDS = 100;

const table = () => config().tableName;
const keyOf = (scope: CampusScope, def: EntityDef, id: string) => ({
  [TABLE.partitionKey]: recordPk(scope.campus, def.name),
  [TABLE.sortKey]: id,
});

/** Refuses a write through a read-only scope (a group administrator reading a campus). @throws HttpError 403 */
export function assertWritable(scope: CampusScope): void {
  if (scope.access !== 'read-write') throw new HttpError(403, 'This campus is open to you for reading only');
}

/**
 * Projects a stored item onto the entity's fields plus the system fields (drops keys and stray attributes).
 * The one place where a stored item becomes a typed record: items are only ever written from validated bodies.
 */
export function toRecord<D extends EntityDef>(def: D, item: Record<string, unknown>): RecordOf<D> {
  const out: Record<string, unknown> = {};
  for (const k of SYSTEM_FIELDS) out[k] = item[k];
  for (const fd of def.fields) if (item[fd.name] !== undefined) out[fd.name] = item[fd.name];
  return out as RecordOf<D>;
}

/**
 * The secondary-index attributes of a record: for each declared index whose field has a value,
 * `GSInPK`/`GSInSK`; the names of the index attributes that must be removed because the field is empty.
 */
function indexAttributes(scope: CampusScope, def: EntityDef, rec: Record<string, unknown>) {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  (def.indexes ?? []).forEach((ix, i) => {
    const g = TABLE.globalSecondaryIndexes[i];
    const v = rec[ix.field];
    if (v === undefined || v === null || v === '') remove.push(g.partitionKey, g.sortKey);
    else {
      set[g.partitionKey] = indexPk(scope.campus, def.name, ix.field, v);
      set[g.sortKey] = indexSk(ix.sortBy ? rec[ix.sortBy] : '', textOf(rec.id));
    }
  });
  return { set, remove };
}

/** Converts a query-string filter value to the field's stored type. */
function filterValue(def: EntityDef, field: string, v: string): unknown {
  const fd = def.fields.find((x) => x.name === field);
  if (fd?.kind === 'int' || fd?.kind === 'number' || (fd?.kind === 'enum' && typeof fd.choices?.[0] === 'number')) return Number(v);
  if (fd?.kind === 'boolean') return v === 'true';
  return v;
}

/**
 * Picks the Query for a filtered list: the declared index whose field is filtered (preferring one whose sort
 * field is filtered too, which narrows by sort-key prefix), else the campus partition of the entity.
 * @returns the key condition parts and the filters left for a FilterExpression.
 */
function planQuery(scope: CampusScope, def: EntityDef, filters: Record<string, unknown>) {
  const ixs = (def.indexes ?? []).map((ix, i) => ({ ix, g: TABLE.globalSecondaryIndexes[i] }));
  const usable = ixs.filter(({ ix }) => filters[ix.field] !== undefined);
  const best = usable.find(({ ix }) => ix.sortBy && filters[ix.sortBy] !== undefined) ?? usable[0];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const rest = { ...filters };
  let keyCondition: string;
  if (best) {
    names['#pk'] = best.g.partitionKey;
    values[':pk'] = indexPk(scope.campus, def.name, best.ix.field, filters[best.ix.field]);
    delete rest[best.ix.field];
    keyCondition = '#pk = :pk';
    if (best.ix.sortBy && filters[best.ix.sortBy] !== undefined) {
      names['#sk'] = best.g.sortKey;
      values[':sk'] = indexSkPrefix(filters[best.ix.sortBy]);
      delete rest[best.ix.sortBy];
      keyCondition += ' AND begins_with(#sk, :sk)';
    }
  } else {
    names['#pk'] = TABLE.partitionKey;
    values[':pk'] = recordPk(scope.campus, def.name);
    keyCondition = '#pk = :pk';
  }
  const conditions = Object.entries(rest).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  return {
    IndexName: best?.g.indexName,
    KeyConditionExpression: keyCondition,
    FilterExpression: conditions.length ? conditions.join(' AND ') : undefined,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

/**
 * Reads a list cursor back into DynamoDB's `ExclusiveStartKey`, accepting only the exact key shape the list's own
 * Query returns: the record keys (`PK`, `SK`) and, on an index, that index's two keys, every one a string of at most
 * `MAX_KEY_CHARS`, the partition keys equal to this list's. Anything else (extra, missing or mistyped keys, another
 * campus, entity or index partition) is a 400, never a DynamoDB error.
 * @throws HttpError 400
 */
function decodeCursor(scope: CampusScope, def: EntityDef, cursor: string, plan: ReturnType<typeof planQuery>): Record<string, unknown> {
  const bad = () => new HttpError(400, 'The list cursor is not valid', { next: 'Not valid' });
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw bad();
  const k = key as Record<string, unknown>;
  const index = TABLE.globalSecondaryIndexes.find((g) => g.indexName === plan.IndexName);
  const expected = [TABLE.partitionKey, TABLE.sortKey, ...(index ? [index.partitionKey, index.sortKey] : [])];
  const names = Object.keys(k);
  if (names.length !== expected.length || !expected.every((n) => typeof k[n] === 'string' && (k[n] as string).length <= MAX_KEY_CHARS))
    throw bad();
  if (k[TABLE.partitionKey] !== recordPk(scope.campus, def.name)) throw bad();
  if (index && k[index.partitionKey] !== plan.ExpressionAttributeValues[':pk']) throw bad();
  return k;
}

/** Longest text used inside a key (DynamoDB allows 1,024 bytes in a sort key; filters and cursors stay well below). */
export const MAX_KEY_CHARS = 400;

/** Refuses an over-long value that would become part of a DynamoDB key. @throws HttpError 400 */
function assertKeyValue(field: string, v: string): void {
  if (v.length > MAX_KEY_CHARS) throw new HttpError(400, `The ${field} given is too long`, { [field]: 'Too Long!' });
}

/**
 * Lists a campus's records of one entity, one DynamoDB Query per page of at most `limit` (default `PAGE_SIZE`,
 * at most `MAX_PAGE_SIZE`). `filters` are exact matches on the entity's declared filter fields; a filter on an
 * indexed field reads only matching rows (see `planQuery`), others are applied inside the same Query.
 * Unfiltered lists are oldest first; index lists are ordered by the index's sort field. Singletons list their one record.
 * @throws HttpError 400 for an unknown filter, a bad limit or a bad cursor.
 */
export async function listRecords<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  filters: Record<string, string>,
  cursor?: string,
  limit: number = PAGE_SIZE,
): Promise<Page<RecordOf<D>>> {
  if (def.singleton) {
    const one = await findRecord(scope, def, scope.campus);
    return { data: one ? [one] : [], next: null };
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
    throw new HttpError(400, `A page holds 1 to ${MAX_PAGE_SIZE} rows`, { limit: 'Not valid' });
  const typed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (!def.filters?.includes(k)) throw new HttpError(400, `${def.label} lists cannot be filtered by ${k}`, { [k]: 'Unknown filter' });
    assertKeyValue(k, v);
    if (v !== '') typed[k] = filterValue(def, k, v);
  }
  const plan = planQuery(scope, def, typed);
  const res = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      ...plan,
      Limit: limit,
      ExclusiveStartKey: cursor ? decodeCursor(scope, def, cursor, plan) : undefined,
    }),
  );
  return { data: (res.Items ?? []).map((i) => toRecord(def, i)), next: encodeCursor(res.LastEvaluatedKey) };
}

/**
 * Every record of `def` whose `field` equals `value`, up to `max` (all pages read as needed). Used for
 * reference checks and cascades; uses the field's index when it has one.
 */
export async function queryByField<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  field: string,
  value: string,
  max = Number.POSITIVE_INFINITY,
): Promise<RecordOf<D>[]> {
  const plan = planQuery(scope, def, { [field]: value });
  const out: RecordOf<D>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        ...plan,
        ExclusiveStartKey: start,
        Limit: plan.FilterExpression ? undefined : Math.min(MAX_PAGE_SIZE, max),
      }),
    );
    out.push(...(res.Items ?? []).map((i) => toRecord(def, i)));
    start = res.LastEvaluatedKey;
  } while (start && out.length < max);
  return out.slice(0, max);
}

/**
 * The records of `def` with the given ids in the scope's campus, in the order asked; unknown ids (or another
 * campus's) are simply absent. One BatchGetItem (unprocessed keys retried). Used by `?ids=` lists, which
 * tables use to show the references on one page.
 * @throws HttpError 400 for more than `MAX_IDS` ids
 */
export async function recordsByIds<D extends EntityDef>(scope: CampusScope, def: D, ids: readonly string[]): Promise<RecordOf<D>[]> {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_IDS) throw new HttpError(400, `A list names at most ${MAX_IDS} ids`, { ids: 'Too Long!' });
  if (unique.length === 0) return [];
  const found = await batchGet(unique.map((id) => keyOf(scope, def, id)));
  const pk = recordPk(scope.campus, def.name);
  return unique.flatMap((id) => {
    const item = found.get(`${pk}|${id}`);
    return item ? [toRecord(def, item)] : [];
  });
}

/**
 * The id of the record that holds a unique value (`entry` as declared in the entity's `unique`), or `undefined`.
 * One GetItem on the guard item: e.g. the department whose short name is `CSE`.
 */
export async function uniqueOwner(
  scope: CampusScope,
  def: EntityDef,
  entry: string | readonly string[],
  values: Readonly<Record<string, unknown>>,
): Promise<string | undefined> {
  const k = uniqueKey(entry, values);
  if (!k) return undefined;
  assertKeyValue(k.name, k.value);
  const res = await documentClient().send(
    new GetCommand({ TableName: table(), Key: { PK: uniquePk(scope.campus), SK: uniqueSk(def.name, k.name, k.value) } }),
  );
  return typeof res.Item?.owner === 'string' ? res.Item.owner : undefined;
}

/** Reads one record; `undefined` when it does not exist in the caller's campus. One GetItem. */
export async function findRecord<D extends EntityDef>(scope: CampusScope, def: D, id: string): Promise<RecordOf<D> | undefined> {
  // Whatever does not look like a record id (from a path, a query or a body) names no record: no DynamoDB call.
  if (!RECORD_ID.test(id)) return undefined;
  const res = await documentClient().send(new GetCommand({ TableName: table(), Key: keyOf(scope, def, id) }));
  return res.Item ? toRecord(def, res.Item) : undefined;
}

/** Reads one record. @throws HttpError 404 when it is missing or belongs to another campus. */
export async function getRecord<D extends EntityDef>(scope: CampusScope, def: D, id: string): Promise<RecordOf<D>> {
  const r = await findRecord(scope, def, id);
  if (!r) throw notFound(def.label);
  return r;
}

/** One claimed unique value of a record: the `unique` entry's fields, its guard name and value. */
interface Guard {
  fields: readonly string[];
  name: string;
  value: string;
}

/** The guards a record claims: one per `unique` entry whose every part has a value. */
function guardsOf(def: EntityDef, rec: Readonly<Record<string, unknown>>): Guard[] {
  return (def.unique ?? []).flatMap((entry) => {
    const k = uniqueKey(entry, rec);
    return k ? [{ fields: uniqueFields(entry), ...k }] : [];
  });
}

function guardPut(scope: CampusScope, def: EntityDef, g: Guard, id: string): TransactWriteItem {
  return {
    Put: {
      TableName: table(),
      Item: { PK: uniquePk(scope.campus), SK: uniqueSk(def.name, g.name, g.value), entityType: 'unique-guard', owner: id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
function guardDelete(scope: CampusScope, def: EntityDef, g: Guard): TransactWriteItem {
  return { Delete: { TableName: table(), Key: { PK: uniquePk(scope.campus), SK: uniqueSk(def.name, g.name, g.value) } } };
}

/**
 * The 409 for a unique value that is taken, naming the field people type (the last of a compound key:
 * "Another student already has this roll number in this curriculum").
 */
function takenError(def: EntityDef, g: Guard): HttpError {
  const own = g.fields[g.fields.length - 1];
  const label = (f: string) => (def.fields.find((x) => x.name === f)?.label ?? f).toLowerCase();
  const within = g.fields.slice(0, -1).map(label);
  return new HttpError(
    409,
    `Another ${def.label.toLowerCase()} already has this ${label(own)}${within.length ? ` in this ${within.join(' and ')}` : ''}`,
    {
      [own]: 'Already exists',
    },
  );
}

/**
 * Maps a cancelled transaction (item 0: the record; items 1..n: the guards claimed) onto 409: the record's
 * own condition failing means it already exists (create) or was changed meanwhile (replace); a guard failing
 * names the unique value that is taken.
 */
function conflictFromCancel(def: EntityDef, e: TransactionCanceledException, claimed: Guard[], op: 'create' | 'replace'): HttpError {
  const reasons = e.CancellationReasons ?? [];
  if (reasons[0]?.Code === 'ConditionalCheckFailed') {
    return op === 'create'
      ? new HttpError(409, `The ${def.label.toLowerCase()} already exists`)
      : new HttpError(409, `This ${def.label.toLowerCase()} was changed by someone else; reload it and try again`);
  }
  for (let i = 0; i < claimed.length; i++) if (reasons[i + 1]?.Code === 'ConditionalCheckFailed') return takenError(def, claimed[i]);
  return new HttpError(409, 'The record could not be saved because it conflicts with another change; try again');
}

/**
 * A new record's item (version 1, audit fields from the scope's actor, index attributes) and the writes that store
 * it: the conditional put first, then one conditional put per unique guard it claims, then its audit entry (action
 * `create`, every field given as a new value). Shared by `createRecord` and `createRecords`.
 */
function newItem(scope: CampusScope, def: EntityDef, data: Record<string, unknown>, now: string) {
  const id = def.singleton ? scope.campus : uuidv7();
  const record = { ...data, id, version: 1, created_by: scope.actor, created_at: now, updated_by: scope.actor, updated_at: now };
  const item = { ...keyOf(scope, def, id), entityType: def.name, ...record, ...indexAttributes(scope, def, record).set };
  const guards = guardsOf(def, record);
  const items: TransactWriteItem[] = [
    { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
    ...guards.map((g) => guardPut(scope, def, g, id)),
    recordAudit(scope, def, 'create', id, undefined, record),
  ];
  return { item, guards, items };
}

/**
 * The audit Put of a record's create, replace or delete, written in the same transaction as the change:
 * the fields whose value differs between `old` and `next`, and the record's readable name.
 */
function recordAudit(
  scope: CampusScope,
  def: EntityDef,
  action: 'create' | 'replace' | 'delete',
  id: string,
  old: Readonly<Record<string, unknown>> | undefined,
  next: Readonly<Record<string, unknown>> | undefined,
): TransactWriteItem {
  const label = recordLabel(next) ?? recordLabel(old);
  return auditPut(scope, {
    action,
    entity: def.name,
    record_id: id,
    ...(label ? { record_label: label } : {}),
    changes: recordChanges(def, old, next),
  });
}

/**
 * Creates a record with `version` 1 and audit fields from the scope's actor. Unique values (single or compound)
 * are claimed in the same transaction, so two concurrent creates with one short name cannot both succeed; the audit
 * entry goes in that transaction too (one TransactWriteItems).
 * @throws HttpError 409 when a unique value is taken or a singleton already exists; 403 for a read-only scope.
 */
export async function createRecord<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  data: DataOf<D> | Record<string, unknown>,
): Promise<RecordOf<D>> {
  assertWritable(scope);
  const { item, guards, items } = newItem(scope, def, data, new Date().toISOString());
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) throw new HttpError(409, `The ${def.label.toLowerCase()} already exists`);
    if (e instanceof TransactionCanceledException) throw conflictFromCancel(def, e, guards, 'create');
    throw e;
  }
  await summaryInputChanged(scope, def);
  return toRecord(def, item);
}

/** Items one DynamoDB transaction may hold. */
const MAX_TRANSACTION_ITEMS = 100;

/**
 * Creates many records (a file's new rows) with the same rules as `createRecord`, in as few transactions as fit:
 * each record, its unique guards and its audit entry go into one TransactWriteItems of at most 100 items (33 students
 * with their roll-number guard and audit entry), so a 10,000-row roster is 304 transactions, not 10,000. A taken unique value cancels its
 * transaction only (earlier ones are kept) and is named.
 * @returns the created records, in the order given
 * @throws HttpError 409 naming the first record whose unique value is taken; 403 for a read-only scope
 */
export async function createRecords<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  rows: readonly (DataOf<D> | Record<string, unknown>)[],
  parallel = 4,
): Promise<RecordOf<D>[]> {
  assertWritable(scope);
  const now = new Date().toISOString();
  const prepared = rows.map((data) => newItem(scope, def, data, now));
  const chunks: (typeof prepared)[] = [];
  let current: typeof prepared = [];
  let size = 0;
  for (const p of prepared) {
    if (size + p.items.length > MAX_TRANSACTION_ITEMS) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(p);
    size += p.items.length;
  }
  if (current.length) chunks.push(current);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: chunk.flatMap((p) => p.items) }));
      } catch (e) {
        if (!(e instanceof TransactionCanceledException)) throw e;
        // Find the record whose item (or guard) failed its condition and name it.
        const reasons = e.CancellationReasons ?? [];
        let at = 0;
        for (const p of chunk) {
          const mine = reasons.slice(at, at + p.items.length);
          at += p.items.length;
          if (mine.some((r) => r.Code === 'ConditionalCheckFailed')) {
            throw conflictFromCancel(def, { ...e, CancellationReasons: mine } as TransactionCanceledException, p.guards, 'create');
          }
        }
        throw new HttpError(409, 'The records could not be saved because they conflict with another change; try again');
      }
    }
  };
  // Every worker is waited for (the others keep writing when one fails), so the stamp comes after the last write.
  const done = await Promise.allSettled(Array.from({ length: Math.min(parallel, chunks.length) }, worker));
  if (chunks.length) await summaryInputChanged(scope, def);
  const failed = done.find((d) => d.status === 'rejected');
  if (failed) throw failed.reason;
  return prepared.map((p) => toRecord(def, p.item));
}

/** UpdateItem parts that replace every entity field: SET present values, REMOVE absent ones, bump version. */
function replaceExpression(def: EntityDef, scope: CampusScope, id: string, data: Record<string, unknown>, version: number, now: string) {
  const names: Record<string, string> = { '#version': 'version', '#ub': 'updated_by', '#ua': 'updated_at' };
  const values: Record<string, unknown> = { ':v': version, ':next': version + 1, ':ub': scope.actor, ':ua': now };
  const set = ['#version = :next', '#ub = :ub', '#ua = :ua'];
  const remove: string[] = [];
  def.fields.forEach((fd, i) => {
    if (fd.readOnly) return;
    names[`#a${i}`] = fd.name;
    if (data[fd.name] === undefined || data[fd.name] === null) remove.push(`#a${i}`);
    else {
      values[`:a${i}`] = data[fd.name];
      set.push(`#a${i} = :a${i}`);
    }
  });
  const ix = indexAttributes(scope, def, { ...data, id });
  Object.entries(ix.set).forEach(([k, v], i) => {
    names[`#x${i}`] = k;
    values[`:x${i}`] = v;
    set.push(`#x${i} = :x${i}`);
  });
  ix.remove.forEach((k, i) => {
    names[`#r${i}`] = k;
    remove.push(`#r${i}`);
  });
  return {
    UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
    ConditionExpression: 'attribute_exists(PK) AND #version = :v',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

const staleError = (def: EntityDef) =>
  new HttpError(409, `This ${def.label.toLowerCase()} was changed by someone else; reload it and try again`);

/**
 * The record `replaceRecord` stores: the old one with every writable field replaced from `data` (absent or null:
 * removed), read-only fields kept, the version bumped and the update stamped.
 */
function replaced(def: EntityDef, old: Record<string, unknown>, data: Record<string, unknown>, scope: CampusScope, now: string) {
  const next: Record<string, unknown> = { ...old, version: Number(old.version) + 1, updated_by: scope.actor, updated_at: now };
  for (const fd of def.fields) {
    if (fd.readOnly) continue;
    if (data[fd.name] === undefined || data[fd.name] === null) delete next[fd.name];
    else next[fd.name] = data[fd.name];
  }
  return next;
}

/**
 * The writes that replace a stored record `old` by `data` (as `replaceRecord`): the update conditional on its version,
 * the unique guards claimed and released, and its audit entry. Shared by `replaceRecord` and `writeRecordsTogether`.
 */
function replaceItems(scope: CampusScope, def: EntityDef, old: EntityRecord, data: Record<string, unknown>, now: string) {
  const next = replaced(def, old, data, scope, now);
  const before = guardsOf(def, old);
  const after = guardsOf(def, data);
  const sk = (g: Guard) => uniqueSk(def.name, g.name, g.value);
  const claimed = after.filter((g) => !before.some((b) => sk(b) === sk(g)));
  const released = before.filter((b) => !after.some((g) => sk(g) === sk(b)));
  const items: TransactWriteItem[] = [
    { Update: { TableName: table(), Key: keyOf(scope, def, old.id), ...replaceExpression(def, scope, old.id, data, old.version, now) } },
    ...claimed.map((g) => guardPut(scope, def, g, old.id)),
    ...released.map((g) => guardDelete(scope, def, g)),
    recordAudit(scope, def, 'replace', old.id, old, next),
  ];
  return { next, claimed, items };
}

/** The writes that delete a stored record (as `deleteRecord`): the delete, its unique guards and its audit entry. */
function deleteItems(scope: CampusScope, def: EntityDef, stored: EntityRecord): TransactWriteItem[] {
  return [
    { Delete: { TableName: table(), Key: keyOf(scope, def, stored.id), ConditionExpression: 'attribute_exists(PK)' } },
    ...guardsOf(def, stored).map((g) => guardDelete(scope, def, g)),
    recordAudit(scope, def, 'delete', stored.id, stored, undefined),
  ];
}

/**
 * Replaces and deletes several records of one kind all together or not at all (one TransactWriteItems, at most 100
 * items: each record's write, its unique guards and its audit entry), e.g. a program's 12 POs renumbered to 11.
 * Each replaced record is given as read (`old`, whose version must still be stored) with its new fields (`data`).
 * @throws HttpError 409 when any record changed since it was read (nothing is written), 400 when the change needs more
 *   than one transaction holds; 403 for a read-only scope
 */
export async function writeRecordsTogether<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  change: { replace: readonly { old: RecordOf<D>; data: DataOf<D> | Record<string, unknown> }[]; remove: readonly RecordOf<D>[] },
): Promise<void> {
  assertWritable(scope);
  const now = new Date().toISOString();
  const items = [
    ...change.replace.flatMap((r) => replaceItems(scope, def, r.old, r.data, now).items),
    ...change.remove.flatMap((r) => deleteItems(scope, def, r)),
  ];
  if (!items.length) return;
  if (items.length > MAX_TRANSACTION_ITEMS)
    throw new HttpError(400, `This change writes ${items.length} items; at most ${MAX_TRANSACTION_ITEMS} can be written together`);
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (e instanceof TransactionCanceledException) throw staleError(def);
    throw e;
  }
  await summaryInputChanged(scope, def);
}

/**
 * Replaces a record's fields if its stored `version` still equals `version` (optimistic locking). A read of the
 * stored record, then one transaction: the conditional update, the unique guards whose value changed (a compound
 * key moves when any of its parts does) and the audit entry with each changed field's old and new value.
 * @throws HttpError 404 when missing (or another campus's), 409 when stale or a unique value is taken, 403 for a
 * read-only scope.
 */
export async function replaceRecord<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  id: string,
  version: number,
  data: DataOf<D> | Record<string, unknown>,
): Promise<RecordOf<D>> {
  assertWritable(scope);
  const now = new Date().toISOString();
  const old = await getRecord(scope, def, id);
  if (old.version !== version) throw staleError(def);
  const { next, claimed, items } = replaceItems(scope, def, old, data, now);
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (e instanceof TransactionCanceledException) {
      // Deleted since it was read: 404, as for a missing record.
      if (e.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed' && !(await findRecord(scope, def, id))) throw notFound(def.label);
      throw conflictFromCancel(def, e, claimed, 'replace');
    }
    throw e;
  }
  await summaryInputChanged(scope, def);
  return toRecord(def, next);
}

/**
 * Deletes a record, its unique guards and writes its audit entry (every field's last value as old) in one
 * transaction. `old` is the stored record when the caller has just read it (else it is read here).
 * @throws HttpError 404 when missing or another campus's; 403 for a read-only scope.
 */
export async function deleteRecord(scope: CampusScope, def: EntityDef, id: string, old?: EntityRecord): Promise<void> {
  assertWritable(scope);
  const stored = old ?? (await getRecord(scope, def, id));
  const items = deleteItems(scope, def, { ...stored, id });
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException || e instanceof TransactionCanceledException) throw notFound(def.label);
    throw e;
  }
  await summaryInputChanged(scope, def);
}

/**
 * Changes some fields of a record, creating it if it does not exist yet (used for a user's own profile, whose id
 * is the Cognito `sub`). `null` removes a field. When `version` is given, a stale one gets 409.
 * `extra` holds server-set fields (e.g. the profile's e-mail from the token). A read of the stored record (for the
 * audit entry's old values), then one transaction: the UpdateItem and the audit entry (`create` or `replace`).
 */
export async function patchRecord<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  id: string,
  data: Record<string, unknown>,
  version?: number,
  extra: Record<string, unknown> = {},
): Promise<RecordOf<D>> {
  assertWritable(scope);
  const names: Record<string, string> = {
    '#version': 'version',
    '#ub': 'updated_by',
    '#ua': 'updated_at',
    '#cb': 'created_by',
    '#ca': 'created_at',
    '#id': 'id',
    '#et': 'entityType',
  };
  const now = new Date().toISOString();
  const values: Record<string, unknown> = { ':one': 1, ':zero': 0, ':ub': scope.actor, ':ua': now, ':id': id, ':et': def.name };
  const set = [
    '#version = if_not_exists(#version, :zero) + :one',
    '#ub = :ub',
    '#ua = :ua',
    '#cb = if_not_exists(#cb, :ub)',
    '#ca = if_not_exists(#ca, :ua)',
    '#id = :id',
    '#et = :et',
  ];
  const remove: string[] = [];
  Object.entries({ ...data, ...extra }).forEach(([k, v], i) => {
    names[`#a${i}`] = k;
    if (v === null || v === undefined) remove.push(`#a${i}`);
    else {
      values[`:a${i}`] = v;
      set.push(`#a${i} = :a${i}`);
    }
  });
  if (version !== undefined) values[':v'] = version;
  const old = await findRecord(scope, def, id);
  const next: Record<string, unknown> = {
    ...old,
    id,
    version: (old?.version ?? 0) + 1,
    created_by: old?.created_by ?? scope.actor,
    created_at: old?.created_at ?? now,
    updated_by: scope.actor,
    updated_at: now,
  };
  for (const [k, v] of Object.entries({ ...data, ...extra })) {
    if (v === null || v === undefined) delete next[k];
    else next[k] = v;
  }
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: keyOf(scope, def, id),
              UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
              ConditionExpression: version !== undefined ? '#version = :v' : undefined,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          recordAudit(scope, def, old ? 'replace' : 'create', id, old, next),
        ],
      }),
    );
    await summaryInputChanged(scope, def);
    return toRecord(def, next);
  } catch (e) {
    const stale = e instanceof TransactionCanceledException && e.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed';
    if (stale || e instanceof ConditionalCheckFailedException)
      throw new HttpError(409, `This ${def.label.toLowerCase()} was changed elsewhere; reload it and try again`);
    throw e;
  }
}
