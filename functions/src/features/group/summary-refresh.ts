import { type CampusScope, shiftAcademicYear, todayInIndia } from '@attain/shared-types';
import { setTimeout as wait } from 'node:timers/promises';
import { campusCurrentYear } from '../structure/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { log } from '../../platform/lib/log.js';
import { type SummaryRefreshJob, claimSummaryRefresh, finishSummaryRefresh } from '../../platform/store/campus-changes.js';
import { computeSummary } from './summary-compute.js';
import { SETTLE_MS, SUMMARY_VERSION, type SummaryRequest } from './summary-shapes.js';
import { type SummaryKey, dropSummary, putSummary, readSummaryPartition, summaryCurrent, summaryKey } from './summary-store.js';

/**
 * Summaries refreshed on write (`docs/decisions/0051-campus-summaries-refreshed-on-write.md`): a change of an input the
 * summaries count stamps the campus and queues one refresh (`noteCampusChange`); this runs it, in the campus summaries
 * Lambda in AWS (`lambdas/workers/campus-summaries.ts`, from the summaries queue) and in the local stack's process.
 */

/** Who a refresh's scope names: a computation that finds a course's results stale stores them as any reader would. */
export const REFRESH_ACTOR = 'campus summaries';

/**
 * What one refresh did: the summaries it recomputed and stored and those it dropped (sort keys), and how long it
 * waited for the change to settle (ms).
 */
export interface RefreshOutcome {
  refreshed: string[];
  dropped: string[];
  waitedMs: number;
}

/** The computation a stored summary's sort key names (`summaryKey`), for `today` (ISO date, India). */
function requestOf(key: SummaryKey, scope: CampusScope, today: string): SummaryRequest {
  switch (key.kind) {
    case 'programs':
      return { kind: 'programs', scope };
    case 'year':
      return { kind: 'year', scope, year: key.year, today };
    case 'month':
      return { kind: 'month', scope, current: key.year, today };
    case 'readiness':
      return { kind: 'readiness', scope, year: key.year };
  }
}

/** The academic years whose stored summaries a refresh keeps current: CAY and the two before it (the SAR's window). */
const LIVE_YEARS = 3;

/**
 * Refreshes a campus's stored summaries after a change: claims the refresh (`claimSummaryRefresh`: a change from then
 * on queues the next one), waits until `SETTLE_MS` after the last change (at most 2 s; the queue's delay has mostly
 * passed it), then, by the campus pages' services (`computeSummary`), recomputes
 * - the programs summary;
 * - each year and SAR readiness summary of the campus's current academic year (CAY) or the two before it, and the
 *   month summary of the CAY (for today's month); a year or readiness summary already current for the claimed change
 *   (a retry, or a read that computed it meanwhile) is kept;
 * and stores each with `computed_at` the time the computations started, so each is current for every change stamped
 * up to the claim. Summaries of older years (or of a CAY that has moved on) are dropped instead: the next read that
 * asks for one computes it. A summary whose computation the campus's data refuses (a 4xx `HttpError`, e.g. a program
 * deleted meanwhile) is dropped and logged. Then the refresh is marked finished (`finishSummaryRefresh`). A campus with
 * no stored summary (nobody has read its roll-up or dashboard) costs the claim, one Query and the finish.
 * DynamoDB calls: 3 and the campus's registration (cached), plus each summary's computation and PutItem.
 * @returns the sort keys of the summaries stored and dropped, and how long it waited for the change to settle (ms)
 * @throws the first other computation's error after the rest are stored (the queue then delivers the job again)
 */
export async function refreshCampusSummaries(job: SummaryRefreshJob): Promise<RefreshOutcome> {
  const { changedAt, startedAt } = await claimSummaryRefresh(job.campus);
  const waitedMs = changedAt ? Math.max(0, Date.parse(changedAt) + SETTLE_MS - Date.now()) : 0;
  if (waitedMs > 0) await wait(waitedMs);
  const computedAt = new Date().toISOString();
  const stored = await readSummaryPartition(job.campus);
  const outcome: RefreshOutcome = { refreshed: [], dropped: [], waitedMs };
  if (!stored.items.size) {
    await finishSummaryRefresh(job.campus, startedAt);
    return outcome;
  }
  const scope: CampusScope = { campus: job.campus, actor: REFRESH_ACTOR, access: 'read-write' };
  const today = todayInIndia();
  const cay = await campusCurrentYear(scope, today);
  const live = new Set(Array.from({ length: LIVE_YEARS }, (_, i) => shiftAcademicYear(cay, -i)));
  const failures: unknown[] = [];
  // One after the other: a refresh is background work, and each computation already reads in parallel.
  for (const [sk, item] of stored.items) {
    const key = summaryKey(sk);
    if (!key) continue;
    const keep = key.kind === 'programs' || (key.kind === 'month' ? key.year === cay : live.has(key.year));
    if (!keep) {
      await dropSummary(job.campus, sk);
      outcome.dropped.push(sk);
      continue;
    }
    // A year's figures already current for this change (a retry, a read meanwhile) are kept; the programs and the
    // month summaries are always recomputed (a course may have been updating; the month may have turned).
    if ((key.kind === 'year' || key.kind === 'readiness') && summaryCurrent(item, changedAt)) continue;
    try {
      const summary = await computeSummary(requestOf(key, scope, today));
      if (await putSummary(job.campus, sk, { summary, computed_at: computedAt, version: SUMMARY_VERSION })) outcome.refreshed.push(sk);
    } catch (e) {
      if (e instanceof HttpError) {
        log.warn(`campus summaries: ${sk} of ${job.campus} was refused (${e.status}: ${e.detail}); dropped, the next read computes it`);
        await dropSummary(job.campus, sk);
        outcome.dropped.push(sk);
      } else failures.push(e);
    }
  }
  if (failures.length) throw failures[0];
  await finishSummaryRefresh(job.campus, startedAt);
  return outcome;
}
