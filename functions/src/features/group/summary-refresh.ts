import { type CampusScope, todayInIndia } from '@attain/shared-types';
import { setTimeout as wait } from 'node:timers/promises';
import { type SummaryRefreshJob, claimSummaryRefresh } from '../../platform/store/campus-changes.js';
import { computeSummary } from './summary-compute.js';
import { SETTLE_MS, SUMMARY_VERSION, type SummaryRequest } from './summary-shapes.js';
import { putSummary, readSummaryPartition, summaryKey } from './summary-store.js';

/**
 * Summaries refreshed on write (`docs/decisions/0051-campus-summaries-refreshed-on-write.md`): a change of an input the
 * summaries count stamps the campus and queues one refresh (`noteCampusChange`); this runs it, in the campus summaries
 * Lambda in AWS (`lambdas/workers/campus-summaries.ts`, from the summaries queue) and in the local stack's process.
 */

/** Who a refresh's scope names: a computation that finds a course's results stale stores them as any reader would. */
export const REFRESH_ACTOR = 'campus summaries';

/** What one refresh did: the summaries it recomputed and stored, and how long it waited for the change to settle (ms). */
export interface RefreshOutcome {
  refreshed: string[];
  waitedMs: number;
}

/** The computation that a stored summary's sort key names, for `today` (ISO date, India). */
function requestOf(sk: string, scope: CampusScope, today: string): SummaryRequest | undefined {
  const key = summaryKey(sk);
  switch (key?.kind) {
    case 'programs':
      return { kind: 'programs', scope };
    case 'year':
      return { kind: 'year', scope, year: key.year, today };
    case 'month':
      return { kind: 'month', scope, current: key.year, today };
    case 'readiness':
      return { kind: 'readiness', scope, year: key.year };
    default:
      return undefined;
  }
}

/**
 * Refreshes every summary a campus has stored (the programs summary, and each year, month and SAR readiness summary
 * a reader has asked for): claims the refresh (`claimSummaryRefresh`: a change from then on queues the next one), waits
 * until `SETTLE_MS` after the last change (at most 2 s; the queue's delay has mostly passed it), then computes each by
 * the campus pages' services (`computeSummary`) and stores it with `computed_at` the time the computations started,
 * so each is current for every change stamped up to the claim. A campus with no stored summary (nobody has read its
 * roll-up or dashboard) costs the claim and one Query. DynamoDB calls: 2, plus each summary's computation and PutItem.
 * A month summary is computed for today's month.
 * @throws the first computation's error after the others are stored (the queue then delivers the job again)
 */
export async function refreshCampusSummaries(job: SummaryRefreshJob): Promise<RefreshOutcome> {
  const changedAt = await claimSummaryRefresh(job.campus);
  const waitedMs = changedAt ? Math.max(0, Date.parse(changedAt) + SETTLE_MS - Date.now()) : 0;
  if (waitedMs > 0) await wait(waitedMs);
  const computedAt = new Date().toISOString();
  const stored = await readSummaryPartition(job.campus);
  const scope: CampusScope = { campus: job.campus, actor: REFRESH_ACTOR, access: 'read-write' };
  const today = todayInIndia();
  const refreshed: string[] = [];
  const failures: unknown[] = [];
  // One after the other: a refresh is background work, and each computation already reads in parallel.
  for (const sk of stored.items.keys()) {
    const req = requestOf(sk, scope, today);
    if (!req) continue;
    try {
      const summary = await computeSummary(req);
      if (await putSummary(job.campus, sk, { summary, computed_at: computedAt, version: SUMMARY_VERSION })) refreshed.push(sk);
    } catch (e) {
      failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
  return { refreshed, waitedMs };
}
