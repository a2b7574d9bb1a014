import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';

/**
 * Every item of one partition, in sort-key order (one Query per 1 MB page). For partitions read whole: an occasion's
 * marks, a mail's recipients, a campus's suppression list, the unfinished mail jobs, a survey's answers.
 * @param projection only these attributes (a `ProjectionExpression` of plain names), when given
 * @param opts `consistent`: a strongly consistent read; `newestFirst`: descending sort-key order
 */
export async function readPartition(
  pk: string,
  projection?: string,
  opts: { consistent?: boolean; newestFirst?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        TableName: config().tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':pk': pk },
        ...(projection ? { ProjectionExpression: projection } : {}),
        ...(opts.consistent ? { ConsistentRead: true } : {}),
        ...(opts.newestFirst ? { ScanIndexForward: false } : {}),
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}
