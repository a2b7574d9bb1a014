import {
  type CampusLocale,
  type CampusScope,
  type DataViewer,
  type EntityRecord,
  type Figure,
  type RecordOf,
  type ReportCell,
  type ReportSection,
  type Criterion5Version,
  choiceLabel,
  formatDate,
  personalView,
  profile,
  type program,
  fieldOf,
} from '@attain/shared-types';
import { listAll } from '../../platform/store/list-all.js';
import { figure, notAvailable } from '../reports/index.js';
import { CRITERION5_FORMULAS } from './criterion5-formulas.js';
import {
  type Member,
  cadreOf,
  designationsOf,
  facultyYear,
  hasPhd,
  isProgramFaculty,
  memberName,
  retainedFrom,
  serviceYears,
} from './faculty-census.js';
import { RESEARCH_ENTITIES, RESEARCH_MEASURES, measure } from './research-counts.js';
import { studentCount } from './student-count.js';

const CADRE_LABEL = { professors: 'Professor', associates: 'Associate professor', assistants: 'Assistant professor' } as const;
const field = (name: string) => fieldOf(profile, name);

/**
 * What every Criterion 5 table is made from: the years (CAY first) and their column titles, the formulas of the SAR
 * version, the program's faculty (every member's full record, by name) and, per year, its students and faculty census.
 */
interface Criterion5Input {
  years: readonly string[];
  /** CAY, the newest assessment year. */
  cay: string;
  version: Criterion5Version;
  formulas: (typeof CRITERION5_FORMULAS)[Criterion5Version];
  members: Member[];
  students: ReturnType<typeof studentCount>[];
  census: ReturnType<typeof facultyYear>[];
  yearLabel: (y: string) => string;
}

/** A count of members as a figure whose inputs name them (`what` says what is counted, in `year`). */
const countFigure = (n: number, what: string, year: string, who: readonly Member[]) =>
  figure(
    n,
    { formula: `${what}: members in position in ${year} counted`, inputs: who.map((m) => ({ label: memberName(m), value: 1 })) },
    { digits: 0 },
  );

/** Every faculty profile of a campus as stored, read once and shared by the parts of one SAR (or one campus summary). */
export type CampusProfiles = readonly RecordOf<typeof profile>[];

/**
 * Criterion 5 of the SAR for a program (faculty information and contributions), with the formulas of `version`: 5
 * faculty list, 5.1 student-faculty ratio, 5.2 cadre proportion, 5.3 qualification, 5.4 retention, 5.5-5.7 research,
 * IPR, funded projects, consultancy and faculty development per member and for the department. `years` are CAY, CAYm1,
 * CAYm2 of the formulas (newest first), named by `yearLabel` (NBA's label from the SAR's CAY); `locale` (the
 * campus's) writes dates; `viewer` reads the faculty list. Reads every profile (unless `profiles` are given: the
 * campus's, read once for a whole SAR) and the eight research record types of the campus once each (paged Queries).
 */
export async function criterion5(
  scope: CampusScope,
  prog: RecordOf<typeof program>,
  years: readonly string[],
  version: Criterion5Version,
  locale: CampusLocale,
  viewer: DataViewer,
  yearLabel: (y: string) => string,
  profiles?: CampusProfiles,
): Promise<ReportSection[]> {
  const [input, records] = await Promise.all([
    criterion5Input(scope, prog, years, version, yearLabel, profiles),
    Promise.all(RESEARCH_ENTITIES.map((e) => listAll(scope, e))).then(
      (lists) => new Map<string, readonly EntityRecord[]>(RESEARCH_ENTITIES.map((e, i) => [e.name, lists[i]])),
    ),
  ]);
  return [
    facultyList(input, locale, viewer),
    studentFacultyRatio(input),
    cadreProportion(input),
    facultyQualification(input),
    facultyRetention(input),
    research(input, records),
  ];
}

/**
 * What Criterion 5's figures are computed from: the program's faculty (the department's members, by name), and per
 * year (CAY, CAYm1, CAYm2: `years`) its students and faculty census. One paged Query of the profiles, unless the
 * campus's `profiles` are given.
 */
async function criterion5Input(
  scope: CampusScope,
  prog: RecordOf<typeof program>,
  years: readonly string[],
  version: Criterion5Version,
  yearLabel: (y: string) => string,
  profiles?: CampusProfiles,
): Promise<Criterion5Input> {
  const members: Member[] = (profiles ?? (await listAll(scope, profile)))
    .filter((m) => isProgramFaculty(m, prog.department))
    .sort((a, b) => memberName(a).localeCompare(memberName(b)));
  const students = years.map((y) => studentCount(prog, y));
  return {
    years,
    cay: years[0],
    version,
    formulas: CRITERION5_FORMULAS[version],
    members,
    students,
    census: years.map((y, i) => facultyYear(members, y, students[i].value ?? 0)),
    yearLabel,
  };
}

