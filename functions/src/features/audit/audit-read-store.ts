import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { AUDIT_ACTIONS, type AuditEntry, type CampusScope, type ListResponse, TABLE, isPlainObject, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { auditPk, auditRecordPk, auditUserPk } from '../../platform/store/audit-store.js';

/**
 * Reading the audit trail: a campus's entries by month partition (or one user's, GSI2) and one record's
 * history (GSI1), newest first, paged with an opaque cursor. Only Queries; nothing here writes.
 */

/** Entries per page by default, and at most. */
export const AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 200;
/** The longest date range a campus list walks (one Query per month at least). */
export const MAX_AUDIT_MONTHS = 120;

/** A checked campus-list query: dates `YYYY-MM-DD` (both ends included), optional user and entity filters. */
export interface AuditQuery {
  user?: string;
  entity?: string;
  from: string;
  to: string;
  cursor?: string;
  limit: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) =>
  DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** `YYYY-MM-DD` of a date. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Checks the campus list's query string: `from`/`to` are dates `YYYY-MM-DD` (default: the last 12 months up to
 * `today`), `from` not after `to`, at most `MAX_AUDIT_MONTHS` months; `limit` 1 to `MAX_AUDIT_PAGE_SIZE`; `user` an
 * e-mail (compared case-insensitively), `entity` a record type name.
 * @throws HttpError 400 naming each bad field
 */
export function parseAuditQuery(q: Readonly<Record<string, string | undefined>>, today = new Date()): AuditQuery {
  const fields: Record<string, string> = {};
  const to = q.to?.trim() || day(today);
  const yearAgo = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1));
  const from = q.from?.trim() || day(yearAgo);
  if (!isDate(from)) fields.from = 'Not a date (YYYY-MM-DD)';
  if (!isDate(to)) fields.to = 'Not a date (YYYY-MM-DD)';
  if (!fields.from && !fields.to) {
    if (from > to) fields.from = 'After the end date';
    else if (monthsBetween(from, to).length > MAX_AUDIT_MONTHS)
      fields.from = `More than ${MAX_AUDIT_MONTHS / 12} years before the end date`;
  }
  const limit = q.limit ? Number(q.limit) : AUDIT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE_SIZE)
    fields.limit = `A page holds 1 to ${MAX_AUDIT_PAGE_SIZE} entries`;
  const user = q.user?.trim().toLowerCase() || undefined;
  if (user && user.length > 320) fields.user = 'Too Long!';
  const entity = q.entity?.trim() || undefined;
  if (entity && (entity.length > 100 || !/^[a-z0-9-]+$/.test(entity))) fields.entity = 'Not a record type';
  if (Object.keys(fields).length) throw new HttpError(400, 'Please correct the marked filters', fields);
  return { user, entity, from, to, limit, cursor: q.cursor || q.next || undefined };
}

/** The months (`YYYY-MM`) from `to`'s back to `from`'s, newest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(to.slice(0, 4));
  let m = Number(to.slice(5, 7));
  const end = from.slice(0, 7);
  for (;;) {
    const ym = `${y}-${String(m).padStart(2, '0')}`;
    if (ym < end) break;
    out.push(ym);
    if (out.length > MAX_AUDIT_MONTHS) break;
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

/** The entry stored in a table item (keys and `entityType` dropped). */
function toEntry(item: Record<string, unknown>): AuditEntry {
  const action = AUDIT_ACTIONS.find((a) => a === item.action) ?? 'replace';
  return {
    id: textOf(item.id),
    at: textOf(item.at),
    user: textOf(item.user),
    action,
    entity: textOf(item.entity),
    record_id: textOf(item.record_id),
    ...(typeof item.record_label === 'string' ? { record_label: item.record_label } : {}),
    changes: Array.isArray(item.changes) ? (item.changes as AuditEntry['changes']) : [],
    ...(typeof item.truncated === 'number' ? { truncated: item.truncated } : {}),
    ...(typeof item.reason === 'string' ? { reason: item.reason } : {}),
  };
}

/** A cursor: the month partition being read (campus lists) and the key to start after. */
interface Cursor {
  m?: string;
  k?: Record<string, string>;
}

const badCursor = () => new HttpError(400, 'The list cursor is not valid', { next: 'Not valid' });

function encode(c: Cursor | undefined): string | null {
  return c ? Buffer.from(JSON.stringify(c)).toString('base64url') : null;
}

/**
 * Reads a cursor back, accepting only the key shape of the Query it continues (`names`), every value a short string.
 * @throws HttpError 400
 */
function decode(cursor: string, names: readonly string[]): Cursor {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!isPlainObject(v)) throw badCursor();
  const { m, k, ...rest } = v;
  if (Object.keys(rest).length || (m !== undefined && (typeof m !== 'string' || !/^\d{4}-\d{2}$/.test(m)))) throw badCursor();
  const month = typeof m === 'string' ? m : undefined;
  if (k === undefined) return { m: month };
  if (!isPlainObject(k) || Object.keys(k).length !== names.length) throw badCursor();
  const key: Record<string, string> = {};
  for (const n of names) {
    const part = k[n];
    if (typeof part !== 'string' || part.length > 600) throw badCursor();
    key[n] = part;
  }
  return { m: month, k: key };
}

