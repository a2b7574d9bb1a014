import type { CampusScope } from '@attain/shared-types';
import type * as z from 'zod/mini';
import {
  type MonthSummary,
  type ProgramsSummary,
  type ReadinessSummary,
  SUMMARY_VERSION,
  type YearSummary,
  monthSchema,
  programsSchema,
  readinessSchema,
  yearSchema,
} from './summary-shapes.js';
import { summaryFor } from './summary-computer.js';
import {
  PROGRAMS_SK,
  type SummaryPartition,
  monthSk,
  putSummary,
  readSummaryPartition,
  readinessSk,
  summaryCurrent,
  yearSk,
} from './summary-store.js';
import { refreshUnderway, requeueSummaryRefresh, summaryRefreshesRun } from '../../platform/store/campus-changes.js';
import { log } from '../../platform/lib/log.js';

/**
 * Reading a campus's summaries (`summary-shapes.ts`, `docs/decisions/0039-campus-summaries.md`): the roll-up
 * (`rollup.ts`) and the dashboard (`dashboard-figures.ts`) only read and add them. Summaries are refreshed on write: a
 * change stamps the campus and queues a refresh (`noteCampusChange`), which the campus summaries Lambda runs a few
 * seconds later (`summary-refresh.ts`). So a read serves what is stored, one Query per campus, and says which campuses
 * are being brought up to date (`updating`). A read computes a summary (`summaryFor`: by the campus summaries Lambda
 * in AWS, in-process locally) only when none of its kind is stored yet (a year or month first asked for), or where no
 * refresh runs (a script).
 */

/** A campus's summaries as read: its scope, its stored partition and its programs summary. */
export interface CampusSummaries {
  scope: CampusScope;
  stored: SummaryPartition;
  programs: ProgramsSummary;
  /** Some summary served was not current (a change since, a course's results being recomputed): a refresh is under way. */
  updating: boolean;
}

/** A campus being read: its summaries as read so far, and whether this read already queued its refresh. */
type Reading = Pick<CampusSummaries, 'scope' | 'stored' | 'updating'> & { requeued?: boolean };

/**
 * How long a programs summary that shows courses being recomputed is served before a read has the campus refreshed
 * (ms): the courses' own job stamps the campus when it ends, so only a job that died needs this.
 */
const UPDATING_RECHECK_MS = 60_000;

/**
 * How a kind of summary is read: `schema` checks what is stored; `stale` says a stored one is current but no longer
 * says what the page must show (a month summary of last month), `pending` that it shows work still under way (a
 * programs summary with courses being recomputed); `compute` computes one (`summaryFor`).
 */
interface SummaryKind<T> {
  schema: z.ZodMiniType<T>;
  compute: () => Promise<T>;
  stale?: (t: T) => boolean;
  pending?: (t: T) => boolean;
}

/**
 * The summary stored under `sk` when it is of `k.schema`: served even when not current (a change since, `k.stale`,
 * `k.pending`), with the campus marked `updating`; a refresh is queued then only when none is under way
 * (`refreshUntilCurrent`; for `k.pending`, only past `UPDATING_RECHECK_MS`). Otherwise (none stored, or refreshes do
 * not run here) it is computed, stored (one PutItem) and returned; one computed before the last change had settled
 * marks the campus updating too. `computed_at` is when the computation started, so a change made while it ran still
 * counts as newer.
 */
async function storedOr<T>(c: Reading, sk: string, k: SummaryKind<T>): Promise<T> {
  const item = c.stored.items.get(sk);
  const parsed = item ? k.schema.safeParse(item.summary) : undefined;
  if (item && parsed?.success && summaryRefreshesRun()) {
    const pending = k.pending?.(parsed.data) ?? false;
    if (!summaryCurrent(item, c.stored.changed_at) || k.stale?.(parsed.data)) {
      c.updating = true;
      await refreshUntilCurrent(c);
    } else if (pending) {
      c.updating = true;
      if (Date.now() - Date.parse(item.computed_at) > UPDATING_RECHECK_MS) await refreshUntilCurrent(c);
    }
    return parsed.data;
  }
  if (item && parsed?.success && summaryCurrent(item, c.stored.changed_at) && !k.stale?.(parsed.data) && !k.pending?.(parsed.data))
    return parsed.data;
  const computedAt = new Date().toISOString();
  const summary = await k.compute();
  const stored = { summary, computed_at: computedAt, version: SUMMARY_VERSION };
  await putSummary(c.scope.campus, sk, stored);
  c.stored.items.set(sk, stored);
  if (summaryRefreshesRun() && !summaryCurrent(stored, c.stored.changed_at)) {
    c.updating = true;
    await refreshUntilCurrent(c);
  }
  return summary;
}

