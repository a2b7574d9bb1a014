import { type DashboardFigure, type DashboardTileKey, type DashboardView, type YearChoice, isKeyOf } from '@attain/shared-types';
import { resultsYear } from '../structure/index.js';
import { openSurveys, surveyTotals } from './campus-figures.js';
import { type CampusSummaries, monthSummary, resultYears, yearSummary } from './campus-summary.js';
import type { ProgramsSummary } from './summary-shapes.js';

/**
 * The raw counts behind one campus's dashboard tiles, summable over a group's campuses. Each is what the
 * page behind its tile lists:
 * - courses with results in the year and those below target (any CO whose final level misses the method's CO target,
 *   the "Met" column of the CO Attainment pages);
 * - occasions held in the year and those whose marks sheet has no rows yet (CIA Data Entry);
 * - open surveys of the current academic year, with their invitations and responses (the Survey dashboard);
 * - mail recipients and bounces this month (Send Mail's receipts);
 * - faculty contribution records created this academic year;
 * - programs, programs with results, and courses.
 */
export interface DashboardCounts {
  programs: number;
  programsWithResults: number;
  courses: number;
  coursesWithResults: number;
  coursesBelowTarget: number;
  occasions: number;
  occasionsWithoutMarks: number;
  openSurveys: number;
  openInvited: number;
  openResponded: number;
  mailRecipients: number;
  mailBounced: number;
  facultyRecords: number;
}

/**
 * The academic year a dashboard counts (`defaultResultsYear`): for one campus its current academic year (CAY, as its
 * administrators set it; decision 0046); for a group's campuses (one programs summary each) the newest such year every campus with results
 * has, as the roll-up compares them; with no results, CAYm1.
 * @param current the CAY (`campusCurrentYear` / `campusesCurrentYear`)
 */
export const dashboardYear = (programs: readonly ProgramsSummary[], current: string): YearChoice =>
  resultsYear(
    undefined,
    programs.map((p) => resultYears([p])),
    current,
  );

/**
 * One campus's dashboard counts for `year` from its summaries (`today` an ISO date: the month of mail and the year of
 * faculty records end there; `current` the CAY: its open surveys and faculty records added this year). No DynamoDB
 * call when the summaries of `year`, of `current` and of the month are stored (`campus-summary.ts`: one stale is
 * served and marks `c.updating`); one not stored yet is computed and stored once.
 */
export async function dashboardCounts(c: CampusSummaries, year: string, today: string, current: string): Promise<DashboardCounts> {
  const [inYear, inCurrent, month] = await Promise.all([
    yearSummary(c, year, today),
    yearSummary(c, current, today),
    monthSummary(c, current, today),
  ]);
  const programs = c.programs.programs;
  const results = programs.flatMap((p) => p.years.filter((y) => y.year === year));
  const open = openSurveys(inCurrent.surveys);
  const openCounts = surveyTotals(open);
  return {
    programs: programs.length,
    programsWithResults: programs.filter((p) => p.years.some((y) => y.year === year)).length,
    courses: c.programs.courses,
    coursesWithResults: results.reduce((n, y) => n + y.courses, 0),
    coursesBelowTarget: results.reduce((n, y) => n + y.below_target, 0),
    occasions: inYear.occasions,
    occasionsWithoutMarks: inYear.occasions_without_marks,
    openSurveys: open.length,
    openInvited: openCounts.invited,
    openResponded: openCounts.responded,
    mailRecipients: month.mail.recipients,
    mailBounced: month.mail.bounced,
    facultyRecords: month.faculty_records,
  };
}

const ZERO: DashboardCounts = {
  programs: 0,
  programsWithResults: 0,
  courses: 0,
  coursesWithResults: 0,
  coursesBelowTarget: 0,
  occasions: 0,
  occasionsWithoutMarks: 0,
  openSurveys: 0,
  openInvited: 0,
  openResponded: 0,
  mailRecipients: 0,
  mailBounced: 0,
  facultyRecords: 0,
};

/** Adds campuses' counts (the group's dashboard); all zero for none. */
export function addCounts(all: readonly DashboardCounts[]): DashboardCounts {
  const out = { ...ZERO };
  for (const key of Object.keys(ZERO)) if (isKeyOf(ZERO, key)) out[key] = all.reduce((n, c) => n + c[key], 0);
  return out;
}

const percent = (part: number, whole: number) => (whole ? Math.round((1000 * part) / whole) / 10 : null);

/**
 * The tiles' figures from the counts. `campus` set: links open the campus's pages; for a group (`campuses` given)
 * the tiles link to the group's roll-up and campus list where a page has no group view; `choice` is the year counted
 * and why (`dashboardYear`); `updating`: some summary read predates a change (`CampusSummaries.updating`).
 */
export function dashboardView(
  c: DashboardCounts,
  choice: YearChoice,
  scope: { kind: 'campus' } | { kind: 'group'; campuses: number },
  updating = false,
): DashboardView {
  const fig = (label: string, value: number | null, text: string, href: string): DashboardFigure => ({
    label,
    value,
    text: value === null ? '-' : text,
    href,
  });
  const rate = percent(c.openResponded, c.openInvited);
  const group = scope.kind === 'group';
  const tiles: Record<DashboardTileKey, DashboardFigure[]> = {
    dashboard: group
      ? [fig('Campuses', scope.campuses, String(scope.campuses), '/group/campuses')]
      : [fig('Programs', c.programs, String(c.programs), '/configuration/program')],
    attainment: [
      fig(
        'Courses below target',
        c.coursesBelowTarget,
        `${c.coursesBelowTarget} of ${c.coursesWithResults}`,
        group ? '/group/rollup' : '/attainment/co-attainment',
      ),
    ],
    reports: [
      fig(
        'Programs with results',
        c.programsWithResults,
        `${c.programsWithResults} of ${c.programs}`,
        group ? '/group/rollup' : '/reports/sar',
      ),
    ],
    survey: [
      fig('Open surveys', c.openSurveys, String(c.openSurveys), '/survey'),
      fig('Response rate (open surveys)', rate, `${rate} %`, '/survey'),
    ],
    'faculty-contribution': [fig('Records added this year', c.facultyRecords, String(c.facultyRecords), '/faculty-contribution')],
    assessments: [
      fig(
        'Marks still to enter',
        c.occasionsWithoutMarks,
        `${c.occasionsWithoutMarks} of ${c.occasions} occasions`,
        group ? '/group/rollup' : '/attainment',
      ),
    ],
    utilities: [
      fig('Mails bounced this month', c.mailBounced, `${c.mailBounced} of ${c.mailRecipients}`, group ? '/group/rollup' : '/utilities'),
    ],
    curriculum: [fig('Courses', c.courses, String(c.courses), '/curriculum')],
  };
  return { scope: scope.kind, academic_year: choice.year, year_choice: choice, tiles, updating };
}
