import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import {
  type Caller,
  type EntityDef,
  type EntityRecord,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  SYSTEM_FIELDS,
  TABLE,
  indexPk,
  indexSk,
  indexSkPrefix,
  recordPk,
  uniquePk,
  uniqueSk,
} from '@attain/shared-types';
import { v7 as uuidv7 } from 'uuid';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { HttpError, notFound } from '../lib/errors.js';

/** One item of a document-client transaction. */
type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A page of records and the cursor of the next page (null on the last). */
export interface Page {
  data: EntityRecord[];
  next: string | null;
}

const table = () => config().tableName;
const keyOf = (caller: Caller, def: EntityDef, id: string) => ({
  [TABLE.partitionKey]: recordPk(caller.tenant, def.name),
  [TABLE.sortKey]: id,
});

/** Projects a stored item onto the entity's fields plus the system fields (drops keys and stray attributes). */
function toRecord(def: EntityDef, item: Record<string, unknown>): EntityRecord {
  const out: Record<string, unknown> = {};
  for (const k of SYSTEM_FIELDS) out[k] = item[k];
  for (const fd of def.fields) if (item[fd.name] !== undefined) out[fd.name] = item[fd.name];
  return out as EntityRecord;
}

/**
 * The secondary-index attributes of a record: for each declared index whose field has a value,
 * `GSInPK`/`GSInSK`; the names of the index attributes that must be removed because the field is empty.
 */
function indexAttributes(caller: Caller, def: EntityDef, rec: Record<string, unknown>) {
  const set: Record<string, string> = {};
  const remove: string[] = [];
  (def.indexes ?? []).forEach((ix, i) => {
    const g = TABLE.globalSecondaryIndexes[i];
    const v = rec[ix.field];
    if (v === undefined || v === null || v === '') remove.push(g.partitionKey, g.sortKey);
    else {
      set[g.partitionKey] = indexPk(caller.tenant, def.name, ix.field, v);
      set[g.sortKey] = indexSk(ix.sortBy ? rec[ix.sortBy] : '', String(rec.id));
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
function planQuery(caller: Caller, def: EntityDef, filters: Record<string, unknown>) {
  const ixs = (def.indexes ?? []).map((ix, i) => ({ ix, g: TABLE.globalSecondaryIndexes[i] }));
  const usable = ixs.filter(({ ix }) => filters[ix.field] !== undefined);
  const best = usable.find(({ ix }) => ix.sortBy && filters[ix.sortBy] !== undefined) ?? usable[0];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const rest = { ...filters };
  let keyCondition: string;
  if (best) {
    names['#pk'] = best.g.partitionKey;
    values[':pk'] = indexPk(caller.tenant, def.name, best.ix.field, filters[best.ix.field]);
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
    values[':pk'] = recordPk(caller.tenant, def.name);
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

function decodeCursor(caller: Caller, def: EntityDef, cursor: string, plan: ReturnType<typeof planQuery>): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // A cursor can only continue a list of the caller's own campus and entity, on the same index partition.
    const onIndex = plan.IndexName ? key?.[plan.ExpressionAttributeNames['#pk']] === plan.ExpressionAttributeValues[':pk'] : true;
    if (onIndex && key?.[TABLE.partitionKey] === recordPk(caller.tenant, def.name) && typeof key[TABLE.sortKey] === 'string') return key;
  } catch {
    /* fall through */
  }
  throw new HttpError(400, 'The list cursor is not valid', { next: 'Not valid' });
}

/**
 * Lists a campus's records of one entity, one DynamoDB Query per page of at most `limit` (default `PAGE_SIZE`,
 * at most `MAX_PAGE_SIZE`). `filters` are exact matches on the entity's declared filter fields; a filter on an
 * indexed field reads only matching rows (see `planQuery`), others are applied inside the same Query.
 * Unfiltered lists are oldest first; index lists are ordered by the index's sort field. Singletons list their one record.
 * @throws HttpError 400 for an unknown filter, a bad limit or a bad cursor.
 */
export async function listRecords(
  caller: Caller,
  def: EntityDef,
  filters: Record<string, string>,
  cursor?: string,
  limit: number = PAGE_SIZE,
): Promise<Page> {
  if (def.singleton) {
    const one = await findRecord(caller, def, caller.tenant);
    return { data: one ? [one] : [], next: null };
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw new HttpError(400, `A page holds 1 to ${MAX_PAGE_SIZE} rows`, { limit: 'Not valid' });
  const typed: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (!def.filters?.includes(k)) throw new HttpError(400, `${def.label} lists cannot be filtered by ${k}`, { [k]: 'Unknown filter' });
    if (v !== '') typed[k] = filterValue(def, k, v);
  }
  const plan = planQuery(caller, def, typed);
  const res = await documentClient().send(
    new QueryCommand({ TableName: table(), ...plan, Limit: limit, ExclusiveStartKey: cursor ? decodeCursor(caller, def, cursor, plan) : undefined }),
  );
  return { data: (res.Items ?? []).map((i) => toRecord(def, i)), next: encodeCursor(res.LastEvaluatedKey) };
}

/**
 * Every record of `def` whose `field` equals `value`, up to `max` (all pages read as needed). Used for
 * reference checks and cascades; uses the field's index when it has one.
 */
export async function queryByField(caller: Caller, def: EntityDef, field: string, value: string, max = Number.POSITIVE_INFINITY): Promise<EntityRecord[]> {
  const plan = planQuery(caller, def, { [field]: value });
  const out: EntityRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new QueryCommand({ TableName: table(), ...plan, ExclusiveStartKey: start, Limit: plan.FilterExpression ? undefined : Math.min(MAX_PAGE_SIZE, max) }),
    );
    out.push(...(res.Items ?? []).map((i) => toRecord(def, i)));
    start = res.LastEvaluatedKey;
  } while (start && out.length < max);
  return out.slice(0, max);
}

/** Reads one record; `undefined` when it does not exist in the caller's campus. One GetItem. */
export async function findRecord(caller: Caller, def: EntityDef, id: string): Promise<EntityRecord | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: table(), Key: keyOf(caller, def, id) }));
  return res.Item ? toRecord(def, res.Item) : undefined;
}

