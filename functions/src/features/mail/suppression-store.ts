import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CampusScope,
  SUPPRESSION_AUDIT_KIND,
  type SuppressedAddress,
  type SuppressionReason,
  TABLE,
  suppressionPk,
} from '@attain/shared-types';
import { auditPut } from '../../platform/store/audit-store.js';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { readPartition } from '../../platform/store/partition.js';
import { assertWritable } from '../../platform/store/records.js';
import { withoutKeys } from './mail-items.js';

/**
 * A campus's suppression list (`PK = T#<campus>#suppression`, `SK = <address>`): addresses that bounced permanently
 * or complained. Later mail of the campus skips them and says so; an admin can see and clear the list.
 */

/** Puts an address on a campus's list (a later event of the same address replaces the entry). */
export async function suppressAddress(
  campus: string,
  address: string,
  reason: SuppressionReason,
  at: string,
  detail: string | undefined,
  mail: string,
): Promise<void> {
  const item: SuppressedAddress = { address, reason, at, ...(detail ? { detail } : {}), mail };
  await documentClient().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { [TABLE.partitionKey]: suppressionPk(campus), [TABLE.sortKey]: address, entityType: 'suppressed-address', ...item },
    }),
  );
}

/** The campus's whole list, by address (one Query per 1 MB page). */
export async function suppressedAddresses(scope: CampusScope): Promise<SuppressedAddress[]> {
  return (await readPartition(suppressionPk(scope.campus))).map((i) => withoutKeys<SuppressedAddress>(i));
}

/**
 * Takes an address off the campus's list (campus admins), with its audit entry (`mail-suppression`, the address and
 * why it was listed) in the same transaction.
 * @returns false when it was not on the list
 * @throws HttpError 403 through a read-only scope
 */
export async function clearSuppressedAddress(scope: CampusScope, address: string): Promise<boolean> {
  assertWritable(scope);
  const key = address.trim().toLowerCase();
  // A blank address is on no list (and DynamoDB takes no empty key).
  if (!key) return false;
  const listed = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: { [TABLE.partitionKey]: suppressionPk(scope.campus), [TABLE.sortKey]: key } }),
  );
  if (!listed.Item) return false;
  const was = withoutKeys<SuppressedAddress>(listed.Item);
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: config().tableName,
              Key: { [TABLE.partitionKey]: suppressionPk(scope.campus), [TABLE.sortKey]: key },
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
            },
          },
          auditPut(scope, {
            action: 'delete',
            entity: SUPPRESSION_AUDIT_KIND,
            record_id: key,
            record_label: key,
            changes: [
              { field: 'address', label: 'Address', old: key },
              { field: 'reason', label: 'Listed because', old: was.reason },
            ],
          }),
        ],
      }),
    );
  } catch (e) {
    // Taken off by another admin between the read and the write.
    if (e instanceof TransactionCanceledException && e.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw e;
  }
  return true;
}
