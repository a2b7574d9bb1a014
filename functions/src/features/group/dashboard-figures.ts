import {
  type CampusScope,
  type DashboardFigure,
  type DashboardTileKey,
  type DashboardView,
  FACULTY_RECORDS,
  type YearChoice,
  academicYearSpan,
  courseCurriculum,
  occasion,
  isKeyOf,
} from '@attain/shared-types';
import { getDocuments } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { resultsYear } from '../structure/index.js';
import { type CampusAttainment, resultYears } from './campus-figures.js';
import { mailsBetween } from './mail-count-store.js';
import { surveyDashboard } from '../survey-results/index.js';

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
 * The academic year a dashboard counts (`defaultResultsYear`): for one campus its newest year with stored results not
 * after its CAY; for a group's campuses (one `CampusAttainment` each) the newest such year every campus with results
 * has, as the roll-up compares them; with no results, CAYm1.
 * @param current the CAY (`campusCurrentYear` / `campusesCurrentYear`)
 */
export const dashboardYear = (attainment: readonly CampusAttainment[], current: string): YearChoice =>
  resultsYear(
    undefined,
    attainment.map((a) => resultYears([a])),
    current,
  );

/**
 * Counts one campus's dashboard figures for `year` (`today` an ISO date: the month of mail and the year of faculty
 * records end there; `current` the CAY: its open surveys and faculty records added this year). About 6 + 13 DynamoDB
 * calls (one per faculty record type) plus one BatchGetItem per 100 occasions of the year.
 */
export async function dashboardCounts(
  scope: CampusScope,
  attainment: CampusAttainment,
  year: string,
  today: string,
  current: string,
): Promise<DashboardCounts> {
  const span = academicYearSpan(year);
  const [courses, occasions, surveys, mail, records] = await Promise.all([
    listAll(scope, courseCurriculum),
    listAll(scope, occasion),
    surveyDashboard(scope, current).then((d) => d.surveys),
    mailsBetween(scope, `${today.slice(0, 7)}-01`, today),
    Promise.all(FACULTY_RECORDS.map((def) => listAll(scope, def))),
  ]);
  const heldInYear = occasions.filter((o) => o.held_on && o.held_on >= span.from && o.held_on <= span.to);
  const sheets = await getDocuments(
    scope,
    'marks-sheet',
    heldInYear.map((o) => o.id),
  );
  const courseResults = attainment.flatMap((p) => p.years.filter((y) => y.academic_year === year).flatMap((y) => y.courses));
  const thisYear = academicYearSpan(current);
  const open = surveys.filter((s) => s.status === 'Open');
  return {
    programs: attainment.length,
    programsWithResults: attainment.filter((p) => p.years.some((y) => y.academic_year === year)).length,
    courses: courses.length,
    coursesWithResults: courseResults.length,
    coursesBelowTarget: courseResults.filter((c) => c.cos.some((co) => co.met === false)).length,
    occasions: heldInYear.length,
    occasionsWithoutMarks: heldInYear.filter((o) => !sheets.get(o.id)?.last_rows).length,
    openSurveys: open.length,
    openInvited: open.reduce((n, s) => n + s.invited, 0),
    openResponded: open.reduce((n, s) => n + s.responded, 0),
    mailRecipients: mail.recipients,
    mailBounced: mail.bounced,
    facultyRecords: records.flat().filter((r) => r.created_at >= thisYear.from && r.created_at.slice(0, 10) <= today).length,
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
 * and why (`dashboardYear`).
 */
export function dashboardView(
  c: DashboardCounts,
  choice: YearChoice,
  scope: { kind: 'campus' } | { kind: 'group'; campuses: number },
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
  return { scope: scope.kind, academic_year: choice.year, year_choice: choice, tiles };
}
