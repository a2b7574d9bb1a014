import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CampusScope } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { mailsPk } from '../mail/index.js';
import { objectOrEmpty } from '@attain/shared-types';

/** The first 13 characters of a UUIDv7 made at `ms` (its 48-bit millisecond time, hex, with the first hyphen). */
const idPrefix = (ms: number) => {
  const h = Math.max(0, ms).toString(16).padStart(12, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}`;
};

/**
 * Recipients of the campus's mails sent from `from` to `to` (ISO dates, both days included, UTC) and how many of
 * them bounced (Send Mail's per-status counts). Mail ids are UUIDv7, so the days are a key range of the campus's mail
 * partition: one Query per MB, reading only the counts.
 */
export async function mailsBetween(scope: CampusScope, from: string, to: string): Promise<{ recipients: number; bounced: number }> {
  const lo = idPrefix(Date.parse(`${from}T00:00:00Z`));
  const hi = `${idPrefix(Date.parse(`${to}T00:00:00Z`) + 24 * 3600 * 1000 - 1)}~`;
  let recipients = 0;
  let bounced = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':pk': mailsPk(scope), ':lo': lo, ':hi': hi },
        ExpressionAttributeNames: { '#t': 'total', '#c': 'counts' },
        ProjectionExpression: '#t, #c',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      recipients += typeof item.total === 'number' ? item.total : 0;
      const counts = objectOrEmpty(item.counts);
      bounced += typeof counts.bounced === 'number' ? counts.bounced : 0;
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return { recipients, bounced };
}