/** The marks figures of Criterion 5's computed items: 5.1 SFR, cadre, qualification (FQ or FQI) and retention. */
export interface Criterion5Marks {
  sfr: Figure;
  cadre: Figure;
  qualification: Figure;
  retention: Figure;
}

/** The mean of the years' figures that have a value (cadre and qualification are computed per year), as a figure. */
function yearsMean(figs: readonly Figure[], years: readonly string[], what: string, version: Criterion5Version, source: string): Figure {
  const inputs = figs.map((f, i) => ({ label: `${what} (${years[i]})`, value: f.text }));
  const known = figs.flatMap((f) => (f.value === null ? [] : [f.value]));
  const formula = `${what} marks = mean of the years with a value`;
  if (!known.length) return notAvailable({ formula, inputs, version, source }, figs[0]?.note ?? `No ${what} marks can be computed`);
  return figure(
    known.reduce((a, b) => a + b, 0) / known.length,
    { formula, inputs, version, source },
    known.length < figs.length ? { note: `Mean of ${known.length} of ${figs.length} years` } : {},
  );
}

/**
 * Criterion 5's marks for a program under `version` (`CRITERION5_FORMULAS`), as the readiness page counts them: the SFR
 * marks of the average ratio, the mean over CAY, CAYm1, CAYm2 of the cadre and qualification marks, and the
 * retention marks. A figure without a value says why (e.g. the 2019 cadre formula is not available). `profiles`: the
 * campus's, when already read (else one paged Query).
 */
export async function criterion5Marks(
  scope: CampusScope,
  prog: RecordOf<typeof program>,
  years: readonly string[],
  version: Criterion5Version,
  profiles?: CampusProfiles,
): Promise<Criterion5Marks> {
  const input = await criterion5Input(scope, prog, years, version, (y) => y, profiles);
  const { formulas, census } = input;
  return {
    sfr: formulas.sfr(census).marks,
    cadre: yearsMean(
      census.map((c) => formulas.cadre(c)),
      years,
      'Cadre',
      version,
      formulas.source,
    ),
    qualification: yearsMean(
      census.map((c) => formulas.qualification(c)),
      years,
      'Qualification',
      version,
      formulas.source,
    ),
    retention: formulas.retention(retentionInputs(input)),
  };
}

/** 5.4's inputs: faculty in position in the oldest year (the base), those of them still in position in CAY, service years, RF. */
function retentionInputs({ years, cay, members, students, census }: Criterion5Input) {
  const retained = retainedFrom(members, years[years.length - 1], cay);
  return {
    base: census[census.length - 1].faculty,
    retained: retained.length,
    serviceYears: census[0].members.flatMap((m) => serviceYears(m, cay) ?? []),
    required: (students[0].value ?? 0) / 20,
  };
}

/**
 * 5: who is counted, and the faculty list (name, designation, cadre, qualification, dates, nature, years of service in
 * CAY). The counts use every member's record; the list prints what `viewer` may read (`personalView`), dates in the
 * campus's format (`locale`).
 */
function facultyList({ cay, version, formulas, members }: Criterion5Input, locale: CampusLocale, viewer: DataViewer): ReportSection {
  const date = (d: unknown) => (typeof d === 'string' && d ? formatDate(d, locale) : '');
  return {
    id: '5',
    title: '5. Faculty information',
    texts: [
      {
        title: 'Who is counted',
        paragraphs: [
          "Faculty of the program's department whose post is Teaching (or, with no post given, whose role is faculty), " +
            `in position at any time in an assessment year. Formulas: ${version}. ${formulas.source}.`,
        ],
      },
    ],
    tables: [
      {
        id: 'faculty-list',
        title: 'Faculty list',
        columns: [
          { key: 'name', label: 'Name' },
          { key: 'designation', label: 'Designation' },
          { key: 'cadre', label: 'Cadre' },
          { key: 'qualification', label: 'Highest qualification' },
          { key: 'joined', label: 'Date of joining' },
          { key: 'relieved', label: 'Relieving date' },
          { key: 'nature', label: 'Regular / contract' },
          { key: 'service', label: `Years of service (${cay})`, unit: 'years' },
        ],
        // The counts above use every member's record; the list prints what the reader may read (`personalView`): a
        // relieving date only to the campus's admins and the member.
        rows: members.map((full) => {
          const m = personalView(profile, full, viewer);
          const c = cadreOf(m);
          const years = serviceYears(m, cay);
          return {
            name: memberName(m),
            designation: designationsOf(m).join(', '),
            cadre: c ? CADRE_LABEL[c] : 'Not given',
            qualification: hasPhd(m) ? 'PhD' : choiceLabel(field('highest_qualification'), m.highest_qualification),
            joined: date(m.date_of_joining),
            relieved: date(m.relieving_date),
            nature: m.faculty_serving ? choiceLabel(field('faculty_serving'), m.faculty_serving) : '',
            service:
              years === null
                ? null
                : figure(
                    years,
                    {
                      formula: `Completed years from the date of joining to the end of ${cay}`,
                      inputs: [{ label: 'Date of joining', value: date(m.date_of_joining) }],
                      rounding: 'whole years completed',
                    },
                    { digits: 0 },
                  ),
          };
        }),
        notes: members.length
          ? []
          : ["No faculty of this program's department yet: add them in Configuration > Users and fill their profiles"],
      },
    ],
  };
}

