import type { CampusScope } from '@attain/shared-types';
import type * as z from 'zod/mini';
import {
  type MonthSummary,
  type ProgramsSummary,
  type ReadinessSummary,
  SETTLE_MS,
  SUMMARY_VERSION,
  type YearSummary,
  monthSchema,
  programsSchema,
  readinessSchema,
  yearSchema,
} from './summary-shapes.js';
import { summaryFor } from './summary-computer.js';
import { type SummaryPartition, putSummary, readSummaryPartition } from './summary-store.js';

/**
 * Reading a campus's summaries (`summary-shapes.ts`, `docs/decisions/0039-campus-summaries.md`): the roll-up
 * (`rollup.ts`) and the dashboard (`dashboard-figures.ts`) only read and add them. A stored summary is used while
 * current; otherwise it is computed again (`summaryFor`: by the campus summaries Lambda in AWS, in-process locally)
 * and stored.
 */

/** How long a programs summary computed while a course's results were being recomputed is used before a new look (ms). */
const UPDATING_RECHECK_MS = 60_000;

const PROGRAMS_SK = 'summary#programs';
const yearSk = (year: string) => `summary#year#${year}`;
const monthSk = (current: string) => `summary#month#${current}`;
const readinessSk = (year: string) => `summary#readiness#${year}`;

/** Whether a stored summary is current: its version, and started `SETTLE_MS` or more after the last change stamp. */
const isCurrent = (item: { computed_at: string; version: string }, changedAt: string | undefined) =>
  item.version === SUMMARY_VERSION && (!changedAt || Date.parse(item.computed_at) >= Date.parse(changedAt) + SETTLE_MS);

/**
 * The summary stored under `sk` when current and `valid` (given when it was computed); else `compute`d, stored (one
 * PutItem) and returned.
 * `computed_at` is when the computation started, so a change made while it ran still counts as newer.
 */
async function currentOr<T>(
  campus: string,
  stored: SummaryPartition,
  sk: string,
  schema: z.ZodMiniType<T>,
  valid: (t: T, computedAt: string) => boolean,
  compute: () => Promise<T>,
): Promise<T> {
  const item = stored.items.get(sk);
  const parsed = item && isCurrent(item, stored.changed_at) ? schema.safeParse(item.summary) : undefined;
  if (item && parsed?.success && valid(parsed.data, item.computed_at)) return parsed.data;
  const computedAt = new Date().toISOString();
  const summary = await compute();
  await putSummary(campus, sk, { summary, computed_at: computedAt, version: SUMMARY_VERSION });
  stored.items.set(sk, { summary, computed_at: computedAt, version: SUMMARY_VERSION });
  return summary;
}

/** A campus's summaries as read: its scope, its stored partition and its (current) programs summary. */
export interface CampusSummaries {
  scope: CampusScope;
  stored: SummaryPartition;
  programs: ProgramsSummary;
}

/**
 * Reads a campus's summaries: one Query for the stored summaries and the change stamp, and the programs summary
 * (computed and stored again when not current: about 3 + 3 per program DynamoDB calls, once).
 */
export async function readCampusSummaries(scope: CampusScope): Promise<CampusSummaries> {
  const stored = await readSummaryPartition(scope.campus);
  const programs = await currentOr(
    scope.campus,
    stored,
    PROGRAMS_SK,
    programsSchema,
    // A course's finished recomputation stamps the campus itself; while one is queued the summary is looked at again
    // once a minute (a job that died is computed by that look, as a program page's read does).
    (s, computedAt) => !s.updating || Date.now() - Date.parse(computedAt) < UPDATING_RECHECK_MS,
    () => summaryFor({ kind: 'programs', scope }, programsSchema),
  );
  return { scope, stored, programs };
}

/**
 * One academic year's figures of a campus (`year` "2025-26", `today` an ISO date): as stored when current (no
 * DynamoDB call), else computed (`computeYear`) and stored.
 */
export const yearSummary = (c: CampusSummaries, year: string, today: string): Promise<YearSummary> =>
  currentOr(
    c.scope.campus,
    c.stored,
    yearSk(year),
    yearSchema,
    () => true,
    () => summaryFor({ kind: 'year', scope: c.scope, year, today }, yearSchema),
  );

/**
 * The month's figures of a campus (`current` the CAY the dashboard counts, `today` an ISO date): as stored when
 * current and of today's month (no DynamoDB call), else computed (`computeMonth`) and stored.
 */
export const monthSummary = (c: CampusSummaries, current: string, today: string): Promise<MonthSummary> =>
  currentOr(
    c.scope.campus,
    c.stored,
    monthSk(current),
    monthSchema,
    (s) => s.month === today.slice(0, 7),
    () => summaryFor({ kind: 'month', scope: c.scope, current, today }, monthSchema),
  );

/**
 * A campus's SAR readiness for the report year `year` ("2025-26"), each program as its SAR Readiness page shows it:
 * as stored when current (no DynamoDB call), else computed (`computeReadiness`: about 1 + 6 per program calls) and
 * stored. Only the roll-up reads it.
 */
export const readinessSummary = (c: CampusSummaries, year: string): Promise<ReadinessSummary> =>
  currentOr(
    c.scope.campus,
    c.stored,
    readinessSk(year),
    readinessSchema,
    () => true,
    () => summaryFor({ kind: 'readiness', scope: c.scope, year }, readinessSchema),
  );

/** The academic years with stored results in any of the campuses' programs, newest first. */
export const resultYears = (campuses: readonly ProgramsSummary[]): string[] =>
  [...new Set(campuses.flatMap((c) => c.programs.flatMap((p) => p.years.map((y) => y.year))))].filter(Boolean).sort().reverse();
