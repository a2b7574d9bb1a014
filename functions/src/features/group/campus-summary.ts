import {
  ATTAINMENT_ENGINE_VERSION,
  type CampusScope,
  type EntityRecord,
  FACULTY_RECORD_TITLES,
  type ProgramAttainment,
  REFERENCE_INDEX,
  academicYearSpan,
  courseCurriculum,
  occasion,
  profile,
  program,
  programType,
  researchPublication,
  sponsoredProject,
  survey,
} from '@attain/shared-types';
import * as z from 'zod/mini';
import { storedProgramAttainment } from '../attainment/index.js';
import { type Member, RESEARCH_MEASURES, cadreOf, hasPhd, inPosition, measure } from '../sar/index.js';
import { surveyDashboard } from '../survey-results/index.js';
import { getDocuments } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { mailsBetween } from './mail-count-store.js';
import { type SummaryPartition, putSummary, readSummaryPartition } from './summary-store.js';

/**
 * A campus's summaries: what the group roll-up and the dashboards count in one campus, computed once and stored
 * (`docs/decisions/0039-campus-summaries.md`). Each figure is computed here, by the services the campus's own pages use,
 * so it equals the page it drills down to; the roll-up (`rollup.ts`) and the dashboard (`dashboard-figures.ts`) only
 * read and add them. Three kinds, each stored on its own:
 * - `programs`: each program with its type's name and, per academic year with stored results, its PO/PSO levels, its
 *   courses with results and those below target; the campus's courses;
 * - `year` (per academic year): faculty in position by cadre and Ph.D., publications and funded projects, the year's
 *   surveys (invited, responded, dates), mail recipients and bounces over the year (to today), occasions held and
 *   those without marks;
 * - `month` (per current academic year, CAY): mail this month, faculty contribution records added in the CAY.
 * A summary is current when computed `SETTLE_MS` after the campus's last change stamp (`noteCampusChange`), with this
 * `SUMMARY_VERSION` and attainment engine; otherwise the read computes and stores it again.
 */
const count = z.number();
const mailSchema = z.object({ recipients: count, bounced: count });

