import {
  type CampusScope,
  type Figure,
  type ReadinessCriterion,
  type ReadinessItem,
  type ReadinessSection,
  type RecordOf,
  type SarFormatDef,
  type SarReadinessView,
  type SarScoring,
  batchPerformance,
  organizationCurrentYear,
  firstYearAcademics,
  genericProgramOutcome,
  isPoReference,
  poMismatch,
  poMoveApplies,
  typedRows,
  organization,
  program,
  projectOutcome,
  numberOf,
  sarFormatDef,
  sarSection,
  shiftAcademicYear,
  todayInIndia,
} from '@attain/shared-types';
import { listAll } from '../../platform/store/list-all.js';
import { findRecord, getRecord, queryByField } from '../../platform/store/records.js';
import * as c4 from './criterion4-formulas.js';
import { sarYear } from './sar-year.js';
import { type CampusProfiles, type Criterion5Marks, criterion5Marks } from './criterion5.js';
import { type FirstYear, firstYearPerformance, firstYearQualification, firstYearSfr } from './criterion8-formulas.js';
import type { ItemFigures } from './item-figures.js';

type Batch = RecordOf<typeof batchPerformance>;
type Section = RecordOf<typeof sarSection>;

/** What the marks formulas read for one program and report year. */
interface ScoringInput {
  c4: c4.Criterion4Input;
  c5: Criterion5Marks;
  firstYear: ReadonlyMap<string, FirstYear>;
  cay: string;
}

/** A marks formula's result as the page shows it: the marks figure, and the item's rows and average where it has them. */
type Scored = { marks: Figure; figures: ItemFigures['rows']; average: Figure | null };
const fromItem = (f: ItemFigures): Scored => ({ marks: f.marks, figures: f.rows, average: f.average });
const fromMarks = (marks: Figure): Scored => ({ marks, figures: [], average: null });

/** Every marks formula a format names (`SarScoring`), over the program's data. */
const SCORING: Readonly<Record<SarScoring, (i: ScoringInput) => Scored>> = {
  'c4-enrolment-2015': (i) => fromItem(c4.enrolment2015(i.c4)),
  'c4-success-no-backlog-2015': (i) => fromItem(c4.successNoBacklog2015(i.c4)),
  'c4-success-stipulated-2015': (i) => fromItem(c4.successStipulated2015(i.c4)),
  'c4-api-third-year-2015': (i) => fromItem(c4.apiThirdYear2015(i.c4)),
  'c4-api-second-year-2015': (i) => fromItem(c4.apiSecondYear2015(i.c4)),
  'c4-placement-2015': (i) => fromItem(c4.placement2015(i.c4)),
  'c4-success-no-backlog-2016': (i) => fromItem(c4.successNoBacklog2016(i.c4)),
  'c4-success-stipulated-2016': (i) => fromItem(c4.successStipulated2016(i.c4)),
  'c4-api-second-year-2016': (i) => fromItem(c4.apiSecondYear2016(i.c4)),
  'c4-placement-2016': (i) => fromItem(c4.placement2016(i.c4)),
  'c4-enrolment-2025': (i) => fromItem(c4.enrolment2025(i.c4)),
  'c4-success-2025': (i) => fromItem(c4.success2025(i.c4)),
  'c4-api-first-year-2025': (i) => fromItem(c4.api2025(1)(i.c4)),
  'c4-api-second-year-2025': (i) => fromItem(c4.api2025(2)(i.c4)),
  'c4-api-third-year-2025': (i) => fromItem(c4.api2025(3)(i.c4)),
  'c4-placement-2025': (i) => fromItem(c4.placement2025(i.c4)),
  'c5-sfr-2019': (i) => fromMarks(i.c5.sfr),
  'c5-cadre-2019': (i) => fromMarks(i.c5.cadre),
  'c5-qualification-2019': (i) => fromMarks(i.c5.qualification),
  'c5-retention-2019': (i) => fromMarks(i.c5.retention),
  'c5-sfr-2025': (i) => fromMarks(i.c5.sfr),
  'c5-qualification-2025': (i) => fromMarks(i.c5.qualification),
  'c5-cadre-2025': (i) => fromMarks(i.c5.cadre),
  'c5-retention-2025': (i) => fromMarks(i.c5.retention),
  'c8-fysfr-2015': (i) => fromItem(firstYearSfr(i.firstYear, i.cay)),
  'c8-qualification-2015': (i) => fromItem(firstYearQualification(i.firstYear, i.cay)),
  'c8-api-first-year-2015': (i) => fromItem(firstYearPerformance(i.firstYear, i.cay)),
};

/** A figure as the formulas read it: the number entered, else null. */
const n = (v: unknown): number | null => numberOf(v) ?? null;

