import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type AuditChange, type AuditEntry, type CampusScope, MAX_AUDIT_CHANGES, TABLE, recordPk } from '@attain/shared-types';
import { v7 as uuidv7 } from 'uuid';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';

type TransactWriteItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Storage of the audit trail. One partition per campus and month, so no partition carries a campus's
 * whole history and a date filter reads only its months:
 * - `PK = T#<campus>#audit#<yyyy-mm>`, `SK = <at>#<id>` (newest last; a Query with `ScanIndexForward: false` lists
 *   newest first);
 * - GSI1 `T#<campus>#audit#record=<entity>#<record id>`: one record's history;
 * - GSI2 `T#<campus>#audit#user=<e-mail>`: one user's entries.
 * Entries are only ever Put with `attribute_not_exists(PK)`; no route updates or deletes them, and the cloud stack
 * denies UpdateItem/DeleteItem on audit partitions to every Lambda.
 */
export const auditPk = (campus: string, at: string) => recordPk(campus, `audit#${at.slice(0, 7)}`);
export const auditRecordPk = (campus: string, entity: string, recordId: string) => recordPk(campus, `audit#record=${entity}#${recordId}`);
export const auditUserPk = (campus: string, user: string) => recordPk(campus, `audit#user=${user.toLowerCase()}`);

/** What a writer says about a change; the store adds id, time and user. */
export type AuditEvent = Omit<AuditEntry, 'id' | 'at' | 'user'>;

/** Caps `changes` at `MAX_AUDIT_CHANGES`, counting the rest in `truncated`. */
function capped(changes: AuditChange[]): Pick<AuditEntry, 'changes' | 'truncated'> {
  if (changes.length <= MAX_AUDIT_CHANGES) return { changes };
  return { changes: changes.slice(0, MAX_AUDIT_CHANGES), truncated: changes.length - MAX_AUDIT_CHANGES };
}

/** The full entry for an event by the scope's actor, now. */
export function auditEntry(scope: CampusScope, event: AuditEvent): AuditEntry {
  return { ...event, ...capped(event.changes), id: uuidv7(), at: new Date().toISOString(), user: scope.actor };
}

/** The table item of an entry. */
export function auditItem(scope: CampusScope, entry: AuditEntry): Record<string, unknown> {
  const [g1, g2] = TABLE.globalSecondaryIndexes;
  const sk = `${entry.at}#${entry.id}`;
  return {
    [TABLE.partitionKey]: auditPk(scope.campus, entry.at),
    [TABLE.sortKey]: sk,
    entityType: 'audit',
    [g1.partitionKey]: auditRecordPk(scope.campus, entry.entity, entry.record_id),
    [g1.sortKey]: sk,
    [g2.partitionKey]: auditUserPk(scope.campus, entry.user),
    [g2.sortKey]: sk,
    ...entry,
  };
}

/** A TransactWriteItems Put of an audit entry, to write it in the same transaction as the change it records. */
export function auditPut(scope: CampusScope, event: AuditEvent): TransactWriteItem {
  return {
    Put: {
      TableName: config().tableName,
      Item: auditItem(scope, auditEntry(scope, event)),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Writes one audit entry on its own (one PutItem), for changes that are not a single transaction. */
export async function appendAudit(scope: CampusScope, event: AuditEvent): Promise<AuditEntry> {
  const entry = auditEntry(scope, event);
  await documentClient().send(
    new PutCommand({ TableName: config().tableName, Item: auditItem(scope, entry), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
  return entry;
}
