import { ATTAINMENT_ENGINE_VERSION, type AccreditationOutcome, type CampusScope } from '@attain/shared-types';
import * as z from 'zod/mini';

/**
 * A campus's summaries: what the group roll-up and the dashboards count in one campus, computed once and stored
 * (`docs/decisions/0039-campus-summaries.md`). Each figure is computed by the services the campus's own pages use,
 * so it equals the page it drills down to; the roll-up (`rollup.ts`) and the dashboard (`dashboard-figures.ts`) only
 * read and add them. Three kinds, each stored on its own:
 * - `programs`: each program with its type's name and, per academic year with stored results, its PO/PSO levels, its
 *   courses with results and those below target; the campus's courses;
 * - `year` (per academic year): faculty in position by cadre and Ph.D., publications and funded projects, the year's
 *   surveys (invited, responded, dates), mail recipients and bounces over the year (to today), occasions held and
 *   those without marks;
 * - `month` (per current academic year, CAY): mail this month, faculty contribution records added in the CAY;
 * - `readiness` (per academic year, the SAR's report year): each program's SAR readiness as its SAR Readiness page
 *   shows it (only the roll-up reads it, so the dashboards never pay for it).
 * Computed by `summary-compute.ts` (in a Lambda of its own in AWS: `summary-computer.ts`). A summary is current when
 * computed `SETTLE_MS` after the campus's last change stamp (`noteCampusChange`), with this `SUMMARY_VERSION` and
 * attainment engine; otherwise the refresh that change queued recomputes and stores it (`summary-refresh.ts`), and
 * reads meanwhile serve it marked updating (`campus-summary.ts`).
 */
const count = z.number();
const mailSchema = z.object({ recipients: count, bounced: count });

export const programsSchema = z.object({
  programs: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      years: z.array(
        z.object({
          year: z.string(),
          outcomes: z.array(z.object({ reference: z.string(), attainment: z.nullable(z.number()) })),
          courses: count,
          below_target: count,
        }),
      ),
    }),
  ),
  courses: count,
  /** Some course was shown with its previous results while its recomputation is queued: not kept as current. */
  updating: z.boolean(),
});
/** The programs summary: each program's type and per-year PO levels and course counts; the campus's courses. */
export type ProgramsSummary = z.infer<typeof programsSchema>;
/** One program of the programs summary. */
export type ProgramSummary = ProgramsSummary['programs'][number];

export const yearSchema = z.object({
  faculty: z.object({ total: count, professors: count, associates: count, assistants: count, other: count, phd: count }),
  publications: count,
  funded: count,
  /** The year's surveys: population (invited or surveyed on paper), responses, and dates (their status is today's). */
  surveys: z.array(z.object({ invited: count, responded: count, start_date: z.string(), end_date: z.string() })),
  mail: mailSchema,
  occasions: count,
  occasions_without_marks: count,
});
/** One academic year's figures of a campus. */
export type YearSummary = z.infer<typeof yearSchema>;

export const monthSchema = z.object({ month: z.string(), mail: mailSchema, faculty_records: count });
/** A campus's figures of the current month (`yyyy-mm`) and academic year. */
export type MonthSummary = z.infer<typeof monthSchema>;

/** NBA's decisions, as `AccreditationOutcome` names them. */
const OUTCOMES = ['Accredited for 6 years', 'Accredited for 3 years', 'Not accredited'] as const satisfies readonly AccreditationOutcome[];

export const readinessSchema = z.object({
  programs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** The SAR format's label. */
      format: z.string(),
      /** Marks counted (2 decimals), out of `max`: the sum of the format's criteria (1000). */
      total: count,
      max: count,
      outcome: z.enum(OUTCOMES),
      /** The six-year per-criterion line in percent (null: the format states none). */
      line: z.nullable(count),
      /** The criteria below that line by NBA's number, as the page's "What holds the program back" lists them. */
      below: z.array(z.string()),
      /** The criterion with the lowest percent of its marks (0-100, 2 decimals). */
      weakest: z.nullable(z.object({ criterion: z.string(), percent: count })),
    }),
  ),
});
/**
 * A campus's SAR readiness for one report year (its CAY): per program, in the campus's order, its title, SAR format,
 * total marks out of the format's, the projected outcome, the criteria below NBA's line and the weakest criterion,
 * each from `sarReadiness` (the SAR Readiness page's own function).
 */
export type ReadinessSummary = z.infer<typeof readinessSchema>;
/** One program of the readiness summary. */
export type ProgramReadiness = ReadinessSummary['programs'][number];

/** The summaries' shape and the attainment engine they were computed with; a summary of another version is recomputed. */
export const SUMMARY_VERSION = `1.${ATTAINMENT_ENGINE_VERSION}`;
/**
 * How long after a change stamp a summary must have started to count as current (ms): DynamoDB's Queries of records
 * and its indexes are eventually consistent, so a computation started just after a write might not have read it.
 */
export const SETTLE_MS = 2_000;

/**
 * One summary to compute: a campus's `programs`, one academic `year`'s figures (`year` "2025-26"), the `month`'s
 * (`current` the CAY) or its programs' SAR `readiness` for a report year (`year` "2025-26"); `today` an ISO date
 * (India), which bounds what mail and records are counted.
 */
export type SummaryRequest =
  | { kind: 'programs'; scope: CampusScope }
  | { kind: 'year'; scope: CampusScope; year: string; today: string }
  | { kind: 'month'; scope: CampusScope; current: string; today: string }
  | { kind: 'readiness'; scope: CampusScope; year: string };

const scopeSchema = z.object({ campus: z.string(), actor: z.string(), access: z.enum(['read-write', 'read-only']) });

/** `SummaryRequest` as the campus summaries Lambda checks its event. */
export const SummaryRequestSchema = z.union([
  z.object({ kind: z.literal('programs'), scope: scopeSchema }),
  z.object({ kind: z.literal('year'), scope: scopeSchema, year: z.string(), today: z.string() }),
  z.object({ kind: z.literal('month'), scope: scopeSchema, current: z.string(), today: z.string() }),
  z.object({ kind: z.literal('readiness'), scope: scopeSchema, year: z.string() }),
]);
