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

/** Readers that queued a lost refresh in this instance, by campus, so one read queues it once. */
type Reading = Pick<CampusSummaries, 'scope' | 'stored' | 'updating'> & { requeued?: boolean };

/**
 * The summary stored under `sk` when it is of `schema` and `usable` (e.g. of today's month): served even when not
 * current, with the campus marked `updating`; a refresh is queued then only when none is under way
 * (`refreshUntilCurrent`). Otherwise (none stored, or refreshes do not run here) it is computed, stored (one PutItem)
 * and returned. `computed_at` is when the computation started, so a change made while it ran still counts as newer.
 */
async function storedOr<T>(
  c: Reading,
  sk: string,
  schema: z.ZodMiniType<T>,
  usable: (t: T) => boolean,
  compute: () => Promise<T>,
  pending: (t: T) => boolean = () => false,
): Promise<T> {
  const item = c.stored.items.get(sk);
  const parsed = item ? schema.safeParse(item.summary) : undefined;
  if (item && parsed?.success && usable(parsed.data)) {
    if (summaryCurrent(item, c.stored.changed_at) && !pending(parsed.data)) return parsed.data;
    if (summaryRefreshesRun()) {
      c.updating = true;
      await refreshUntilCurrent(c);
      return parsed.data;
    }
  }
  const computedAt = new Date().toISOString();
  const summary = await compute();
  await putSummary(c.scope.campus, sk, { summary, computed_at: computedAt, version: SUMMARY_VERSION });
  c.stored.items.set(sk, { summary, computed_at: computedAt, version: SUMMARY_VERSION });
  return summary;
}

/**
 * Has a stale campus refreshed: nothing when a refresh is under way (`refreshUnderway`), else one is queued (one
 * conditional UpdateItem and one SQS message, once per read).
 */
async function refreshUntilCurrent(c: Reading): Promise<void> {
  if (c.requeued || refreshUnderway(c.stored)) return;
  c.requeued = true;
  await requeueSummaryRefresh(c.scope.campus, c.stored.queued_at);
}

/**
 * Reads a campus's summaries: one strongly consistent Query for the stored summaries and the change stamp, and the
 * programs summary (computed and stored when none is stored: about 3 + 3 per program DynamoDB calls, once).
 */
export async function readCampusSummaries(scope: CampusScope): Promise<CampusSummaries> {
  const c: Reading = { scope, stored: await readSummaryPartition(scope.campus), updating: false };
  const programs = await storedOr(
    c,
    PROGRAMS_SK,
    programsSchema,
    () => true,
    () => summaryFor({ kind: 'programs', scope }, programsSchema),
    // A course's results being recomputed: its job's end stamps the campus, which queues the refresh.
    (s) => s.updating,
  );
  return Object.assign(c, { programs });
}

/**
 * One academic year's figures of a campus (`year` "2025-26", `today` an ISO date): as stored (no DynamoDB call), else
 * computed (`computeYear`) and stored.
 */
export const yearSummary = (c: CampusSummaries, year: string, today: string): Promise<YearSummary> =>
  storedOr(
    c,
    yearSk(year),
    yearSchema,
    () => true,
    () => summaryFor({ kind: 'year', scope: c.scope, year, today }, yearSchema),
  );

/**
 * The month's figures of a campus (`current` the CAY the dashboard counts, `today` an ISO date): as stored when of
 * today's month (no DynamoDB call), else computed (`computeMonth`) and stored.
 */
export const monthSummary = (c: CampusSummaries, current: string, today: string): Promise<MonthSummary> =>
  storedOr(
    c,
    monthSk(current),
    monthSchema,
    (s) => s.month === today.slice(0, 7),
    () => summaryFor({ kind: 'month', scope: c.scope, current, today }, monthSchema),
  );

/**
 * A campus's SAR readiness for the report year `year` ("2025-26"), each program as its SAR Readiness page shows it:
 * as stored (no DynamoDB call), else computed (`computeReadiness`: about 1 + 6 per program calls) and stored. Only
 * the roll-up reads it.
 */
export const readinessSummary = (c: CampusSummaries, year: string): Promise<ReadinessSummary> =>
  storedOr(
    c,
    readinessSk(year),
    readinessSchema,
    () => true,
    () => summaryFor({ kind: 'readiness', scope: c.scope, year }, readinessSchema),
  );

/** The academic years with stored results in any of the campuses' programs, newest first. */
export const resultYears = (campuses: readonly ProgramsSummary[]): string[] =>
  [...new Set(campuses.flatMap((c) => c.programs.flatMap((p) => p.years.map((y) => y.year))))].filter(Boolean).sort().reverse();
