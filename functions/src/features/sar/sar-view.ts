import {
  type DataViewer,
  type CampusScope,
  type RecordOf,
  DEFAULT_LOCALE,
  type FrozenSnapshot,
  type ProgramAttainment,
  frozenFiguresNote,
  type ReportSection,
  type SarCriterion,
  type SarFormat,
  type Criterion5Version,
  sarFormatDef,
  type SarView,
  department,
  organization,
  program,
  profile,
  currentAcademicYear,
  nbaYearLabel,
  shiftAcademicYear,
  todayInIndia,
} from '@attain/shared-types';
import { findRecord, getRecord } from '../../platform/store/records.js';
import { listAll } from '../../platform/store/list-all.js';
import { criterion3, criterion3Input, firstYearCoAttainment } from './criterion3.js';
import { criterion5 } from './criterion5.js';
import { sarYear } from './sar-year.js';
import { sarReadiness } from './readiness.js';
import { wholeSarSections } from './whole-sar.js';

/**
 * What a SAR was asked for: its year (the report's CAY; undefined: the newest year with results, `defaultResultsYear`),
 * the criteria, the courses whose matrices 3.1 shows (null: all), the format.
 */
export interface SarQuery {
  year?: string;
  criteria: SarCriterion[];
  /** The whole SAR of the program's format (`wholeSarSections`), Criteria 3 and 5 included. */
  whole?: boolean;
  courses: Set<string> | null;
  format: SarFormat;
}

/**
 * A program's stored attainment with each approved (frozen) year's figures replaced by its snapshot (a year the
 * current results lack is added from its snapshot), newest year first.
 */
function withSnapshots<T extends { years: ProgramAttainment[] }>(stored: T, approvals: readonly FrozenSnapshot[]): T {
  if (!approvals.length) return stored;
  const snap = new Map(approvals.map((f) => [f.academic_year, f.attainment]));
  const years = [
    ...stored.years.map((y) => snap.get(y.academic_year ?? '') ?? y),
    ...[...snap.values()].filter((a) => !stored.years.some((y) => y.academic_year === a.academic_year)),
  ].sort((a, b) => (b.academic_year ?? '').localeCompare(a.academic_year ?? ''));
  return { ...stored, years };
}

/** The Criterion 5 formulas of the program's SAR format (its `sar_version`; the default format until an admin picks one). */
export const sarVersionOf = (p: RecordOf<typeof program>): Criterion5Version => sarFormatDef(p.sar_version).criterion5;

/**
 * The SAR of a program for `query`: Criterion 3 from the program's stored attainment (the figures its Attainment pages
 * show) and Criterion 5 from the department's profiles, the program's intake and the contribution records, with the
 * program's `sar_version` formulas; `viewer` is who reads it (a faculty list shows what they may read). A year approved
 * (frozen) among CAY, CAYm1 and CAYm2 shows its snapshot's figures, and the context says whose approval they are (one
 * more Query, of the program's approvals). Without a year, the report's year is the one every results page opens on
 * (`defaultResultsYear`: the newest with results or an approval, not after the campus's CAY; none: CAYm1), and
 * `year_choice` says so.
 * @throws HttpError 404 for a program that is not the campus's
 */
export async function sarView(scope: CampusScope, programId: string, query: SarQuery, viewer: DataViewer): Promise<SarView> {
  const [prog, org] = await Promise.all([getRecord(scope, program, programId), findRecord(scope, organization, scope.campus)]);
  // The campus's CAY from the organization just read (as `campusCurrentYear` reads it).
  const cay = currentAcademicYear(org?.academic_year_start_month, todayInIndia());
  const { yearChoice, current, approvals } = await sarYear(scope, prog.id, cay, query.year, query.criteria.includes('3'));
  const years = [0, -1, -2].map((k) => shiftAcademicYear(yearChoice.year, k));
  // Every year the SAR prints is named by NBA's label from the campus's CAY (2025-26 is CAYm1 in 2026-27).
  const yearLabel = (y: string) => `${nbaYearLabel(y, cay)} ${y}`;
  const version = sarVersionOf(prog);
  const locale = org?.locale ?? DEFAULT_LOCALE;
  const sections: ReportSection[] = [];
  let methodVersion = 0;
  let frozen: SarView['frozen'] = [];
  if (query.criteria.includes('3') && current) {
    const used = approvals.filter((f) => f.status === 'Frozen' && years.includes(f.academic_year));
    const stored = withSnapshots(current, used);
    frozen = used.map(({ academic_year, approved_by, approved_at, method_version }) => ({
      academic_year,
      approved_by,
      approved_at,
      method_version,
    }));
    methodVersion = stored.method.version;
    const input = await criterion3Input(scope, prog.id, stored, years);
    sections.push(...criterion3(input, years, query.courses, yearLabel));
    // The whole SAR's 8.4.2 (Tier II, Tier I): the first-year courses' CO attainment, 3.2.2's figures of those courses.
    if (query.whole) sections.push(firstYearCoAttainment(input, years[0]));
  }
  const whole = Boolean(query.whole);
  // The campus's profiles, read once for Criterion 5 and, in the whole SAR, its readiness figures.
  const profiles = query.criteria.includes('5') || whole ? await listAll(scope, profile) : undefined;
  if (query.criteria.includes('5')) sections.push(...(await criterion5(scope, prog, years, version, locale, viewer, yearLabel, profiles)));
  const title = prog.title;
  const format = sarFormatDef(prog.sar_version);
  if (whole) {
    const [readiness, dept] = await Promise.all([
      sarReadiness(scope, prog.id, yearChoice.year, profiles),
      prog.department ? findRecord(scope, department, prog.department) : Promise.resolve(undefined),
    ]);
    const built = new Map(sections.map((x) => [x.id, x]));
    sections.splice(0, sections.length, ...wholeSarSections(format, readiness, built, { org, prog, dept }));
  }
  return {
    report: 'sar',
    title: `NBA Self Assessment Report: ${title}`,
    context: [
      `Program: ${title}${prog.acronym ? ` (${prog.acronym})` : ''}`,
      `Assessment years: ${years.map(yearLabel).join(', ')}`,
      `Year: ${yearChoice.text}`,
      whole ? `SAR format: ${format.label} (${format.document}), every criterion` : `Criteria: ${query.criteria.join(' and ')}`,
      ...(query.criteria.includes('5') ? [`Criterion 5 formulas: ${version}`] : []),
      ...(query.criteria.includes('3') ? [`Attainment method version: ${methodVersion}`] : []),
      ...frozen.map(frozenFiguresNote),
      ...(org?.name ? [`Institution: ${org.name}`] : []),
    ],
    sections,
    generated_at: new Date().toISOString(),
    program: prog.id,
    program_title: title,
    program_acronym: prog.acronym ?? '',
    years,
    year_choice: yearChoice,
    version,
    criteria: query.criteria,
    whole,
    method_version: methodVersion,
    frozen,
  };
}
