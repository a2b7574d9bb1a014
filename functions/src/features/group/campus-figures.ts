import {
  type CampusScope,
  type EntityRecord,
  type ProgramAttainment,
  type RecordOf,
  profile,
  program,
  programType,
  researchPublication,
  sponsoredProject,
} from '@attain/shared-types';
import { storedProgramAttainment } from '../attainment/index.js';
import { type Member, cadreOf, hasPhd, inPosition } from '../sar/index.js';
import { RESEARCH_MEASURES, measure } from '../sar/index.js';
import { listAll } from '../../platform/store/list-all.js';
import { surveyDashboard } from '../survey-results/index.js';
import { mailsBetween } from './mail-count-store.js';

/**
 * What the group roll-up and the dashboard count in one campus for one academic year, each read through
 * the same services the campus's own pages use, so a figure here equals the page it drills down to:
 * - programs with their type's name and their stored attainment that year (`storedProgramAttainment`, as the
 *   Program Level PO Attainment page);
 * - survey invitations and responses of the year's surveys (`surveyDashboard`, as the Survey dashboard);
 * - the faculty in position that year (role faculty) by cadre and PhD (the SAR's census rules);
 * - publications (journal and conference papers, a co-authored paper once) and funded projects of the year, by the
 *   SAR's measures;
 * - mails sent in a date range, with their bounced recipients (Send Mail's counts).
 */
export interface CampusFigures {
  campus: string;
  /** Each program, its type's name and its attainment in the year (undefined: no results that year). */
  programs: { record: RecordOf<typeof program>; type: string; year: ProgramAttainment | undefined }[];
  surveys: { open: number; invited: number; responded: number; openInvited: number; openResponded: number };
  faculty: { total: number; professors: number; associates: number; assistants: number; other: number; phd: number };
  publications: number;
  funded: number;
  mail: { recipients: number; bounced: number };
}

/** A campus's programs with their type's name and stored attainment of every year (newest first). */
export type CampusAttainment = { record: RecordOf<typeof program>; type: string; years: ProgramAttainment[] }[];

/**
 * Every program of a campus with its stored attainment (as the Program Level PO Attainment page reads it): 2 calls
 * plus 3 per program when its results are current.
 */
export async function campusAttainment(scope: CampusScope): Promise<CampusAttainment> {
  const [programs, types] = await Promise.all([listAll(scope, program), listAll(scope, programType)]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  return Promise.all(
    programs.map(async (p) => ({
      record: p,
      type: typeName.get(p.program_type ?? '') ?? 'Other',
      years: (await storedProgramAttainment(scope, p.id)).years,
    })),
  );
}

/** The academic years with stored results in any of the campuses' programs, newest first. */
export const resultYears = (campuses: readonly CampusAttainment[]): string[] =>
  [...new Set(campuses.flat().flatMap((p) => p.years.map((y) => y.academic_year ?? '')))].filter(Boolean).sort().reverse();

/**
 * One campus's figures for `year` (e.g. "2025-26") from its programs' attainment (`campusAttainment`); mails are
 * counted from `mailFrom` to `mailTo` (ISO dates). About 6 DynamoDB calls plus 2 per survey of the year.
 */
export async function campusFigures(
  scope: CampusScope,
  attainment: CampusAttainment,
  year: string,
  mailFrom: string,
  mailTo: string,
): Promise<CampusFigures> {
  const [members, dashboard, mail, research] = await Promise.all([
    listAll(scope, profile),
    surveyDashboard(scope, year),
    mailsBetween(scope, mailFrom, mailTo),
    Promise.all([listAll(scope, researchPublication), listAll(scope, sponsoredProject)]),
  ]);
  const faculty = members.filter((m: Member) => m.role === 'faculty' && inPosition(m, year));
  const cadres = { professors: 0, associates: 0, assistants: 0, other: 0 };
  for (const m of faculty) cadres[cadreOf(m) ?? 'other']++;
  const records = new Map<string, EntityRecord[]>([
    [researchPublication.name, research[0]],
    [sponsoredProject.name, research[1]],
  ]);
  const everyone = new Set(members.map((m) => m.id));
  const years = new Set([year]);
  const count = (key: string) => {
    const m = RESEARCH_MEASURES.find((x) => x.key === key);
    return m ? measure(m, records, everyone, years, { once: true }).value : 0;
  };
  const open = dashboard.surveys.filter((s) => s.status === 'Open');
  return {
    campus: scope.campus,
    programs: attainment.map((p) => ({ record: p.record, type: p.type, year: p.years.find((y) => y.academic_year === year) })),
    surveys: {
      open: open.length,
      invited: dashboard.surveys.reduce((n, s) => n + s.invited, 0),
      responded: dashboard.surveys.reduce((n, s) => n + s.responded, 0),
      openInvited: open.reduce((n, s) => n + s.invited, 0),
      openResponded: open.reduce((n, s) => n + s.responded, 0),
    },
    faculty: { total: faculty.length, ...cadres, phd: faculty.filter(hasPhd).length },
    publications: count('journal') + count('conference'),
    funded: count('funded'),
    mail,
  };
}