/** A batch record as the Criterion 4 formulas read it (every figure null where not entered). */
function asBatch(b: Batch): c4.Batch {
  return {
    entry_year: b.entry_year,
    sanctioned: n(b.sanctioned),
    admitted: n(b.admitted),
    lateral: n(b.lateral),
    separate_division: n(b.separate_division),
    supernumerary: n(b.supernumerary),
    multiple_entry: n(b.multiple_entry),
    multiple_exit: n(b.multiple_exit),
    graduated_without_backlog: n(b.graduated_without_backlog),
    graduated_in_period: n(b.graduated_in_period),
    final_year: n(b.final_year),
    placed: n(b.placed),
    higher_studies: n(b.higher_studies),
    entrepreneurs: n(b.entrepreneurs),
    study_years: (b.study_years ?? []).map((y) => ({
      year: Number(y.year),
      appeared: n(y.appeared),
      successful: n(y.successful),
      mean_gpa: n(y.mean_gpa),
      mean_percent: n(y.mean_percent),
    })),
  };
}

/** A first-year record as the Criterion 8 formulas read it. */
function asFirstYear(r: RecordOf<typeof firstYearAcademics>): FirstYear {
  return {
    year: r.academic_year,
    students: n(r.students),
    faculty: n(r.faculty),
    phd: n(r.phd),
    pg: n(r.pg),
    appeared: n(r.appeared),
    successful: n(r.successful),
    mean_gpa: n(r.mean_gpa),
    mean_percent: n(r.mean_percent),
  };
}

/** What a section record says on the readiness page. */
function sectionOf(s: Section): ReadinessSection {
  return {
    id: s.id,
    status: s.status ?? 'Draft',
    claimed: typeof s.claimed_marks === 'number' ? s.claimed_marks : null,
    reason: s.claim_reason ?? '',
    claimed_by: s.updated_by,
    claimed_at: s.updated_at,
    evidence: (s.evidence ?? []).length,
    written: Boolean(s.text && s.text.replace(/<[^>]*>/g, '').trim()) || (s.tables ?? []).some((t) => typedRows(t.rows).length > 0),
    text: s.text ?? '',
    tables: s.tables ?? [],
  };
}

/** 2 decimals, half away from zero (marks as the page prints them). */
const r2 = (n: number) => (Math.sign(n) * Math.round(Math.abs(n) * 100 + Number.EPSILON)) / 100;

/**
 * The readiness of a program for its SAR format and report year (`SarReadinessView`): every item's marks from its
 * formula over the program's data (batches, faculty, first year) or from the team's claim in its section (0 until
 * claimed), each criterion's total and percent, NBA's decision rule applied (`projectOutcome`), and what holds the
 * program back, and whether the program's POs are its format's (`poMismatch`). `year` is the report's CAY (default: the
 * SAR export's, `sarYear`).
 * Reads: the program, the organization, the program's batches, sections and outcomes, the first-year records, and the profiles
 * (Criterion 5; not again when the campus's `profiles` are given, as the whole SAR and the campus summaries do).
 * @throws HttpError 404 for a program that is not the campus's
 */
export async function sarReadiness(
  scope: CampusScope,
  programId: string,
  year?: string,
  profiles?: CampusProfiles,
): Promise<SarReadinessView> {
  const [prog, org] = await Promise.all([getRecord(scope, program, programId), findRecord(scope, organization, scope.campus)]);
  // The report year as the SAR export chooses it (`sarYear`), so the page projects the SAR that is downloaded.
  const { yearChoice } = await sarYear(scope, prog.id, organizationCurrentYear(org, todayInIndia()), year, false);
  const cay = yearChoice.year;
  const format = sarFormatDef(prog.sar_version);
  const [batches, firstYears, sections, c5, outcomes] = await Promise.all([
    listAll(scope, batchPerformance, { program: prog.id }),
    listAll(scope, firstYearAcademics),
    listAll(scope, sarSection, { program: prog.id }),
    criterion5Marks(
      scope,
      prog,
      [0, -1, -2].map((k) => shiftAcademicYear(cay, k)),
      format.criterion5,
      profiles,
    ),
    queryByField(scope, genericProgramOutcome, 'program', prog.id),
  ]);
  const programPos = outcomes.filter((o) => o.outcome_type === 'PO').map((o) => o.po_reference ?? '');
  const input: ScoringInput = {
    c4: { batches: new Map(batches.map((b) => [b.entry_year, asBatch(b)])), cay, duration: programYears(prog) },
    c5,
    firstYear: new Map(firstYears.map((r) => [r.academic_year, asFirstYear(r)])),
    cay,
  };
  const mine = new Map(sections.filter((s) => s.sar_format === format.id && s.academic_year === cay).map((s) => [s.item, s]));
  const criteria = format.criteria.map((c) => criterionReadiness(c, input, mine));
  const projection = projectOutcome(format, new Map(criteria.map((c) => [c.number, c.awarded])));
  const items = criteria.flatMap((c) => c.items);
  return {
    program: prog.id,
    program_title: prog.title,
    format: { id: format.id, label: format.label, document: format.document },
    year_choice: yearChoice,
    criteria,
    total: r2(projection.total),
    outcome: projection.outcome,
    rule: format.rule.statement,
    rule_stated: format.rule.stated,
    six_years: { total: format.rule.sixYears.total, criterion_percent: format.rule.sixYears.criterionPercent },
    three_years: { total: format.rule.threeYears.total, criterion_percent: format.rule.threeYears.criterionPercent },
    holding_back: holdingBack(format, criteria, projection.total),
    pos: {
      format: format.pos,
      program: programPos.filter(isPoReference).length,
      mismatch: poMismatch(format, programPos)?.text ?? null,
      movable: poMoveApplies(format, programPos),
    },
    counts: {
      computed: items.filter((i) => i.source === 'computed').length,
      claimed_figures: items.filter(
        (i) => i.kind === 'computed' && !format.criteria.some((c) => c.items.some((x) => x.number === i.number && x.scoring)),
      ).length,
      written: items.filter((i) => i.section?.written).length,
      not_written: items.filter((i) => i.kind !== 'computed' && !i.section?.written).length,
    },
  };
}

