import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';

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
