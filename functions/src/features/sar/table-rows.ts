import {
  type CampusLocale,
  type CampusScope,
  type DataViewer,
  type RecordOf,
  type SarTableDef,
  type SarTableFill,
  type SarTableRows,
  type SarTableRowsView,
  type SarVersion,
  academicYearOf,
  academicYearSpan,
  academicYearStart,
  batchPerformance,
  bloomLevel,
  courseCurriculum,
  courseOutcome,
  curriculum,
  firstYearAcademics,
  formatDate,
  formatNumber,
  numberOf,
  sponsoredProject,
  term,
  textOf,
  labExperiment,
  occasion,
  occasionYear,
  professionalBody,
  profile,
  program,
  workshopAttended,
  workshopOrganized,
} from '@attain/shared-types';
import { getDocuments } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { campusLocale, courseName } from '../reports/index.js';
import { graduatedBatches } from './criterion4-formulas.js';
import { FIRST_YEAR_YEARS, fysfr } from './criterion8-formulas.js';
import { inPosition, isProgramFaculty, memberName } from './faculty-census.js';
import { sarItemOrRefuse } from './sar-sections.js';
import { programYears } from './readiness.js';

type Program = RecordOf<typeof program>;
/** One row of a table by column heading; a heading the row lacks is left blank. */
type Row = Readonly<Record<string, string>>;
/** The rows a fill gives, and where they come from in people words. */
interface Filled {
  rows: Row[];
  source: string;
}
/** What a fill reads: the campus, the program, the report year (`2025-26`) and the campus's date format. */
interface FillContext {
  scope: CampusScope;
  prog: Program;
  year: string;
  locale: CampusLocale;
}

