import { Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { arnWildcardFinding } from './nag.js';

/** The partition keys of the audit trail (`T#<campus>#audit#...`, see `functions/src/features/audit/audit-store.ts`). */
export const AUDIT_LEADING_KEYS = 'T#*#audit#*';

/**
 * The statement that keeps a Lambda from editing or deleting audit entries: UpdateItem, DeleteItem and
 * BatchWriteItem are denied on items whose partition key is an audit partition. Entries are only ever Put (new, with
 * `attribute_not_exists(PK)`), in a transaction with the change they record or alone.
 */
export function denyAuditEdits(table: dynamodb.ITableV2): iam.PolicyStatement {
  return new iam.PolicyStatement({
    effect: iam.Effect.DENY,
    actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
    resources: [table.tableArn],
    conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_LEADING_KEYS] } },
  });
}

/**
 * Gives a Lambda read/write data access to the one table and its indexes (nothing else), never an edit or delete of an
 * audit entry (`denyAuditEdits`), and acknowledges the one wildcard the grant adds (`<table arn>/index/*`) to cdk-nag.
 */
export function grantRecordsAccess(fn: lambda.IFunction, table: dynamodb.ITableV2): void {
  table.grantReadWriteData(fn);
  fn.addToRolePolicy(denyAuditEdits(table));
  Validations.of(fn).acknowledge({
    id: arnWildcardFinding(table, 'index/*'),
    reason: "The only table wildcard is `<table arn>/index/*`, which the grant adds so queries can use the table's own GSIs.",
  });
}
