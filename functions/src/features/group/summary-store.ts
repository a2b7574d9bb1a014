import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { CHANGED_SK, campusSummaryPk } from '../../platform/store/campus-changes.js';
import { readPartition } from '../../platform/store/partition.js';

/**
 * Storage of a campus's summaries (`docs/decisions/0039-campus-summaries.md`), in the campus's summary partition
 * `PK = T#<campus>#campus-summary` beside its change stamp (`platform/store/campus-changes.ts`):
 * - `SK = summary#programs`, `summary#year#<academic year>`, `summary#month#<CAY>`,
 *   `summary#readiness#<academic year>`: `summary` (the figures, see `summary-shapes.ts`), `computed_at` (ISO-8601
 *   UTC, when its computation started) and `version` (the figures' shape and the attainment engine they were computed
 *   with).
 */
export interface StoredSummary {
  summary: unknown;
  computed_at: string;
  version: string;
}

/** A campus's summary partition as read: the change stamp's time (none when nothing was stamped) and every summary by sort key. */
export interface SummaryPartition {
  changed_at?: string;
  items: Map<string, StoredSummary>;
}

/** Reads a campus's summaries and its change stamp: one strongly consistent Query (per MB; a campus's is a few KB). */
export async function readSummaryPartition(campus: string): Promise<SummaryPartition> {
  const items = new Map<string, StoredSummary>();
  let changedAt: string | undefined;
  for (const item of await readPartition(campusSummaryPk(campus), undefined, { consistent: true })) {
    const sk = item[TABLE.sortKey];
    if (sk === CHANGED_SK && typeof item.changed_at === 'string') changedAt = item.changed_at;
    else if (typeof sk === 'string' && typeof item.computed_at === 'string' && typeof item.version === 'string')
      items.set(sk, { summary: item.summary, computed_at: item.computed_at, version: item.version });
  }
  return { changed_at: changedAt, items };
}

/** Stores one summary of a campus, replacing the one under `sk` (one PutItem). */
export async function putSummary(campus: string, sk: string, summary: StoredSummary): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { [TABLE.partitionKey]: campusSummaryPk(campus), [TABLE.sortKey]: sk, entityType: 'campus-summary', ...summary },
    }),
  );
}