/** Reads one record. @throws HttpError 404 when it is missing or belongs to another campus. */
export async function getRecord(caller: Caller, def: EntityDef, id: string): Promise<EntityRecord> {
  const r = await findRecord(caller, def, id);
  if (!r) throw notFound(def.label);
  return r;
}

function guardPut(caller: Caller, def: EntityDef, field: string, value: unknown, id: string): TransactWriteItem {
  return {
    Put: {
      TableName: table(),
      Item: { PK: uniquePk(caller.tenant), SK: uniqueSk(def.name, field, value), entityType: 'unique-guard', owner: id },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}
function guardDelete(caller: Caller, def: EntityDef, field: string, value: unknown): TransactWriteItem {
  return { Delete: { TableName: table(), Key: { PK: uniquePk(caller.tenant), SK: uniqueSk(def.name, field, value) } } };
}

/**
 * Maps a cancelled transaction (item 0: the record; items 1..n: the guards of `guardFields`) onto 409: the record's
 * own condition failing means it already exists (create) or was changed meanwhile (replace); a guard failing
 * names the unique field that is taken.
 */
function conflictFromCancel(def: EntityDef, e: TransactionCanceledException, guardFields: string[], op: 'create' | 'replace'): HttpError {
  const reasons = e.CancellationReasons ?? [];
  if (reasons[0]?.Code === 'ConditionalCheckFailed') {
    return op === 'create'
      ? new HttpError(409, `The ${def.label.toLowerCase()} already exists`)
      : new HttpError(409, `This ${def.label.toLowerCase()} was changed by someone else; reload it and try again`);
  }
  for (let i = 0; i < guardFields.length; i++) {
    if (reasons[i + 1]?.Code === 'ConditionalCheckFailed') {
      const f = guardFields[i];
      const label = def.fields.find((x) => x.name === f)?.label ?? f;
      return new HttpError(409, `Another ${def.label.toLowerCase()} already has this ${label.toLowerCase()}`, { [f]: 'Already in use' });
    }
  }
  return new HttpError(409, 'The record could not be saved because it conflicts with another change; try again');
}

/**
 * Creates a record with `version` 1 and audit fields from the caller. Unique fields are claimed in the same
 * transaction, so two concurrent creates with one short name cannot both succeed.
 * @throws HttpError 409 when a unique value is taken or a singleton already exists.
 */
export async function createRecord(caller: Caller, def: EntityDef, data: Record<string, unknown>): Promise<EntityRecord> {
  const now = new Date().toISOString();
  const id = def.singleton ? caller.tenant : uuidv7();
  const record = { ...data, id, version: 1, created_by: caller.user, created_at: now, updated_by: caller.user, updated_at: now };
  const item = { ...keyOf(caller, def, id), entityType: def.name, ...record, ...indexAttributes(caller, def, record).set };
  const guards = (def.unique ?? []).filter((f) => data[f] !== undefined);
  try {
    if (guards.length === 0) {
      await documentClient().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
    } else {
      await documentClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(PK)' } },
            ...guards.map((f) => guardPut(caller, def, f, data[f], id)),
          ],
        }),
      );
    }
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) throw new HttpError(409, `The ${def.label.toLowerCase()} already exists`);
    if (e instanceof TransactionCanceledException) throw conflictFromCancel(def, e, guards, 'create');
    throw e;
  }
  return toRecord(def, item);
}

