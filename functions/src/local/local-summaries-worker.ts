import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { CHANGED_SK, requeueSummaryRefresh, setLocalSummariesRunner } from '../platform/store/campus-changes.js';
import { refreshCampusSummaries } from '../features/group/summary-refresh.js';
import { readSummaryPartition, summaryCurrent } from '../features/group/summary-store.js';
import { documentClient } from '../platform/lib/aws.js';
import { config } from '../platform/lib/config.js';
import { log, withLogScope } from '../platform/lib/log.js';
import { withMetrics } from '../platform/lib/request-metrics.js';

/** One refresh the local worker ran: its campus, the summaries it stored, its DynamoDB calls and its time (ms). */
export interface SummaryRefreshMeasure {
  campus: string;
  refreshed: number;
  calls: number;
  ms: number;
}

/**
 * Stands in for the summaries queue and the campus summaries Lambda on one machine: a campus's refresh runs in the
 * background once its delay has passed, as SQS would deliver it, never inside the request that queued it (nor in its
 * DynamoDB count or log scope: each refresh has its own `request_id` and the campus, as in the Lambda). Two refreshes
 * at a time, one per campus. A refresh that fails is tried again twice, then logged and left: the campus's stamp shows no refresh
 * under way once it is taken as dead, and the next read or change queues one. A
 * refresh that was waiting when the stack stopped (or was killed) is queued again at the next start
 * (`resumeSummaryRefreshes`).
 * @param observe told of each refresh that ended (the bench counts their calls)
 * @returns a function that stops taking refreshes, drops those still waiting for their delay and waits for the one running
 */
export function startLocalSummariesWorker(observe?: (r: SummaryRefreshMeasure) => void): () => Promise<void> {
  const waiting = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  // Two at a time: background work on a machine that also serves the pages, without a backlog behind one slow campus.
  const slots = pLimit(2);
  const byCampus = new Map<string, Promise<void>>();
  let stopped = false;
  // Refreshes run in the stack's own context, not the request's that queued them.
  const root = new AsyncResource('local-summaries-worker');
  const refresh = async (campus: string) => {
    // Up to 3 tries, as SQS delivers a failed message again; then the stamp shows the refresh dead once 3 minutes
    // have passed, and the next read queues it. Each try logs in its own scope (request id, campus), as an invocation.
    for (let attempt = 1; !stopped; attempt++) {
      const t0 = performance.now();
      const done = await withLogScope({ request_id: randomUUID(), campus }, async () => {
        try {
          const { result, metrics } = await withMetrics(() => refreshCampusSummaries({ campus }));
          const ms = performance.now() - t0;
          log.debug('campus summaries: refreshed', { ...result, calls: metrics.dynamoCalls, ms: Math.round(ms) });
          observe?.({ campus, refreshed: result.refreshed.length, calls: metrics.dynamoCalls, ms });
          return true;
        } catch (e) {
          if (attempt < 3) log.warn(`campus summaries: refresh of ${campus} failed (try ${attempt} of 3)`, { error: e });
          else log.error(`campus summaries: refresh of ${campus} stopped`, { error: e });
          return attempt >= 3;
        }
      });
      if (done) return;
    }
  };
  setLocalSummariesRunner((job, delayMs) => {
    if (stopped) return;
    const t = setTimeout(() => {
      waiting.delete(t);
      // One refresh of a campus at a time (two of the same campus would store its stale course results together).
      const before = byCampus.get(job.campus) ?? Promise.resolve();
      const run = root.runInAsyncScope(() => before.then(() => slots(() => refresh(job.campus))));
      byCampus.set(job.campus, run);
      void run.finally(() => {
        if (byCampus.get(job.campus) === run) byCampus.delete(job.campus);
      });
      running.add(run);
      void run.finally(() => running.delete(run));
    }, delayMs);
    waiting.add(t);
  });
  return async () => {
    stopped = true;
    setLocalSummariesRunner(undefined);
    for (const t of waiting) clearTimeout(t);
    waiting.clear();
    // Refreshes still waiting for a slot start, see `stopped` and end at once.
    await Promise.all(running);
  };
}

/**
 * Queues again, at the local stack's start, the refresh of every campus whose stamp shows one queued (its timer died
 * with the last stop, or kill -9) or that has a stored summary that is not current (a refresh cut short, or changes
 * stamped while no refresh ran: the seed). One Scan of the table's change stamps (local data only), one Query per
 * campus stamped.
 * @returns how many refreshes were queued
 */
export async function resumeSummaryRefreshes(): Promise<number> {
  let queued = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: config().tableName,
        FilterExpression: '#sk = :sk AND entityType = :e',
        ExpressionAttributeNames: { '#sk': TABLE.sortKey },
        ExpressionAttributeValues: { ':sk': CHANGED_SK, ':e': 'campus-summary' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const campus = /^T#(.+)#campus-summary$/.exec(String(item[TABLE.partitionKey]))?.[1];
      if (!campus) continue;
      const stored = await readSummaryPartition(campus);
      const stale = [...stored.items.values()].some((s) => !summaryCurrent(s, stored.changed_at));
      if ((stored.queued_at || stale) && (await requeueSummaryRefresh(campus, stored.queued_at))) queued++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return queued;
}