/**
 * Has a stale campus refreshed: nothing when a refresh is under way (`refreshUnderway`), else one is queued (one
 * conditional UpdateItem and one SQS message, once per read). A failure is logged, not thrown: the read serves what
 * is stored, and the next read tries again.
 */
async function refreshUntilCurrent(c: Reading): Promise<void> {
  if (c.requeued || refreshUnderway(c.stored)) return;
  c.requeued = true;
  log.debug('campus summaries: stale with no refresh under way; queued again', {
    campus: c.scope.campus,
    changed_at: c.stored.changed_at,
    queued_at: c.stored.queued_at,
    started_at: c.stored.started_at,
    finished_at: c.stored.finished_at,
  });
  try {
    await requeueSummaryRefresh(c.scope.campus, c.stored.queued_at);
  } catch (e) {
    log.error(`campus summaries: the refresh of ${c.scope.campus} could not be queued`, { error: e });
  }
}

/**
 * Reads a campus's summaries: one strongly consistent Query for the stored summaries and the change stamp, and the
 * programs summary (computed and stored when none is stored: about 3 + 3 per program DynamoDB calls, once).
 */
export async function readCampusSummaries(scope: CampusScope): Promise<CampusSummaries> {
  const c: Reading = { scope, stored: await readSummaryPartition(scope.campus), updating: false };
  const programs = await storedOr(c, PROGRAMS_SK, {
    schema: programsSchema,
    compute: () => summaryFor({ kind: 'programs', scope }, programsSchema),
    // A course's results being recomputed: its job's end stamps the campus, which queues the refresh.
    pending: (s) => s.updating,
  });
  return Object.assign(c, { programs });
}

/**
 * One academic year's figures of a campus (`year` "2025-26", `today` an ISO date): as stored (no DynamoDB call), else
 * computed (`computeYear`) and stored.
 */
export const yearSummary = (c: CampusSummaries, year: string, today: string): Promise<YearSummary> =>
  storedOr(c, yearSk(year), { schema: yearSchema, compute: () => summaryFor({ kind: 'year', scope: c.scope, year, today }, yearSchema) });

/**
 * The month's figures of a campus (`current` the CAY the dashboard counts, `today` an ISO date): as stored (no
 * DynamoDB call; last month's marked updating until refreshed), else computed (`computeMonth`) and stored.
 */
export const monthSummary = (c: CampusSummaries, current: string, today: string): Promise<MonthSummary> =>
  storedOr(c, monthSk(current), {
    schema: monthSchema,
    compute: () => summaryFor({ kind: 'month', scope: c.scope, current, today }, monthSchema),
    // Last month's figures, on the first read of a month: served marked updating while the refresh counts this one.
    stale: (s) => s.month !== today.slice(0, 7),
  });

/**
 * A campus's SAR readiness for the report year `year` ("2025-26"), each program as its SAR Readiness page shows it:
 * as stored (no DynamoDB call), else computed (`computeReadiness`: about 1 + 6 per program calls) and stored. Only
 * the roll-up reads it.
 */
export const readinessSummary = (c: CampusSummaries, year: string): Promise<ReadinessSummary> =>
  storedOr(c, readinessSk(year), {
    schema: readinessSchema,
    compute: () => summaryFor({ kind: 'readiness', scope: c.scope, year }, readinessSchema),
  });

/** The academic years with stored results in any of the campuses' programs, newest first. */
export const resultYears = (campuses: readonly ProgramsSummary[]): string[] =>
  [...new Set(campuses.flatMap((c) => c.programs.flatMap((p) => p.years.map((y) => y.year))))].filter(Boolean).sort().reverse();