/** UpdateItem parts that replace every entity field: SET present values, REMOVE absent ones, bump version. */
function replaceExpression(def: EntityDef, caller: Caller, id: string, data: Record<string, unknown>, version: number) {
  const names: Record<string, string> = { '#version': 'version', '#ub': 'updated_by', '#ua': 'updated_at' };
  const values: Record<string, unknown> = { ':v': version, ':next': version + 1, ':ub': caller.user, ':ua': new Date().toISOString() };
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
  const ix = indexAttributes(caller, def, { ...data, id });
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

/**
 * Replaces a record's fields if its stored `version` still equals `version` (optimistic locking).
 * Entities without unique fields: one UpdateItem. With unique fields: a read, then one transaction that moves
 * the guards.
 * @throws HttpError 404 when missing (or another campus's), 409 when stale or a unique value is taken.
 */
export async function replaceRecord(
  caller: Caller,
  def: EntityDef,
  id: string,
  version: number,
  data: Record<string, unknown>,
): Promise<EntityRecord> {
  const expr = replaceExpression(def, caller, id, data, version);
  const unique = def.unique ?? [];
  if (unique.length === 0) {
    try {
      const res = await documentClient().send(
        new UpdateCommand({ TableName: table(), Key: keyOf(caller, def, id), ...expr, ReturnValues: 'ALL_NEW', ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      );
      return toRecord(def, res.Attributes ?? {});
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) {
        const exists = e.Item ? true : Boolean(await findRecord(caller, def, id));
        if (!exists) throw notFound(def.label);
        throw new HttpError(409, `This ${def.label.toLowerCase()} was changed by someone else; reload it and try again`);
      }
      throw e;
    }
  }
  const old = await getRecord(caller, def, id);
  if (old.version !== version) throw new HttpError(409, `This ${def.label.toLowerCase()} was changed by someone else; reload it and try again`);
  const moved = unique.filter((f) => uniqueSk(def.name, f, old[f] ?? '') !== uniqueSk(def.name, f, data[f] ?? '') || (old[f] === undefined) !== (data[f] === undefined));
  const items: TransactWriteItem[] = [
    { Update: { TableName: table(), Key: keyOf(caller, def, id), ...expr } },
  ];
  const claimed = moved.filter((f) => data[f] !== undefined);
  for (const f of claimed) items.push(guardPut(caller, def, f, data[f], id));
  for (const f of moved) if (old[f] !== undefined) items.push(guardDelete(caller, def, f, old[f]));
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (e instanceof TransactionCanceledException) throw conflictFromCancel(def, e, claimed, 'replace');
    throw e;
  }
  return getRecord(caller, def, id);
}

/**
 * Deletes a record (and its unique guards).
 * @throws HttpError 404 when missing or another campus's.
 */
export async function deleteRecord(caller: Caller, def: EntityDef, id: string): Promise<void> {
  const unique = def.unique ?? [];
  if (unique.length === 0) {
    try {
      await documentClient().send(new DeleteCommand({ TableName: table(), Key: keyOf(caller, def, id), ConditionExpression: 'attribute_exists(PK)' }));
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) throw notFound(def.label);
      throw e;
    }
    return;
  }
  const old = await getRecord(caller, def, id);
  const items: TransactWriteItem[] = [
    { Delete: { TableName: table(), Key: keyOf(caller, def, id), ConditionExpression: 'attribute_exists(PK)' } },
    ...unique.filter((f) => old[f] !== undefined).map((f) => guardDelete(caller, def, f, old[f])),
  ];
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (e instanceof TransactionCanceledException) throw notFound(def.label);
    throw e;
  }
}

/**
 * Changes some fields of a record, creating it if it does not exist yet (used for a user's own profile, whose id
 * is the Cognito `sub`). `null` removes a field. When `version` is given, a stale one gets 409.
 * `extra` holds server-set fields (e.g. the profile's e-mail from the token). One UpdateItem.
 */
export async function patchRecord(
  caller: Caller,
  def: EntityDef,
  id: string,
  data: Record<string, unknown>,
  version?: number,
  extra: Record<string, unknown> = {},
): Promise<EntityRecord> {
  const names: Record<string, string> = { '#version': 'version', '#ub': 'updated_by', '#ua': 'updated_at', '#cb': 'created_by', '#ca': 'created_at', '#id': 'id', '#et': 'entityType' };
  const now = new Date().toISOString();
  const values: Record<string, unknown> = { ':one': 1, ':zero': 0, ':ub': caller.user, ':ua': now, ':id': id, ':et': def.name };
  const set = ['#version = if_not_exists(#version, :zero) + :one', '#ub = :ub', '#ua = :ua', '#cb = if_not_exists(#cb, :ub)', '#ca = if_not_exists(#ca, :ua)', '#id = :id', '#et = :et'];
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
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: keyOf(caller, def, id),
        UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: version !== undefined ? '#version = :v' : undefined,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(def, res.Attributes ?? {});
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) throw new HttpError(409, `This ${def.label.toLowerCase()} was changed elsewhere; reload it and try again`);
    throw e;
  }
}