const programsSchema = z.object({
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

const yearSchema = z.object({
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

const monthSchema = z.object({ month: z.string(), mail: mailSchema, faculty_records: count });
/** A campus's figures of the current month (`yyyy-mm`) and academic year. */
export type MonthSummary = z.infer<typeof monthSchema>;

/** The summaries' shape and the attainment engine they were computed with; a summary of another version is recomputed. */
export const SUMMARY_VERSION = `1.${ATTAINMENT_ENGINE_VERSION}`;
/**
 * How long after a change stamp a summary must have started to count as current (ms): DynamoDB's Queries of records
 * and its indexes are eventually consistent, so a computation started just after a write might not have read it.
 */
export const SETTLE_MS = 2_000;

/** How long a programs summary computed while a course's results were being recomputed is used before a new look (ms). */
const UPDATING_RECHECK_MS = 60_000;

const PROGRAMS_SK = 'summary#programs';
const yearSk = (year: string) => `summary#year#${year}`;
const monthSk = (current: string) => `summary#month#${current}`;

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

/** The per-year figures of a program's stored attainment: PO/PSO levels, courses with results, courses below target. */
const programYear = (y: ProgramAttainment): ProgramSummary['years'][number] => ({
  year: y.academic_year ?? '',
  outcomes: y.outcomes.map((o) => ({ reference: o.reference, attainment: o.attainment })),
  courses: y.courses.length,
  // Below target: a CO whose final level misses the method's CO target (the "Met" column of the CO Attainment pages).
  below_target: y.courses.filter((c) => c.cos.some((co) => co.met === false)).length,
});

/**
 * Computes the programs summary: every program with its type's name and its stored attainment (as the Program Level
 * PO Attainment page reads it: `storedProgramAttainment`), and the campus's courses. 3 Queries plus 3 per program
 * when its results are current.
 */
async function computePrograms(scope: CampusScope): Promise<ProgramsSummary> {
  const [programs, types, courses] = await Promise.all([
    listAll(scope, program),
    listAll(scope, programType),
    listAll(scope, courseCurriculum),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const stored = await Promise.all(programs.map((p) => storedProgramAttainment(scope, p.id)));
  return {
    programs: programs.map((p, i) => ({
      id: p.id,
      type: typeName.get(p.program_type ?? '') ?? 'Other',
      years: stored[i].years.map(programYear),
    })),
    courses: courses.length,
    updating: stored.some((s) => s.updating.length > 0),
  };
}

/**
 * Computes one academic year's figures (`year` "2025-26"; `today` an ISO date: mail is counted from the year's start
 * to its end or today, whichever is first). About 9 DynamoDB calls plus 3 per survey of the year and one BatchGetItem
 * per 100 occasions held in it.
 */
async function computeYear(scope: CampusScope, year: string, today: string): Promise<YearSummary> {
  const { from, to } = academicYearSpan(year);
  const [members, dashboard, surveys, mail, research, occasions] = await Promise.all([
    listAll(scope, profile),
    surveyDashboard(scope, year),
    listAll(scope, survey),
    mailsBetween(scope, from, to < today ? to : today),
    Promise.all([listAll(scope, researchPublication), listAll(scope, sponsoredProject)]),
    listAll(scope, occasion),
  ]);
  // Faculty: members with the faculty role in position during the year, cadre and Ph.D. by the SAR's census rules.
  const faculty = members.filter((m: Member) => m.role === 'faculty' && inPosition(m, year));
  const cadres = { professors: 0, associates: 0, assistants: 0, other: 0 };
  for (const m of faculty) cadres[cadreOf(m) ?? 'other']++;
  // Publications (journal and conference papers, a co-authored paper once) and funded projects: the SAR's measures.
  const records = new Map<string, EntityRecord[]>([
    [researchPublication.name, research[0]],
    [sponsoredProject.name, research[1]],
  ]);
  const everyone = new Set(members.map((m) => m.id));
  const measured = (key: string) => {
    const m = RESEARCH_MEASURES.find((x) => x.key === key);
    return m ? measure(m, records, everyone, new Set([year]), { once: true }).value : 0;
  };
  const dates = new Map(surveys.map((s) => [s.id, s]));
  // Occasions held in the year, and those whose marks sheet has no rows yet (CIA Data Entry).
  const held = occasions.filter((o) => o.held_on && o.held_on >= from && o.held_on <= to);
  const sheets = await getDocuments(
    scope,
    'marks-sheet',
    held.map((o) => o.id),
  );
  return {
    faculty: { total: faculty.length, ...cadres, phd: faculty.filter(hasPhd).length },
    publications: measured('journal') + measured('conference'),
    funded: measured('funded'),
    surveys: dashboard.surveys.map((s) => ({
      invited: s.invited,
      responded: s.responded,
      start_date: dates.get(s.id)?.start_date ?? '',
      end_date: dates.get(s.id)?.end_date ?? '',
    })),
    mail,
    occasions: held.length,
    occasions_without_marks: held.filter((o) => !sheets.get(o.id)?.last_rows).length,
  };
}

/**
 * Computes the month's figures (`today` an ISO date, `current` the CAY): mail recipients and bounces from the 1st of
 * today's month to today (Send Mail's receipts), and faculty contribution records created in the CAY up to today. 14
 * DynamoDB calls (one Query per faculty record type and one for mail).
 */
async function computeMonth(scope: CampusScope, current: string, today: string): Promise<MonthSummary> {
  const thisYear = academicYearSpan(current);
  const [mail, records] = await Promise.all([
    mailsBetween(scope, `${today.slice(0, 7)}-01`, today),
    // Only `created_at` is read: the registry's stubs list them without carrying each type's definition.
    Promise.all(Object.keys(FACULTY_RECORD_TITLES).map((name) => listAll(scope, REFERENCE_INDEX.entities[name]))),
  ]);
  return {
    month: today.slice(0, 7),
    mail,
    faculty_records: records.flat().filter((r) => r.created_at >= thisYear.from && r.created_at.slice(0, 10) <= today).length,
  };
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
    () => computePrograms(scope),
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
    () => computeYear(c.scope, year, today),
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
    () => computeMonth(c.scope, current, today),
  );

/** The academic years with stored results in any of the campuses' programs, newest first. */
export const resultYears = (campuses: readonly ProgramsSummary[]): string[] =>
  [...new Set(campuses.flatMap((c) => c.programs.flatMap((p) => p.years.map((y) => y.year))))].filter(Boolean).sort().reverse();
