import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { CHANGED_SK, type ChangeStamp, campusSummaryPk } from '../../platform/store/campus-changes.js';
import { readPartition } from '../../platform/store/partition.js';
import { SETTLE_MS, SUMMARY_VERSION } from './summary-shapes.js';

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

/**
 * A campus's summary partition as read: the change stamp (`platform/store/campus-changes.ts`: the last change's time,
 * none when nothing was stamped; when a refresh was queued and not yet started; when the last refresh started) and
 * every summary by sort key.
 */
export interface SummaryPartition extends ChangeStamp {
  items: Map<string, StoredSummary>;
}

/** The sort key of the programs summary. */
export const PROGRAMS_SK = 'summary#programs';
/** The sort key of one academic year's figures ("2025-26"). */
export const yearSk = (year: string) => `summary#year#${year}`;
/** The sort key of the month's figures of the current academic year `current`. */
export const monthSk = (current: string) => `summary#month#${current}`;
/** The sort key of the programs' SAR readiness for the report year `year`. */
export const readinessSk = (year: string) => `summary#readiness#${year}`;

/** What a stored summary's sort key names: its kind and, but for `programs`, its academic year. */
export type SummaryKey = { kind: 'programs' } | { kind: 'year' | 'month' | 'readiness'; year: string };

const YEAR_KINDS = ['year', 'month', 'readiness'] as const;

/** Reads a summary's sort key (`PROGRAMS_SK`, `yearSk`, `monthSk`, `readinessSk`); undefined for any other. */
export function summaryKey(sk: string): SummaryKey | undefined {
  if (sk === PROGRAMS_SK) return { kind: 'programs' };
  const m = /^summary#([a-z]+)#(\d{4}-\d{2})$/.exec(sk);
  const kind = YEAR_KINDS.find((k) => k === m?.[1]);
  return m && kind ? { kind, year: m[2] } : undefined;
}

/**
 * Whether a stored summary is current: of this `SUMMARY_VERSION`, and started `SETTLE_MS` or more after the last
 * change stamp (`changedAt`, ISO; none: never stamped).
 */
export const summaryCurrent = (item: Pick<StoredSummary, 'computed_at' | 'version'>, changedAt: string | undefined): boolean =>
  item.version === SUMMARY_VERSION && (!changedAt || Date.parse(item.computed_at) >= Date.parse(changedAt) + SETTLE_MS);

/** Reads a campus's summaries and its change stamp: one strongly consistent Query (per MB; a campus's is a few KB). */
export async function readSummaryPartition(campus: string): Promise<SummaryPartition> {
  const items = new Map<string, StoredSummary>();
  const out: SummaryPartition = { items };
  const time = (v: unknown) => (typeof v === 'string' ? v : undefined);
  for (const item of await readPartition(campusSummaryPk(campus), undefined, { consistent: true })) {
    const sk = item[TABLE.sortKey];
    if (sk === CHANGED_SK) {
      out.changed_at = time(item.changed_at);
      out.queued_at = time(item.queued_at);
      out.started_at = time(item.started_at);
      out.finished_at = time(item.finished_at);
    } else if (typeof sk === 'string' && typeof item.computed_at === 'string' && typeof item.version === 'string')
      items.set(sk, { summary: item.summary, computed_at: item.computed_at, version: item.version });
  }
  return out;
}

/**
 * Stores one summary of a campus under `sk`, unless the one there is of this `SUMMARY_VERSION` and was computed later
 * (a read and a refresh, or two refreshes, that overlap: the later computation is kept; during a deployment, the new
 * version's). One conditional PutItem.
 * @returns whether it was stored
 * @throws the DynamoDB error of the PutItem (not its condition)
 */
export async function putSummary(campus: string, sk: string, summary: StoredSummary): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: config().tableName,
        Item: { [TABLE.partitionKey]: campusSummaryPk(campus), [TABLE.sortKey]: sk, entityType: 'campus-summary', ...summary },
        ConditionExpression: 'attribute_not_exists(computed_at) OR computed_at <= :t OR version <> :v',
        ExpressionAttributeValues: { ':t': summary.computed_at, ':v': summary.version },
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) return false;
    throw e;
  }
}

/** Removes one summary of a campus (one DeleteItem): the next read that asks for it computes it. */
export async function dropSummary(campus: string, sk: string): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: config().tableName, Key: { [TABLE.partitionKey]: campusSummaryPk(campus), [TABLE.sortKey]: sk } }),
  );
}
