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
  organizationCurrentYear,
  shiftAcademicYear,
  todayInIndia,
} from '@attain/shared-types';
import { findRecord, getRecord } from '../../platform/store/records.js';
import { listAll } from '../../platform/store/list-all.js';
import { criterion3, criterion3Input, firstYearCoAttainment, onlyFormatPos } from './criterion3.js';
import { criterion5 } from './criterion5.js';
import { sarYear } from './sar-year.js';
import { programYears, sarReadiness } from './readiness.js';
import { wholeSarSections } from './whole-sar.js';
import { yearLines, yearText } from './sar-years.js';
import { citeFormat, forSubmission } from './sar-words.js';

/** The label on every page of the team's review copy. */
export const REVIEW_COPY = 'Review copy';
/** The first header line of the review copy: what it is for. */
const REVIEW_NOTE = `${REVIEW_COPY}: for the program team, with every figure's notes; not the SAR to submit.`;

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
  /** The team's review copy: figure notes (traces), versions and statuses, "Review copy" on every page. */
  review?: boolean;
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
  const cay = organizationCurrentYear(org, todayInIndia());
  const { yearChoice, current, approvals } = await sarYear(scope, prog.id, cay, query.year, query.criteria.includes('3'));
  // The SAR is made for its report year: that year is its CAY, and every year it prints (header, tables, figures) is
  // named from it (`nbaYears`; decision 0045), as the readiness page and Criterion 4 name them.
  const sarCay = yearChoice.year;
  const years = [0, -1, -2].map((k) => shiftAcademicYear(sarCay, k));
  const yearLabel = yearText(sarCay);
  const version = sarVersionOf(prog);
  const format = sarFormatDef(prog.sar_version);
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
    const input = onlyFormatPos(await criterion3Input(scope, prog.id, stored, years), format);
    sections.push(...criterion3(input, years, query.courses, yearLabel));
    // The whole SAR's 8.4.2 (Tier II, Tier I): the first-year courses' CO attainment, 3.2.2's figures of those courses.
    if (query.whole) sections.push(firstYearCoAttainment(input, years[0]));
  }
  const whole = Boolean(query.whole);
  // The campus's profiles, read once for Criterion 5 and, in the whole SAR, its readiness figures.
  const profiles = query.criteria.includes('5') || whole ? await listAll(scope, profile) : undefined;
  if (query.criteria.includes('5')) sections.push(...(await criterion5(scope, prog, years, version, locale, viewer, yearLabel, profiles)));
  const title = prog.title;
  const review = Boolean(query.review);
  if (whole) {
    const [readiness, dept] = await Promise.all([
      sarReadiness(scope, prog.id, yearChoice.year, profiles),
      prog.department ? findRecord(scope, department, prog.department) : Promise.resolve(undefined),
    ]);
    const built = new Map(sections.map((x) => [x.id, x]));
    sections.splice(0, sections.length, ...wholeSarSections(format, readiness, built, { org, prog, dept }, review));
  }
  const cited = citeFormat(format, sections, whole);
  // The criteria whose years the header lists: every one in the whole SAR, else those asked for.
  const printed = format.criteria.filter((c) => whole || query.criteria.includes(c.number as SarCriterion));
  return {
    report: 'sar',
    title: `NBA Self Assessment Report: ${title}`,
    context: [
      ...(review ? [REVIEW_NOTE] : []),
      `Program: ${title}${prog.acronym ? ` (${prog.acronym})` : ''}`,
      ...(org?.name ? [`Institution: ${org.name}`] : []),
      whole ? `SAR format: ${format.document}` : `SAR format: ${format.document}; Criteria: ${query.criteria.join(' and ')}`,
      ...yearLines(sarCay, programYears(prog), printed),
      ...(review
        ? [
            `Year: ${yearChoice.text}`,
            ...(query.criteria.includes('5') ? [`Criterion 5 formulas: ${version}`] : []),
            ...(query.criteria.includes('3') ? [`Attainment method version: ${methodVersion}`] : []),
            ...frozen.map(frozenFiguresNote),
          ]
        : []),
    ],
    sections: review ? cited : forSubmission(cited),
    traces: review,
    ...(review ? { page_label: REVIEW_COPY } : {}),
    review,
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