/** 5.1: per year S, F, the regular share and S/F, with the average SFR and its marks (`formulas.sfr`). */
function studentFacultyRatio({ years, version, formulas, students, census, yearLabel }: Criterion5Input): ReportSection {
  const sfr = formulas.sfr(census);
  return {
    id: '5.1',
    title: '5.1 Student-faculty ratio (SFR)',
    tables: [
      {
        id: 'sfr',
        title: 'Student-faculty ratio',
        columns: [
          { key: 'year', label: 'Year' },
          { key: 'students', label: 'S, students (2nd year to final year)', unit: 'students' },
          { key: 'faculty', label: 'F, faculty in position', unit: 'faculty' },
          { key: 'regular', label: 'Regular faculty', unit: '%' },
          { key: 'sfr', label: 'SFR = S / F' },
        ],
        rows: census.map((c, i) => ({
          year: yearLabel(years[i]),
          students: students[i],
          faculty: countFigure(c.faculty, 'F', c.year, c.members),
          regular:
            c.faculty > 0
              ? figure((c.regular / c.faculty) * 100, {
                  formula: 'Regular % = permanent faculty / F x 100 (2019 SAR: at least 75 %)',
                  inputs: [
                    { label: 'Permanent', value: c.regular },
                    { label: 'F', value: c.faculty },
                  ],
                  version,
                  source: formulas.source,
                })
              : null,
          sfr: sfr.ratios[i],
        })),
        footer: [
          { year: 'Average SFR', sfr: sfr.average },
          { year: 'Marks', sfr: sfr.marks },
        ],
      },
    ],
  };
}

/** 5.2: per year the professors, associate and assistant professors in position, and the cadre marks. */
function cadreProportion({ formulas, census, yearLabel }: Criterion5Input): ReportSection {
  return {
    id: '5.2',
    title: '5.2 Faculty cadre proportion',
    tables: [
      {
        id: 'cadre',
        title: 'Faculty cadre proportion',
        columns: [
          { key: 'year', label: 'Year' },
          { key: 'af1', label: 'AF1, professors', unit: 'faculty' },
          { key: 'af2', label: 'AF2, associate professors', unit: 'faculty' },
          { key: 'af3', label: 'AF3, assistant professors', unit: 'faculty' },
          { key: 'marks', label: 'Cadre marks' },
        ],
        rows: census.map((c) => ({
          year: yearLabel(c.year),
          af1: countFigure(
            c.cadre.professors,
            'AF1 (designation Professor or Principal)',
            c.year,
            c.members.filter((m) => cadreOf(m) === 'professors'),
          ),
          af2: countFigure(
            c.cadre.associates,
            'AF2 (designation Associate professor)',
            c.year,
            c.members.filter((m) => cadreOf(m) === 'associates'),
          ),
          af3: countFigure(
            c.cadre.assistants,
            'AF3 (designation Assistant Professor or Lecturer)',
            c.year,
            c.members.filter((m) => cadreOf(m) === 'assistants'),
          ),
          marks: formulas.cadre(c),
        })),
        notes: census.some((c) => c.members.some((m) => cadreOf(m) === null))
          ? ['Members whose designations name no cadre (e.g. only HOD) are counted in F but in no cadre.']
          : [],
      },
    ],
  };
}

