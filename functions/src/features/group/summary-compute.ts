import {
  type CampusScope,
  type EntityRecord,
  FACULTY_RECORD_TITLES,
  type ProgramAttainment,
  REFERENCE_INDEX,
  academicYearSpan,
  courseCurriculum,
  occasion,
  occasionYear,
  profile,
  program,
  programType,
  researchPublication,
  sponsoredProject,
  survey,
  countsAsFaculty,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { storedProgramAttainment } from '../attainment/index.js';
import { type Member, RESEARCH_MEASURES, cadreOf, hasPhd, inPosition, measure, sarReadiness } from '../sar/index.js';
import { surveyDashboard } from '../survey-results/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { getDocuments } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { mailsBetween } from './mail-count-store.js';
import type {
  MonthSummary,
  ProgramReadiness,
  ProgramSummary,
  ProgramsSummary,
  ReadinessSummary,
  SummaryRequest,
  YearSummary,
} from './summary-shapes.js';

/*
 * How a campus's summaries are computed, by the services the campus's own pages use, so each figure equals the page
 * it drills down to (`summary-shapes.ts` says what each holds). Only the campus summaries Lambda
 * (`lambdas/workers/campus-summaries.ts`) and the local stack carry this: it brings the attainment, survey and SAR
 * services, which the group Lambda, reading stored summaries, does not need.
 */

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
  const faculty = members.filter((m: Member) => countsAsFaculty(m.role) && inPosition(m, year));
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
  // Occasions of the year (`occasionYear`), and those whose marks sheet has no rows yet (CIA Data Entry).
  const held = occasions.filter((o) => occasionYear(o) === year);
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
 * Computes the campus's SAR readiness for the report year `year` ("2025-26"): every program's readiness by
 * `sarReadiness`, the function the Reports > SAR Readiness page reads (`GET /api/reports/sar/{program}/readiness?year=`),
 * so each figure equals that page: total and its format's maximum, the projected outcome, the criteria it lists as
 * holding the program back when the format states a per-criterion line, and the weakest criterion. A program deleted
 * meanwhile is left out. DynamoDB calls: one Query each for the programs and the profiles (Criterion 5, read once
 * for every program), then per program (4 at a time) about 5: the program and the organization (2 GetItems), its
 * batches, the first-year records and its SAR sections (3 Queries, each one per MB read).
 */
async function computeReadiness(scope: CampusScope, year: string): Promise<ReadinessSummary> {
  const [programs, profiles] = await Promise.all([listAll(scope, program), listAll(scope, profile)]);
  const limit = pLimit(4);
  const views = await Promise.all(
    programs.map((p) =>
      limit(() =>
        sarReadiness(scope, p.id, year, profiles).catch((e: unknown) => {
          if (e instanceof HttpError && e.status === 404) return null;
          throw e;
        }),
      ),
    ),
  );
  return {
    programs: views.flatMap((v): ProgramReadiness[] => {
      if (!v) return [];
      const weakest = v.criteria.reduce<(typeof v.criteria)[number] | null>((w, c) => (w === null || c.percent < w.percent ? c : w), null);
      return [
        {
          id: v.program,
          title: v.program_title,
          format: v.format.label,
          total: v.total,
          max: v.criteria.reduce((n, c) => n + c.max, 0),
          outcome: v.outcome,
          line: v.six_years.criterion_percent,
          below: v.six_years.criterion_percent === null ? [] : v.holding_back.map((h) => h.criterion),
          weakest: weakest ? { criterion: weakest.number, percent: weakest.percent } : null,
        },
      ];
    }),
  };
}

/**
 * Computes one summary (`SummaryRequest`) from the campus's records, documents and stored results. It stores no
 * summary (the reader, `campus-summary.ts`, or the refresh, `summary-refresh.ts`, stores what it returns); like any
 * read of a program, it stores a course's results it finds stale, which stamps the campus (the next refresh then finds
 * them current). Its DynamoDB calls are those of `computePrograms`,
 * `computeYear`, `computeMonth` or `computeReadiness`.
 */
export function computeSummary(req: SummaryRequest): Promise<ProgramsSummary | YearSummary | MonthSummary | ReadinessSummary> {
  switch (req.kind) {
    case 'programs':
      return computePrograms(req.scope);
    case 'year':
      return computeYear(req.scope, req.year, req.today);
    case 'month':
      return computeMonth(req.scope, req.current, req.today);
    case 'readiness':
      return computeReadiness(req.scope, req.year);
  }
}
