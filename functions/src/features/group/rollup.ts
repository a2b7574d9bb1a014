import {
  type CampusScope,
  type Caller,
  type RollupCell,
  type RollupProgramReadiness,
  type RollupRow,
  type RollupSection,
  type RollupView,
  type YearChoice,
  groupScope,
  isAcademicYear,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { campusesCurrentYear, resultsYear } from '../structure/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { todayInIndia } from '@attain/shared-types';
import { type CampusFigures, campusFigures } from './campus-figures.js';
import { type CampusRegistration, getGroup, groupCampuses } from '../../platform/store/campus-registry.js';
import { readCampusSummaries, readinessSummary, resultYears, yearSummary } from './campus-summary.js';
import type { ProgramReadiness } from './summary-shapes.js';

const r2 = (n: number) => Math.round(n * 100) / 100;
const r1 = (n: number) => Math.round(n * 10) / 10;
const DASH = '-';

/** The address of `page` opened with `campus` chosen (`campus=` added to its query). */
const campusHref = (campus: string, page: string) => `${page}${page.includes('?') ? '&' : '?'}campus=${encodeURIComponent(campus)}`;
/** A cell that drills down to `page` with the campus chosen. */
const cell = (campus: string, value: number | null, text: string, page: string, api?: string): RollupCell => ({
  value,
  text: value === null ? DASH : text,
  href: campusHref(campus, page),
  ...(api ? { api } : {}),
});
const countCell = (campus: string, n: number, page: string) => cell(campus, n, String(n), page);
const percentCell = (campus: string, part: number, whole: number, page: string) =>
  whole ? cell(campus, r1((100 * part) / whole), `${r1((100 * part) / whole).toFixed(1)} %`, page) : cell(campus, null, DASH, page);
const perCell = (campus: string, part: number, whole: number, page: string) =>
  whole ? cell(campus, r2(part / whole), r2(part / whole).toFixed(2), page) : cell(campus, null, DASH, page);

/** Orders outcome references PO1 < PO2 < PO10 < PSO1. */
const byReference = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * Program-level PO/PSO attainment per program type: for each type and outcome reference, each campus's mean of the
 * final level over its programs of that type with results in the year (one program: exactly that program's level on
 * its Program Level PO Attainment page, which the cell opens).
 */
function attainmentSections(campuses: readonly CampusFigures[], year: string): RollupSection[] {
  const types = [...new Set(campuses.flatMap((c) => c.programs.filter((p) => p.year).map((p) => p.type)))].sort();
  return types.flatMap((type) => {
    const refs = [
      ...new Set(
        campuses.flatMap((c) => c.programs.filter((p) => p.type === type).flatMap((p) => p.year?.outcomes.map((o) => o.reference) ?? [])),
      ),
    ].sort(byReference);
    const rows: RollupRow[] = refs.map((ref) => ({
      label: ref,
      unit: 'level',
      cells: Object.fromEntries(
        campuses.map((c) => {
          const programs = c.programs.filter((p) => p.type === type && p.year);
          const levels = programs.flatMap(
            (p) => p.year?.outcomes.flatMap((o) => (o.reference === ref && o.attainment !== null ? [o.attainment] : [])) ?? [],
          );
          const one = programs.length === 1 ? programs[0].id : undefined;
          const page = one ? `/attainment/program-level-course?program=${one}&year=${year}` : '/attainment/program-level-course';
          const mean = levels.length ? r2(levels.reduce((a, b) => a + b, 0) / levels.length) : null;
          return [
            c.campus,
            cell(c.campus, mean, mean === null ? DASH : mean.toFixed(2), page, one ? `/api/attainment/program/${one}` : undefined),
          ];
        }),
      ),
    }));
    if (!rows.length) return [];
    return {
      key: 'po-attainment',
      title: `Program-level PO attainment: ${type} programs, ${year}`,
      note: 'Final level (0-3) of each outcome on the Program Level PO Attainment page; a campus with several programs of this type shows their mean.',
      rows,
    } satisfies RollupSection;
  });
}

/**
 * What a program's readiness line says after its title: the projected outcome, the marks out of the format's, and
 * what holds it back: the criterion below NBA's per-criterion line for six years (several: how many, and the lowest);
 * with no such line (Tier II), the lowest criterion while six years is not reached.
 * E.g. "Not accredited, 512.40 of 1000, Criterion 4 below 60 %".
 */
function readinessText(p: ProgramReadiness): string {
  const parts: string[] = [p.outcome, `${p.total.toFixed(2)} of ${p.max}`];
  if (p.line !== null && p.below.length === 1) parts.push(`Criterion ${p.below[0]} below ${p.line} %`);
  else if (p.line !== null && p.below.length > 1)
    parts.push(`${p.below.length} criteria below ${p.line} %${p.weakest ? `, the lowest Criterion ${p.weakest.criterion}` : ''}`);
  else if (p.line === null && p.outcome !== 'Accredited for 6 years' && p.weakest)
    parts.push(`the lowest Criterion ${p.weakest.criterion} (${p.weakest.percent.toFixed(2)} %)`);
  return parts.join(', ');
}

/**
 * SAR readiness: per campus, how many of its programs NBA's decision rule projects as accredited (for six or three
 * years) for the SAR of `year` (its CAY), and each program, those not on course first, with its line and a link to its
 * SAR Readiness page in that campus (`/reports/sar-readiness?program=<id>&year=<year>&campus=<campus>`).
 */
function readinessSection(campuses: readonly CampusFigures[], year: string): RollupSection[] {
  if (!campuses.some((c) => c.readiness.length)) return [];
  const cells = campuses.map((c): [string, RollupCell] => {
    const programs = c.readiness
      .map((p): RollupProgramReadiness => ({
        program: p.id,
        title: p.title,
        format: p.format,
        total: p.total,
        max: p.max,
        outcome: p.outcome,
        on_course: p.outcome !== 'Not accredited',
        line: p.line,
        below: p.below,
        weakest: p.weakest,
        text: readinessText(p),
        href: campusHref(c.campus, `/reports/sar-readiness?program=${p.id}&year=${year}`),
        api: `/api/reports/sar/${p.id}/readiness?year=${year}`,
      }))
      .sort((a, b) => Number(a.on_course) - Number(b.on_course));
    const on = programs.filter((p) => p.on_course).length;
    const n = programs.length;
    const text = `${on} of ${n} program${n === 1 ? '' : 's'} on course`;
    return [c.campus, { ...cell(c.campus, n ? on : null, text, `/reports/sar-readiness?year=${year}`), programs }];
  });
  return [
    {
      key: 'sar-readiness',
      title: `SAR readiness, ${year}`,
      note:
        "Each program's total marks and the outcome NBA's decision rule projects for its SAR of this year, as on its SAR Readiness " +
        'page; on course: projected accredited for six or three years.',
      rows: [{ label: 'Programs on course', unit: 'count', cells: Object.fromEntries(cells) }],
    },
  ];
}

/** The other sections: surveys, faculty, research and mail, one row per measure. */
function activitySections(campuses: readonly CampusFigures[], year: string): RollupSection[] {
  const row = (label: string, unit: RollupRow['unit'], make: (c: CampusFigures) => RollupCell): RollupRow => ({
    label,
    unit,
    cells: Object.fromEntries(campuses.map((c) => [c.campus, make(c)])),
  });
  const surveys = `/survey?year=${year}`;
  const users = '/utilities/manage_user';
  const papers = '/faculty-contribution/research_publication';
  const projects = '/faculty-contribution/sponsored_project';
  return [
    {
      key: 'survey',
      title: `Survey response rates, ${year}`,
      note: "Responses (online and paper) over people invited or surveyed on paper, over the year's surveys, as on the Survey dashboard.",
      rows: [
        row('Invited or surveyed', 'count', (c) => countCell(c.campus, c.surveys.invited, surveys)),
        row('Responded', 'count', (c) => countCell(c.campus, c.surveys.responded, surveys)),
        row('Response rate', 'percent', (c) => percentCell(c.campus, c.surveys.responded, c.surveys.invited, surveys)),
      ],
    },
    {
      key: 'faculty',
      title: `Faculty by cadre and qualification, ${year}`,
      note:
        'Members with the faculty role in position during the year; cadre from their designation and Ph.D. from their ' +
        "qualification, as in the SAR's Criterion 5.",
      rows: [
        row('Faculty members', 'count', (c) => countCell(c.campus, c.faculty.total, users)),
        row('Professors', 'count', (c) => countCell(c.campus, c.faculty.professors, users)),
        row('Associate professors', 'count', (c) => countCell(c.campus, c.faculty.associates, users)),
        row('Assistant professors', 'count', (c) => countCell(c.campus, c.faculty.assistants, users)),
        row('Cadre not given', 'count', (c) => countCell(c.campus, c.faculty.other, users)),
        row('With a Ph.D.', 'count', (c) => countCell(c.campus, c.faculty.phd, users)),
        row('With a Ph.D. (share)', 'percent', (c) => percentCell(c.campus, c.faculty.phd, c.faculty.total, users)),
      ],
    },
    {
      key: 'research',
      title: `Publications and funded projects per faculty member, ${year}`,
      note:
        'Published journal and conference papers (a co-authored paper once) and projects sanctioned in the year, by ' +
        "the SAR's Criterion 5 rules, over the faculty members counted above.",
      rows: [
        row('Publications', 'count', (c) => countCell(c.campus, c.publications, papers)),
        row('Publications per faculty member', 'per-faculty', (c) => perCell(c.campus, c.publications, c.faculty.total, papers)),
        row('Funded projects', 'count', (c) => countCell(c.campus, c.funded, projects)),
        row('Funded projects per faculty member', 'per-faculty', (c) => perCell(c.campus, c.funded, c.faculty.total, projects)),
      ],
    },
    {
      key: 'mail',
      title: `Mail bounce rates, ${year}`,
      note: "Recipients of the campus's mails sent during the academic year and how many bounced, from Send Mail's delivery receipts.",
      rows: [
        row('Recipients', 'count', (c) => countCell(c.campus, c.mail.recipients, '/utilities')),
        row('Bounced', 'count', (c) => countCell(c.campus, c.mail.bounced, '/utilities')),
        row('Bounce rate', 'percent', (c) => percentCell(c.campus, c.mail.bounced, c.mail.recipients, '/utilities')),
      ],
    },
  ];
}

/**
 * Reads every campus of a group from its summaries (`campus-summary.ts`), at most 4 campuses at a time: one Query per
 * campus when its summaries (programs, the year's figures, its programs' SAR readiness that year) are stored (a stale
 * one is served, its campus listed in `updating`, while the refresh its change queued runs; one never stored is
 * computed once). Disabled campuses are included (their data is still the group's).
 * @param year "2025-26"; default `defaultResultsYear` over the campuses: the newest year with stored results (not
 *   after CAY) in every campus that has any, as the group dashboard counts
 * @returns the campuses, the year used (with why) and each campus's figures, in the group's order
 * @throws HttpError 400 for a year not shaped like 2025-26
 */
export async function groupFigures(
  groupId: string,
  caller: Caller,
  year: string | undefined,
): Promise<{ campuses: CampusRegistration[]; year: YearChoice; figures: CampusFigures[]; updating: string[] }> {
  if (year !== undefined && !isAcademicYear(year)) throw new HttpError(400, 'Give the academic year as 2025-26', { year: 'Not valid' });
  const campuses = await groupCampuses(groupId);
  const limit = pLimit(4);
  const scopes: CampusScope[] = campuses.map((c) => groupScope(caller, c.id));
  const summaries = await Promise.all(scopes.map((s) => limit(() => readCampusSummaries(s))));
  const today = todayInIndia();
  const current = await campusesCurrentYear(scopes, today);
  const chosen = resultsYear(
    year,
    summaries.map((s) => resultYears([s.programs])),
    current,
  );
  const [years, readiness] = await Promise.all([
    Promise.all(summaries.map((s) => limit(() => yearSummary(s, chosen.year, today)))),
    Promise.all(summaries.map((s) => limit(() => readinessSummary(s, chosen.year)))),
  ]);
  return {
    campuses,
    year: chosen,
    figures: summaries.map((s, i) => campusFigures(s, years[i], chosen.year, readiness[i].programs)),
    updating: summaries.filter((s) => s.updating).map((s) => s.scope.campus),
  };
}

/**
 * `GET /api/group/rollup`: the caller's group's campuses side by side (`RollupView`): program-level PO attainment
 * per program type, each program's SAR readiness, survey response rates, faculty by cadre and Ph.D., publications and
 * funded projects per faculty member, and mail bounce rates. Every cell links to the campus page it came from.
 * @throws HttpError 404 when the caller's group does not exist; 400 for a bad year
 */
export async function groupRollup(caller: Caller, year: string | undefined): Promise<RollupView> {
  const group = await getGroup(caller.tenant);
  if (!group) throw new HttpError(404, 'Your group was not found');
  const { campuses, year: chosen, figures, updating } = await groupFigures(group.id, caller, year);
  return {
    group,
    academic_year: chosen.year,
    year_choice: chosen,
    campuses: campuses.map((c) => ({ id: c.id, name: c.name, status: c.status })),
    sections: [
      ...attainmentSections(figures, chosen.year),
      ...readinessSection(figures, chosen.year),
      ...activitySections(figures, chosen.year),
    ],
    updating,
  };
}