/** The key names of a Query's `LastEvaluatedKey` on the table or an index. */
function keyNames(indexName?: string): string[] {
  const g = TABLE.globalSecondaryIndexes.find((x) => x.indexName === indexName);
  return [TABLE.partitionKey, TABLE.sortKey, ...(g ? [g.partitionKey, g.sortKey] : [])];
}

/**
 * Reads up to `want` entries of one Query, newest first, page after page (a filter may drop rows).
 * @returns the entries and, when there may be more, the key to start after
 */
async function collect(
  input: QueryCommandInput,
  start: Record<string, string> | undefined,
  want: number,
): Promise<{ items: AuditEntry[]; next?: Record<string, string> }> {
  const names = keyNames(input.IndexName);
  const keyOf = (i: Record<string, unknown>) => Object.fromEntries(names.map((n) => [n, textOf(i[n])]));
  const items: AuditEntry[] = [];
  let last: Record<string, unknown> | undefined;
  let from: Record<string, unknown> | undefined = start;
  do {
    const res = await documentClient().send(
      new QueryCommand({ ...input, ScanIndexForward: false, ExclusiveStartKey: from, Limit: Math.max(want, 25) }),
    );
    for (const i of res.Items ?? []) {
      if (items.length === want) return { items, next: last ? keyOf(last) : undefined };
      items.push(toEntry(i));
      last = i;
    }
    from = res.LastEvaluatedKey;
  } while (from && items.length < want);
  return { items, next: from && last ? keyOf(last) : undefined };
}

/** Key bounds of a date range on an `<at>#<id>` sort key (both days included). */
const skBetween = (from: string, to: string) => ({ ':lo': from, ':hi': `${to}T99` });

/**
 * The campus's audit entries in a date range, newest first: one user's through GSI2, else month partition by month
 * from `to` back to `from`; `entity` filters inside the Query. One page of at most `limit` entries.
 * @throws HttpError 400 for a bad cursor
 */
export async function campusAudit(scope: CampusScope, q: AuditQuery): Promise<ListResponse<AuditEntry>> {
  const filter: { FilterExpression?: string; names: Record<string, string>; values: Record<string, unknown> } = q.entity
    ? { FilterExpression: '#entity = :entity', names: { '#entity': 'entity' }, values: { ':entity': q.entity } }
    : { names: {}, values: {} };
  if (q.user) {
    const g = TABLE.globalSecondaryIndexes[1];
    const pk = auditUserPk(scope.campus, q.user);
    const cur = q.cursor ? decode(q.cursor, keyNames(g.indexName)) : undefined;
    if (cur && (cur.m !== undefined || !cur.k || cur.k[g.partitionKey] !== pk)) throw badCursor();
    const page = await collect(
      {
        TableName: config().tableName,
        IndexName: g.indexName,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        FilterExpression: filter.FilterExpression,
        ExpressionAttributeNames: { '#pk': g.partitionKey, '#sk': g.sortKey, ...filter.names },
        ExpressionAttributeValues: { ':pk': pk, ...skBetween(q.from, q.to), ...filter.values },
      },
      cur?.k,
      q.limit,
    );
    return { data: page.items, next: encode(page.next ? { k: page.next } : undefined) };
  }
  const months = monthsBetween(q.from, q.to);
  const cur = q.cursor ? decode(q.cursor, keyNames()) : undefined;
  let at = 0;
  if (cur) {
    at = months.indexOf(cur.m ?? '');
    if (at < 0 || (cur.k && cur.k[TABLE.partitionKey] !== auditPk(scope.campus, `${cur.m}-01`))) throw badCursor();
  }
  const data: AuditEntry[] = [];
  let start = cur?.k;
  for (; at < months.length; at++) {
    const page = await collect(
      {
        TableName: config().tableName,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
        FilterExpression: filter.FilterExpression,
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#sk': TABLE.sortKey, ...filter.names },
        ExpressionAttributeValues: { ':pk': auditPk(scope.campus, `${months[at]}-01`), ...skBetween(q.from, q.to), ...filter.values },
      },
      start,
      q.limit - data.length,
    );
    data.push(...page.items);
    start = undefined;
    if (page.next) return { data, next: encode({ m: months[at], k: page.next }) };
    if (data.length === q.limit) return { data, next: at + 1 < months.length ? encode({ m: months[at + 1] }) : null };
  }
  return { data, next: null };
}

/**
 * One record's (or document's, or occasion's marks') audit entries, newest first, through GSI1: at most `limit`
 * (default `MAX_AUDIT_PAGE_SIZE`) from `cursor`.
 * @throws HttpError 400 for a bad cursor
 */
export async function recordHistory(
  scope: CampusScope,
  entity: string,
  recordId: string,
  cursor?: string,
  limit = MAX_AUDIT_PAGE_SIZE,
): Promise<ListResponse<AuditEntry>> {
  const g = TABLE.globalSecondaryIndexes[0];
  const pk = auditRecordPk(scope.campus, entity, recordId);
  const cur = cursor ? decode(cursor, keyNames(g.indexName)) : undefined;
  if (cur && (cur.m !== undefined || !cur.k || cur.k[g.partitionKey] !== pk)) throw badCursor();
  const page = await collect(
    {
      TableName: config().tableName,
      IndexName: g.indexName,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': g.partitionKey },
      ExpressionAttributeValues: { ':pk': pk },
    },
    cur?.k,
    limit,
  );
  return { data: page.items, next: encode(page.next ? { k: page.next } : undefined) };
}