/** A program's years of study from its minimum duration (whole years 1-10; 4 when not given in years or outside that). */
export function programYears(p: RecordOf<typeof program>): number {
  // NBA's year labels are defined for programs of 1 to 10 years (`assessmentYears`); anything else reads as 4.
  const q = p.minimum_duration_qty;
  return p.minimum_duration_unit === 'Years' && typeof q === 'number' && Number.isInteger(q) && q >= 1 && q <= 10 ? q : 4;
}

/** One criterion's items with their marks (formula, else claim, else 0), its pools, total and percent. */
function criterionReadiness(
  c: SarFormatDef['criteria'][number],
  input: ScoringInput,
  sections: ReadonlyMap<string, Section>,
): ReadinessCriterion {
  const items: ReadinessItem[] = c.items.map((item) => {
    const section = sections.get(item.number);
    const s = section ? sectionOf(section) : null;
    const scored = item.scoring ? SCORING[item.scoring](input) : null;
    const max = item.marks;
    const cap = (v: number) => Math.max(0, max === null ? v : Math.min(max, v));
    let awarded = 0;
    let source: ReadinessItem['source'] = 'none';
    if (scored?.marks.value !== null && scored?.marks.value !== undefined) {
      awarded = cap(scored.marks.value);
      source = 'computed';
    } else if (!item.scoring && s?.claimed !== null && s?.claimed !== undefined) {
      awarded = cap(s.claimed);
      source = 'claimed';
    }
    return {
      number: item.number,
      title: item.title,
      kind: item.kind,
      max,
      awarded: r2(awarded),
      source,
      computed: scored?.marks ?? null,
      figures: scored?.figures ?? [],
      average: scored?.average ?? null,
      section: s,
      ...(item.note ? { note: item.note } : {}),
    };
  });
  const pools = (c.pools ?? []).map((p) => ({
    items: [...p.items],
    max: p.marks,
    awarded: r2(
      Math.min(
        p.marks,
        items.filter((i) => p.items.includes(i.number)).reduce((sum, i) => sum + i.awarded, 0),
      ),
    ),
  }));
  const pooled = new Set(pools.flatMap((p) => p.items));
  const awarded =
    items.filter((i) => !pooled.has(i.number)).reduce((sum, i) => sum + i.awarded, 0) + pools.reduce((sum, p) => sum + p.awarded, 0);
  return { number: c.number, title: c.title, max: c.marks, awarded: r2(awarded), percent: r2((100 * awarded) / c.marks), items, pools };
}

/**
 * What holds a program back: the criteria below the six-year per-criterion line (the three-year line where the
 * six-year one is met by all but the total); with no per-criterion line and a total short of six years, the three
 * criteria with the most marks still to gain. Each with its three items that would lift it most (marks not yet counted).
 */
function holdingBack(format: SarFormatDef, criteria: readonly ReadinessCriterion[], total: number): SarReadinessView['holding_back'] {
  const line = format.rule.sixYears.criterionPercent;
  const lifts = (c: ReadinessCriterion) =>
    c.items
      .map((i) => ({ number: i.number, title: i.title, gain: r2((i.max ?? poolRoom(c, i.number)) - i.awarded) }))
      .filter((l) => l.gain > 0)
      .sort((a, b) => b.gain - a.gain)
      .slice(0, 3);
  const below =
    line !== null
      ? criteria.filter((c) => c.percent < line)
      : total < format.rule.sixYears.total
        ? [...criteria].sort((a, b) => b.max - b.awarded - (a.max - a.awarded)).slice(0, 3)
        : [];
  return below.map((c) => ({ criterion: c.number, title: c.title, percent: c.percent, line, lifts: lifts(c) }));
}

/** The marks a pooled item could still add: its pool's marks less what the pool already counts. */
function poolRoom(c: ReadinessCriterion, item: string): number {
  const pool = c.pools.find((p) => p.items.includes(item));
  return pool ? pool.max - pool.awarded + (c.items.find((i) => i.number === item)?.awarded ?? 0) : 0;
}