const sum = (xs: readonly number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;
/** `CO1 20, CO2 30`: marks per key, in the order first met. */
const marksBy = (pairs: readonly (readonly [string, number])[]) => {
  const by = new Map<string, number>();
  for (const [k, m] of pairs) by.set(k, sum([by.get(k) ?? 0, m]));
  return [...by].map(([k, m]) => `${k} ${m}`).join(', ');
};
/** Days from `from` to `to` (ISO dates), both counted; '' when either is missing. */
const daysBetween = (from?: string, to?: string) =>
  from && to ? String(Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1) : '';

/**
 * 2.2.2: the question papers of the program's assessments held in the report year, one row per occasion with a paper:
 * the course, the assessment, its marks, and its marks by CO and by Bloom's level (sums of the questions' maximum marks).
 */
async function questionPapers({ scope, prog, year }: FillContext): Promise<Filled> {
  const [courses, occasions, curricula, levels] = await Promise.all([
    listAll(scope, courseCurriculum, { program: prog.id }),
    listAll(scope, occasion, { program: prog.id }),
    listAll(scope, curriculum, { program: prog.id }),
    listAll(scope, bloomLevel),
  ]);
  const cos = (await Promise.all(curricula.map((c) => queryByField(scope, courseOutcome, 'curriculum', c.id)))).flat();
  const held = occasions
    .filter((o) => occasionYear(o) === year)
    .sort((a, b) => (a.held_on ?? '').localeCompare(b.held_on ?? '') || a.name.localeCompare(b.name));
  const papers = await getDocuments(
    scope,
    'question-paper',
    held.map((o) => o.id),
  );
  const course = new Map(courses.map((c) => [c.id, courseName(c)]));
  const co = new Map(cos.map((c) => [c.id, c.code]));
  const level = new Map(levels.map((l) => [l.id, [l.level_of_learning, l.name].filter(Boolean).join(' ')]));
  const rows = held.flatMap((o): Row[] => {
    const qs = papers.get(o.id)?.questions ?? [];
    if (!qs.length) return [];
    return [
      {
        Course: course.get(o.course) ?? '',
        Assessment: `${o.name} (${o.kind})`,
        Marks: String(sum(qs.map((q) => q.max_marks))),
        'Marks by CO': marksBy(qs.map((q) => [co.get(q.co) ?? q.co, q.max_marks])),
        'Marks by Bloom’s level': marksBy(qs.map((q) => [level.get(q.bloom_level) ?? q.bloom_level, q.max_marks])),
      },
    ];
  });
  return { rows, source: `The question papers of ${prog.title}’s assessments held in ${year}` };
}

/** The named lists of a batch NBA's 4.5a prints, with the outcome each stands for. */
const NAMED_LISTS = [
  ['placed_students', 'Placed'],
  ['higher_studies_students', 'Higher studies'],
  ['entrepreneur_students', 'Entrepreneur'],
] as const;

/**
 * 4.5a: the students the graduated batches LYG, LYGm1 and LYGm2 of the report year (the batches Criterion 4's
 * placement figure counts, `graduatedBatches`) list as placed, admitted to higher studies, or entrepreneurs.
 */
async function placements({ scope, prog, year }: FillContext): Promise<Filled> {
  const batches = new Map((await listAll(scope, batchPerformance, { program: prog.id })).map((b) => [b.entry_year, b]));
  const rows = graduatedBatches(year, programYears(prog)).flatMap(({ label, entry }) =>
    NAMED_LISTS.flatMap(([field, outcome]) =>
      (batches.get(entry)?.[field] ?? []).map((s): Row => ({
        Batch: `${label} ${entry}`,
        Student: textOf(s.name),
        'Roll no.': textOf(s.roll_no),
        Outcome: outcome,
        'Employer, exam and institution, or venture': textOf(s.detail),
      })),
    ),
  );
  return { rows, source: `The named lists of ${prog.title}’s batches LYG, LYGm1 and LYGm2 of ${year} (Students’ performance)` };
}

/** The program's faculty in the report year (profiles of its department in a teaching post, in position), by id, with their names. */
async function programFaculty({ scope, prog, year }: FillContext): Promise<Map<string, string>> {
  const members = (await listAll(scope, profile)).filter((m) => isProgramFaculty(m, prog.department) && inPosition(m, year));
  return new Map(members.map((m) => [m.id, memberName(m)]));
}

/**
 * Faculty Contribution records of the program's faculty (`faculty` is the owner's profile id), with the owner's name;
 * `inYear` keeps those begun (`start_data`) in the report year. Personal records are read through `textOf`/`numberOf`:
 * their registry type does not carry their fields.
 */
async function facultyRecords<
  D extends typeof workshopAttended | typeof workshopOrganized | typeof professionalBody | typeof sponsoredProject,
>(ctx: FillContext, def: D, inYear: boolean): Promise<{ name: string; r: Record<string, unknown> }[]> {
  const [faculty, records] = await Promise.all([programFaculty(ctx), listAll(ctx.scope, def)]);
  return records
    .map((r: Record<string, unknown>) => ({ name: faculty.get(textOf(r.faculty)) ?? '', r }))
    .filter(({ name, r }) => name && (!inYear || (textOf(r.start_data) && academicYearOf(textOf(r.start_data)) === ctx.year)))
    .sort((a, b) => textOf(a.r.start_data).localeCompare(textOf(b.r.start_data)) || a.name.localeCompare(b.name));
}

/** An ISO date in the campus's format ('' for none). */
const dateIn = (locale: CampusLocale, d: unknown) => (textOf(d) ? formatDate(textOf(d), locale) : '');

/** 5.6 / 6.1.2.2: FDPs, STTPs and workshops the program's faculty attended that began in the report year. */
async function fdpAttended(ctx: FillContext): Promise<Filled> {
  const rows = (await facultyRecords(ctx, workshopAttended, true)).map(({ name, r }): Row => ({
    Faculty: name,
    Programme: `${textOf(r.title)} (${textOf(r.type)})`,
    Organiser: textOf(r.event_organizer),
    From: dateIn(ctx.locale, r.start_data),
    To: dateIn(ctx.locale, r.end_data),
    Days: daysBetween(textOf(r.start_data), textOf(r.end_data)),
  }));
  return { rows, source: `Faculty Contribution: programmes attended by ${ctx.prog.title}’s faculty, begun in ${ctx.year}` };
}

/** 6.1.4: FDPs, STTPs and workshops the program's faculty organised that began in the report year. */
async function fdpOrganised(ctx: FillContext): Promise<Filled> {
  const rows = (await facultyRecords(ctx, workshopOrganized, true)).map(({ r }): Row => ({
    Programme: textOf(r.title),
    Type: textOf(r.type),
    From: dateIn(ctx.locale, r.start_data),
    To: dateIn(ctx.locale, r.end_data),
    Participants: textOf(r.no_of_participants),
  }));
  return { rows, source: `Faculty Contribution: programmes organised by ${ctx.prog.title}’s faculty, begun in ${ctx.year}` };
}

/** 6.1.1: the program's faculty's memberships of professional bodies. */
async function memberships(ctx: FillContext): Promise<Filled> {
  const { to } = academicYearSpan(ctx.year);
  const rows = (await facultyRecords(ctx, professionalBody, false))
    .filter(({ r }) => textOf(r.start_date) <= to)
    .map(({ name, r }): Row => ({
      Faculty: name,
      Society: textOf(r.organization_name),
      Membership: textOf(r.membership_type),
      'Member since': dateIn(ctx.locale, r.start_date),
    }));
  return { rows, source: `Faculty Contribution: professional bodies ${ctx.prog.title}’s faculty belonged to by the end of ${ctx.year}` };
}

/**
 * 6.2.3 (2025) and 5.8.2 (Tier I): the sponsored projects of the program's faculty sanctioned in the report year's
 * first calendar year or the three before it (CAYm3 to CAY), newest first.
 */
async function sponsored(ctx: FillContext): Promise<Filled> {
  const start = academicYearStart(ctx.year);
  const rows = (await facultyRecords(ctx, sponsoredProject, false))
    .filter(({ r }) => {
      const y = numberOf(r.year_of_sanction);
      return y !== undefined && y >= start - 3 && y <= start;
    })
    .sort((a, b) => (numberOf(b.r.year_of_sanction) ?? 0) - (numberOf(a.r.year_of_sanction) ?? 0))
    .map(({ name, r }): Row => ({
      Faculty: name,
      Project: textOf(r.project_title),
      'Funding agency': textOf(r.spomsoring_organization),
      'Year sanctioned': textOf(r.year_of_sanction),
      'Amount (₹)': numberOf(r.amount) === undefined ? '' : formatNumber(numberOf(r.amount) ?? 0, ctx.locale, 0),
      'Duration (months)': textOf(r.duration),
    }));
  return { rows, source: `Faculty Contribution: sponsored projects of ${ctx.prog.title}’s faculty sanctioned ${start - 3} to ${start}` };
}

/**
 * 1.2.1 (2025) and 2.1.2 (Tier I): the courses of the program's curriculum in force in the report year (the newest
 * first admitted in or before it; else the newest), term by term, with their L-T-P and credits.
 */
async function curriculumStructure({ scope, prog, year }: FillContext): Promise<Filled> {
  const start = academicYearStart(year);
  const all = (await listAll(scope, curriculum, { program: prog.id })).sort((a, b) => (b.start_year ?? 0) - (a.start_year ?? 0));
  const inForce = all.find((c) => (c.start_year ?? 0) <= start) ?? all[0];
  if (!inForce) return { rows: [], source: `${prog.title} has no curriculum yet (Curriculum)` };
  const [terms, courses] = await Promise.all([
    listAll(scope, term, { curriculum: inForce.id }),
    listAll(scope, courseCurriculum, { curriculum: inForce.id }),
  ]);
  const termOf = new Map(terms.map((t) => [t.id, t]));
  const n = (v: number | undefined) => (v === undefined ? '' : String(v));
  const rows = courses
    .sort(
      (a, b) =>
        (termOf.get(a.term)?.number ?? 0) - (termOf.get(b.term)?.number ?? 0) ||
        (a.code ?? '').localeCompare(b.code ?? '', undefined, { numeric: true }),
    )
    .map((c): Row => ({
      Term: termOf.get(c.term)?.name ?? '',
      'Course code': c.code ?? '',
      Course: c.title,
      'Lecture (L)': n(c.lecture_credits),
      'Tutorial (T)': n(c.tutor_credits),
      'Practical (P)': n(c.practical_credits),
      Credits: n(c.total_credits),
    }));
  return { rows, source: `The courses of ${inForce.name} (Curriculum)` };
}

/** 6.1 / 7.1 and the safety table: the program's courses with laboratory experiments, their experiments and sessions. */
async function labs({ scope, prog }: FillContext): Promise<Filled> {
  const [courses, experiments] = await Promise.all([listAll(scope, courseCurriculum, { program: prog.id }), listAll(scope, labExperiment)]);
  const rows = courses
    .map((c) => ({ c, mine: experiments.filter((e) => e.course === c.id) }))
    .filter(({ mine }) => mine.length > 0)
    .sort((a, b) => (a.c.code ?? '').localeCompare(b.c.code ?? '', undefined, { numeric: true }))
    .map(({ c, mine }): Row => ({
      'Laboratory (course)': courseName(c),
      Experiments: String(mine.length),
      Sessions: String(sum(mine.map((e) => e.no_of_session ?? 0))),
    }));
  return { rows, source: `The laboratory experiments of ${prog.title}’s courses (Curriculum)` };
}

/**
 * 9.1 (2025): the first year's students and faculty of CAY, CAYm1 and CAYm2 of the report year, with their ratio as
 * Criterion 8 computes it (`fysfr`, two decimals).
 */
async function firstYear({ scope, year }: FillContext): Promise<Filled> {
  const entered = new Map((await listAll(scope, firstYearAcademics)).map((r) => [r.academic_year, r]));
  const rows = FIRST_YEAR_YEARS(year).map(({ label, year: y }): Row => {
    const r = entered.get(y);
    const ratio = fysfr({ students: r?.students ?? null, faculty: r?.faculty ?? null });
    return {
      'Academic year': `${label} ${y}`,
      Students: textOf(r?.students),
      'Faculty (full-time equivalent)': textOf(r?.faculty),
      Ratio: ratio === null ? '' : ratio.toFixed(2),
    };
  });
  return {
    rows: rows.some((r) => r.Students || r['Faculty (full-time equivalent)']) ? rows : [],
    source: 'First Year Academics, CAY to CAYm2',
  };
}

/**
 * Each fill by its id (`SarTableFill`); `personal` fills list colleagues' Faculty Contribution records, which only the
 * campus's administrators may read (a faculty member reads their own).
 */
const FILLS: Readonly<Record<SarTableFill, { rows: (ctx: FillContext) => Promise<Filled>; personal?: true }>> = {
  'question-papers': { rows: questionPapers },
  placements: { rows: placements },
  'fdp-attended': { rows: fdpAttended, personal: true },
  'fdp-organised': { rows: fdpOrganised, personal: true },
  memberships: { rows: memberships, personal: true },
  sponsored: { rows: sponsored, personal: true },
  labs: { rows: labs },
  curriculum: { rows: curriculumStructure },
  'first-year': { rows: firstYear },
};

/** What a table says when its rows are colleagues' records and the caller is not a campus administrator. */
export const WITHHELD = 'Only a campus administrator fills this table from Attain: it lists colleagues’ Faculty Contribution records.';

/** A fill's rows in a table's columns, in order (a column the fill does not know is blank). */
const inColumns = (def: SarTableDef, filled: Filled): SarTableRows => ({
  title: def.title,
  columns: [...def.columns],
  rows: filled.rows.map((r) => def.columns.map((c) => r[c] ?? '')),
  source: filled.source,
});

/**
 * The rows Attain holds for each fillable NBA table of `item` of format `format`, for program `programId` and report
 * year `year` (`2025-26`), in each table's columns (`SarTableRowsView`); an item without fillable tables answers none.
 * A table of colleagues' Faculty Contribution records is filled for a campus administrator only (`viewer`); anyone
 * else gets no rows and `withheld` saying why. Reads only what the item's tables need.
 * @throws HttpError 404 for a program of another campus or none; 400 for an item not of the format
 */
export async function sarTableRows(
  scope: CampusScope,
  viewer: DataViewer,
  programId: string,
  format: SarVersion,
  year: string,
  item: string,
): Promise<SarTableRowsView> {
  const prog = await getRecord(scope, program, programId);
  const found = sarItemOrRefuse(format, item);
  const fillable = (found.item.tables ?? []).flatMap((t) => (t.fill ? [{ t, fill: FILLS[t.fill] }] : []));
  if (!fillable.length) return { item, year, tables: [] };
  const ctx: FillContext = { scope, prog, year, locale: await campusLocale(scope) };
  const tables = await Promise.all(
    fillable.map(async ({ t, fill }) =>
      fill.personal && !viewer.campusAdmin
        ? { ...inColumns(t, { rows: [], source: 'Faculty Contribution' }), withheld: WITHHELD }
        : inColumns(t, await fill.rows(ctx)),
    ),
  );
  return { item, year, tables };
}