/** 5.3: per year the members with a PhD (X) and with an M.Tech/M.E. (Y), and FQ (2019) or FQI. */
function facultyQualification({ version, formulas, census, yearLabel }: Criterion5Input): ReportSection {
  return {
    id: '5.3',
    title: '5.3 Faculty qualification',
    tables: [
      {
        id: 'qualification',
        title: 'Faculty qualification',
        columns: [
          { key: 'year', label: 'Year' },
          { key: 'x', label: 'X, with a PhD', unit: 'faculty' },
          { key: 'y', label: 'Y, with an M.Tech/M.E.', unit: 'faculty' },
          { key: 'fq', label: version.startsWith('SAR 2019') ? 'FQ' : 'FQI' },
        ],
        rows: census.map((c) => ({
          year: yearLabel(c.year),
          x: countFigure(c.phd, 'X (highest qualification PhD, or a PhD awarded)', c.year, c.members.filter(hasPhd)),
          y: countFigure(
            c.mtech,
            'Y (highest qualification M.Tech, no PhD)',
            c.year,
            c.members.filter((m) => !hasPhd(m) && m.highest_qualification === 'MTech'),
          ),
          fq: formulas.qualification(c),
        })),
      },
    ],
  };
}

/** 5.4: the members in position in the oldest year, those still in position in CAY, and the retention marks. */
function facultyRetention(input: Criterion5Input): ReportSection {
  const { years, cay, formulas, yearLabel } = input;
  const base = yearLabel(years[years.length - 1]);
  const r = retentionInputs(input);
  return {
    id: '5.4',
    title: '5.4 Faculty retention',
    tables: [
      {
        id: 'retention',
        title: 'Faculty retention',
        columns: [
          { key: 'base', label: `In position in ${base}`, unit: 'faculty' },
          { key: 'retained', label: `Still in position in ${yearLabel(cay)}`, unit: 'faculty' },
          { key: 'marks', label: 'Retention marks' },
        ],
        rows: [{ base: r.base, retained: r.retained, marks: formulas.retention(r) }],
      },
    ],
  };
}

/**
 * 5.5-5.7: each research measure (`RESEARCH_MEASURES`) per member over the years, and for the department per year
 * (co-authored papers once), each a figure naming the records counted (at most 50). `records`: entity name -> records.
 */
function research(
  { years, cay, members, yearLabel }: Criterion5Input,
  records: ReadonlyMap<string, readonly EntityRecord[]>,
): ReportSection {
  const window = new Set(years);
  const ids = (ms: readonly Member[]) => new Set(ms.map((m) => m.id));
  const yearCells = (figs: readonly (Figure | number)[]) => Object.fromEntries(years.map((y, i) => [y, figs[i]]));
  const yearColumns = years.map((y) => ({ key: y, label: yearLabel(y) }));
  const measureFigure = (
    m: (typeof RESEARCH_MEASURES)[number],
    who: ReadonlySet<string>,
    inYears: ReadonlySet<string>,
    once: boolean,
    scopeText: string,
  ): Figure => {
    const v = measure(m, records, who, inYears, { once });
    return figure(
      v.value,
      {
        formula:
          `${m.label}: ${m.amount ? 'sum of amounts' : 'count'} of ${m.entity.label} records in ${scopeText}` +
          (once ? '; a paper with several members counted once (same DOI, or title and year)' : ''),
        inputs: v.titles.slice(0, 50).map((t) => ({ label: t, value: m.amount ? 'amount' : 1 })),
        rounding: m.amount ? 'rupees, as entered' : 'none (a count)',
      },
      { digits: 0 },
    );
  };
  const measureColumns = RESEARCH_MEASURES.map((m) => ({ key: m.key, label: m.label, unit: m.amount ? 'Rs.' : 'records' }));
  return {
    id: '5.5',
    title: '5.5-5.7 Research, IPR, funded projects, consultancy and faculty development',
    tables: [
      {
        id: 'research-per-member',
        title: `Per faculty member, ${years[years.length - 1]} to ${cay}`,
        columns: [{ key: 'name', label: 'Name' }, ...measureColumns],
        rows: members.map((m): Record<string, ReportCell> => ({
          name: memberName(m),
          ...Object.fromEntries(
            RESEARCH_MEASURES.map((x) => [x.key, measureFigure(x, new Set([m.id]), window, false, `${years[years.length - 1]} to ${cay}`)]),
          ),
        })),
        notes: [
          'Book chapters carry no year and are counted whatever the year.',
          'A record dated by a calendar year Y counts in the academic year starting in Y.',
        ],
      },
      {
        id: 'research-department',
        title: 'Department, per year (co-authored papers once)',
        columns: [{ key: 'measure', label: 'Measure' }, ...yearColumns],
        rows: RESEARCH_MEASURES.map((x) => ({
          measure: x.label,
          ...yearCells(years.map((y) => measureFigure(x, ids(members), new Set([y]), true, y))),
        })),
      },
    ],
  };
}
