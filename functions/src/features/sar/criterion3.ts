import {
  type AttainmentMethod,
  type CampusScope,
  type CourseAttainment,
  type ExamWeights,
  type Figure,
  type IndirectResult,
  type PlanAction,
  type ProgramAttainment,
  type ReportCell,
  type ReportColumn,
  type ReportSection,
  type ReportTable,
  courseCurriculum,
  courseOutcome,
  curriculum,
  articulationCaption,
  examWeightsText,
  groupCountText,
  type SarFormatDef,
  formatShowsOutcome,
  term,
} from '@attain/shared-types';
import type { MethodInUse } from '../course-inputs/index.js';
import { type ProgramOutcomeColumn, byCode } from '../curriculum/index.js';
import { getDocuments } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { levelCells } from '../reports/index.js';
import { courseName } from '../reports/index.js';
import { TWO_DECIMALS, figure } from '../reports/index.js';
import { type CourseMatrix, courseMatrices } from '../reports/index.js';
import { CRITERION3_CITATION, FINAL_LEVEL_CITATION } from '../reports/index.js';

/** What Criterion 3 is built from: the program's courses with their COs and matrices, and its stored attainment. */
export interface Criterion3Input {
  matrices: CourseMatrix[];
  outcomes: ProgramOutcomeColumn[];
  years: ProgramAttainment[];
  method: MethodInUse;
  /** Improvement plans by `<course id>#<academic year>`: the actions recorded per student and CO. */
  plans: Map<string, Record<string, PlanAction>>;
  /** The first-year courses (ids): those of terms 1 and 2 of their curriculum. */
  firstYear: ReadonlySet<string>;
}

const level = (v: number | null | undefined): string | number => (v === null || v === undefined ? '-' : v);

/**
 * Reads Criterion 3's inputs for a program whose stored attainment the caller already read (`years`, `outcomes`,
 * `method` from `storedProgramAttainment`): its curricula's courses, COs and terms (paged Queries per curriculum), its
 * courses' matrices and the improvement plans of `planYears` (BatchGetItem, 100 keys a call).
 */
export async function criterion3Input(
  scope: CampusScope,
  programId: string,
  stored: { years: ProgramAttainment[]; outcomes: ProgramOutcomeColumn[]; method: MethodInUse },
  planYears: readonly string[],
): Promise<Criterion3Input> {
  const curricula = await listAll(scope, curriculum, { program: programId });
  const perCurriculum = await Promise.all(
    curricula.map((cu) =>
      Promise.all([
        listAll(scope, courseCurriculum, { curriculum: cu.id }),
        listAll(scope, courseOutcome, { curriculum: cu.id }),
        listAll(scope, term, { curriculum: cu.id }),
      ]),
    ),
  );
  const firstTerms = new Set(perCurriculum.flatMap(([, , terms]) => terms.filter((t) => t.number <= 2).map((t) => t.id)));
  const courses = perCurriculum.flatMap(([cs]) => cs).sort(byCode);
  const ids = courses.map((c) => c.id);
  const [docs, planDocs] = await Promise.all([
    getDocuments(scope, 'co-po-matrix', ids),
    getDocuments(
      scope,
      'improvement-plan',
      ids.flatMap((id) => planYears.map((y) => `${id}#${y}`)),
    ),
  ]);
  const plans = new Map([...planDocs].map(([key, doc]) => [key, doc.actions ?? {}]));
  const matrices = courseMatrices(
    courses,
    perCurriculum.flatMap(([, cos]) => cos),
    docs,
  );
  const firstYear = new Set(courses.filter((c) => firstTerms.has(c.term)).map((c) => c.id));
  return { matrices, outcomes: stored.outcomes, years: stored.years, method: stored.method, plans, firstYear };
}

/**
 * Criterion 3's inputs with the POs of `format` only and every PSO (`formatShowsOutcome`): a program whose POs differ
 * from its format's (12 under the 2025 format) prints the format's columns and rows, and the readiness page says what
 * differs (`poMismatch`).
 */
export function onlyFormatPos(input: Criterion3Input, format: SarFormatDef): Criterion3Input {
  const shown = formatShowsOutcome(format);
  return {
    ...input,
    outcomes: input.outcomes.filter((o) => shown(o.po_reference)),
    years: input.years.map((y) => ({ ...y, outcomes: y.outcomes.filter((o) => shown(o.reference)) })),
  };
}

/** Outcome columns (POs then PSOs) of the articulation tables. */
const outcomeColumns = (outcomes: readonly ProgramOutcomeColumn[]): ReportColumn[] =>
  outcomes.map((o) => ({ key: o.id, label: o.po_reference, unit: 'level 1-3' }));

/**
 * 3.1: the course articulation matrix of each chosen course (CO rows, the course's row), and the PAM of all courses,
 * each course's row under the program method's articulation rule (as the CO-PO page and Reports read it).
 */
function articulation(input: Criterion3Input, chosen: ReadonlySet<string> | null): ReportSection[] {
  const mapped = input.matrices.filter((m) => m.saved);
  const rule = input.method.method.articulation_rule;
  const caption = articulationCaption(rule);
  const courseRow = (m: CourseMatrix) => levelCells(m, input.outcomes, rule);
  const cams: ReportTable[] = mapped
    .filter((m) => !chosen || chosen.has(m.course.id))
    .map((m) => ({
      id: `cam-${m.course.code ?? m.course.id}`,
      title: `Course articulation matrix: ${courseName(m.course)}`,
      columns: [{ key: 'co', label: 'CO' }, ...outcomeColumns(input.outcomes)],
      rows: m.cos.map((co) => ({
        co: co.code ?? '',
        ...Object.fromEntries(input.outcomes.map((o) => [o.id, m.cells[co.id]?.[o.id] ?? '-'])),
      })),
      footer: [{ co: `Course (${rule})`, ...courseRow(m) }],
      notes: [caption],
    }));
  const pam: ReportTable = {
    id: 'pam',
    title: `Program articulation matrix (each course: ${rule === 'Highest' ? 'the highest' : 'the average'} of its CO rows)`,
    columns: [{ key: 'course', label: 'Course' }, ...outcomeColumns(input.outcomes)],
    rows: mapped.map((m) => ({ course: courseName(m.course), ...courseRow(m) })),
    notes: [
      caption,
      `Cells: 3 high, 2 medium, 1 low correlation, "-" none. ${rule === 'Highest' ? 'Exact' : `Averages rounded to ${TWO_DECIMALS}`}.`,
    ],
  };
  const missing = input.matrices.filter((m) => !m.saved);
  if (missing.length) {
    // One entry per name, with how many courses carry it (a curriculum lists "Project" or an elective slot per term).
    const counts = new Map<string, number>();
    for (const m of missing) counts.set(courseName(m.course), (counts.get(courseName(m.course)) ?? 0) + 1);
    const names = [...counts].map(([name, n]) => (n > 1 ? `${name} (${n} courses)` : name));
    pam.notes?.push(`${missing.length} courses without a CO-PO matrix (not in the matrix): ${names.join('; ')}`);
  }
  return [
    { id: '3.1-cam', title: '3.1 Course articulation matrices', tables: cams },
    {
      id: '3.1-pam',
      title: '3.1 Program articulation matrix',
      texts: [{ title: 'Source', paragraphs: [CRITERION3_CITATION] }],
      tables: [pam],
    },
  ];
}

/** The CO target as people read it: `level 2` or `60 % of students`. */
const coTarget = (m: AttainmentMethod) =>
  m.co_target_kind === 'Level' ? `level ${m.co_target}` : `${m.co_target_percent ?? ''} % of students`;

/**
 * The method as a paragraph: what every attainment figure of Criterion 3 was computed with (its record version is the
 * review copy's header, `SarView.method_version`).
 */
function methodText(m: AttainmentMethod): string {
  return [
    `A student attains a CO at ${m.threshold_percent} % of its marks;`,
    `level 3, 2, 1 when ${m.level3_percent} %, ${m.level2_percent} %, ${m.level1_percent} % of students do (${m.band_rule.toLowerCase()}).`,
    `Direct level = ${m.cie_weight} % CIE (ISE + MSE) + ${m.see_weight} % SEE (ESE), or a course's own ISE + MSE and ESE weightage where it sets one;`,
    `final = ${m.direct_weight} % direct + ${m.indirect_weight} % indirect (course-exit or PO survey) where a survey gives a level.`,
    `PO/PSO of a course: ${m.po_rule}; program PO/PSO: the mean over the courses that map it.`,
    `Course articulation: ${articulationCaption(m.articulation_rule)}`,
    `Targets: CO ${coTarget(m)}, PO level ${m.po_target}.`,
  ].join(' ');
}

/**
 * An indirect level with its survey's size, as every page shows it: "3 (78.4 %, 51 of 60 answered, ± 5.40)", or
 * when the survey is too small for a level "- (12 of 60 answered; a level needs 26)"; '-' without a survey.
 */
function surveyCell(s: IndirectResult | null | undefined, indirect: number | null): string {
  if (!s) return '-';
  const of = s.population === undefined ? `${s.respondents} answered` : `${s.respondents} of ${s.population} answered`;
  if (s.level === null) return `- (${of}; a level needs ${s.needed ?? '-'})`;
  const margin = s.margin_of_error == null ? '' : `, ± ${s.margin_of_error.toFixed(2)}`;
  return `${level(indirect)} (${s.percent} %, ${of}${margin})`;
}

/** The final-level figure of a CO or PO: the stored value, traced to its direct and indirect levels and the weights. */
function finalFigure(value: number | null, direct: number | null, indirect: number | null, m: AttainmentMethod, what: string): Figure {
  const inputs = [
    { label: `${what} direct level`, value: level(direct) },
    { label: `${what} indirect level`, value: level(indirect) },
  ];
  const formula =
    indirect === null
      ? 'Final = direct level (no survey level this year)'
      : direct === null
        ? 'Final = indirect level (no direct level this year)'
        : `Final = ${m.direct_weight} % x direct + ${m.indirect_weight} % x indirect` +
          ` = (${m.direct_weight} x ${direct} + ${m.indirect_weight} x ${indirect}) / 100`;
  return figure(value, { formula, inputs, source: FINAL_LEVEL_CITATION });
}

/** The CIE/SEE split a course's result used (the course's own weightage or the methodology's; `courseOwnWeights`). */
const splitOf = (c: CourseAttainment, m: AttainmentMethod): ExamWeights =>
  c.weights ?? { cie: m.cie_weight, see: m.see_weight, from: 'method' };

/** The CO attainment table of the courses of `cay` that `keep` keeps: CIE/SEE levels, direct, survey, final, target, met. */
function coAttainmentTable(
  input: Criterion3Input,
  cay: ProgramAttainment | undefined,
  keep: (c: CourseAttainment) => boolean,
  empty: string,
): ReportTable {
  const m = input.method.method;
  const rows: Record<string, ReportCell>[] = (cay?.courses ?? []).filter(keep).flatMap((c: CourseAttainment) =>
    c.cos.map((co) => ({
      course: courseName(c),
      co: co.code,
      cie: level(co.cie?.level),
      see: level(co.see?.level),
      direct:
        co.direct === null
          ? '-'
          : figure(co.direct, {
              formula: `Direct = ${splitOf(c, m).cie} % x CIE level + ${splitOf(c, m).see} % x SEE level (one group alone counts fully)`,
              inputs: [
                { label: 'CIE/SEE split', value: examWeightsText(splitOf(c, m)) },
                {
                  label: 'CIE: students at the threshold',
                  value: co.cie ? `${groupCountText(co.cie, m.threshold_percent)} (${co.cie.percent} %)` : '-',
                },
                { label: 'CIE level', value: level(co.cie?.level) },
                {
                  label: 'SEE: students at the threshold',
                  value: co.see ? `${groupCountText(co.see, m.threshold_percent)} (${co.see.percent} %)` : '-',
                },
                { label: 'SEE level', value: level(co.see?.level) },
              ],
            }),
      indirect: surveyCell(co.survey, co.indirect),
      final: finalFigure(co.attainment, co.direct, co.indirect, m, co.code),
      target: coTarget(m),
      met: co.met === null ? '-' : co.met ? 'Yes' : 'No',
    })),
  );
  return {
    id: 'co-attainment',
    title: 'CO attainment per course',
    columns: [
      { key: 'course', label: 'Course' },
      { key: 'co', label: 'CO' },
      { key: 'cie', label: 'CIE level', unit: 'level 0-3' },
      { key: 'see', label: 'SEE level', unit: 'level 0-3' },
      { key: 'direct', label: 'Direct', unit: 'level 0-3' },
      { key: 'indirect', label: 'Indirect (survey)', unit: 'level 0-3' },
      { key: 'final', label: `Final (direct ${m.direct_weight} % + indirect ${m.indirect_weight} %)`, unit: 'level 0-3' },
      { key: 'target', label: 'Target' },
      { key: 'met', label: 'Met' },
    ],
    rows,
    notes: rows.length ? [] : [empty],
  };
}

/** 3.2.2: CO attainment of each course in CAY, with its CIE/SEE levels, survey, final level, target and whether met. */
function coAttainment(input: Criterion3Input, cay: ProgramAttainment | undefined): ReportSection {
  return {
    id: '3.2.2',
    title: `3.2.2 CO attainment, ${cay?.academic_year ?? 'no year with marks'}`,
    texts: [{ title: 'Method', paragraphs: [methodText(input.method.method)] }],
    tables: [coAttainmentTable(input, cay, () => true, 'No course of this program has marks in this year.')],
  };
}

/**
 * 8.4.2 (Tier II and Tier I): the CO attainment of the first-year courses (terms 1 and 2) in `year`, the same table
 * and figures as 3.2.2's rows of those courses; the method is 3.2.2's.
 */
export function firstYearCoAttainment(input: Criterion3Input, year: string): ReportSection {
  const cay = input.years.find((p) => p.academic_year === year);
  return {
    id: '8.4.2',
    title: `8.4.2 CO attainment of first-year courses, ${year}`,
    texts: [{ title: 'Method', paragraphs: ['The attainment method given with the CO attainment.'] }],
    tables: [
      coAttainmentTable(
        input,
        cay,
        (c) => input.firstYear.has(c.course),
        'No first-year course (term 1 or 2) of this program has marks in this year.',
      ),
    ],
  };
}

/**
 * The action-taken text of an outcome in a year: for each course that maps it, the improvement-plan actions recorded
 * on those of its COs whose CO-PO row maps this outcome (a level in the course's matrix), e.g.
 * "BCS401 CO2, CO4: remedial tutorial; peer session (1 of 3 done)". Courses and COs that do not map the outcome add nothing.
 */
function actionTaken(input: Criterion3Input, year: ProgramAttainment, outcomeId: string): string {
  const parts = year.courses.flatMap((c) => {
    if (c.po[outcomeId] === undefined) return [];
    const matrix = input.matrices.find((m) => m.course.id === c.course);
    const mapping = new Set(matrix?.cos.filter((co) => typeof matrix.cells[co.id]?.[outcomeId] === 'number').map((co) => co.id));
    const plan = Object.entries(input.plans.get(`${c.course}#${year.academic_year}`) ?? {});
    // Actions are keyed `<student>:<co>`.
    const actions = plan.filter(([key]) => mapping.has(key.slice(key.lastIndexOf(':') + 1))).map(([, a]) => a);
    if (!actions.length) return [];
    const cos = matrix?.cos.filter((co) => mapping.has(co.id) && plan.some(([key]) => key.endsWith(`:${co.id}`))).map((co) => co.code);
    const done = actions.filter((a) => a.status === 'Done').length;
    const kinds = [...new Set(actions.map((a) => a.action.trim()))].slice(0, 3).join('; ');
    return [`${c.code} ${cos?.join(', ') ?? ''}: ${kinds} (${done} of ${actions.length} done)`];
  });
  return parts.join(' | ');
}

/** 3.3.2: PO/PSO attainment per year (CAY, CAYm1, CAYm2): direct, indirect, final, target, met, action taken. */
function poAttainment(input: Criterion3Input, years: readonly string[], yearLabel: (y: string) => string): ReportSection {
  const m = input.method.method;
  const tables = years.map((y): ReportTable => {
    const year = input.years.find((p) => p.academic_year === y);
    const label = yearLabel(y);
    return {
      id: `po-attainment-${y}`,
      title: `PO/PSO attainment, ${label}`,
      columns: [
        { key: 'outcome', label: 'PO/PSO' },
        { key: 'direct', label: 'Direct', unit: 'level 0-3' },
        { key: 'indirect', label: 'Indirect (survey)', unit: 'level 0-3' },
        { key: 'final', label: 'Final', unit: 'level 0-3' },
        { key: 'target', label: 'Target', unit: 'level 0-3' },
        { key: 'met', label: 'Met' },
        { key: 'action', label: 'Action taken' },
      ],
      rows: year
        ? year.outcomes.map((o) => ({
            outcome: o.reference,
            direct:
              o.direct === null
                ? '-'
                : figure(o.direct, {
                    formula: `Direct = mean of the ${o.courses} course levels that map ${o.reference}`,
                    inputs: year.courses.flatMap((c) => (c.po[o.outcome] === undefined ? [] : [{ label: c.code, value: c.po[o.outcome] }])),
                  }),
            indirect: surveyCell(o.survey, o.indirect),
            final: finalFigure(o.attainment, o.direct, o.indirect, m, o.reference),
            target: m.po_target,
            met: o.met === null ? '-' : o.met ? 'Yes' : 'No',
            action: actionTaken(input, year, o.outcome),
          }))
        : [],
      notes: year ? [] : [`No marks in ${y}: nothing to attain.`],
    };
  });
  return {
    id: '3.3.2',
    title: '3.3.2 PO/PSO attainment, direct and indirect',
    // The method is printed once, in 3.2.2; this section names it.
    texts: [{ title: 'Method', paragraphs: ['The attainment method given with the CO attainment.'] }],
    tables,
  };
}

/**
 * Criterion 3 of the SAR from its inputs: 3.1 course articulation matrices (of `chosen` courses, all when null) and
 * the program articulation matrix, 3.2.2 CO attainment per course in CAY, 3.3.2 PO/PSO attainment in each of
 * `years` (the SAR's year first), each titled by `yearLabel` (NBA's label from the campus's CAY). Figures are the
 * stored results the Attainment pages show, traced to their inputs.
 */
export function criterion3(
  input: Criterion3Input,
  years: readonly string[],
  chosen: ReadonlySet<string> | null,
  yearLabel: (y: string) => string,
): ReportSection[] {
  const cay = input.years.find((p) => p.academic_year === years[0]);
  return [...articulation(input, chosen), coAttainment(input, cay), poAttainment(input, years, yearLabel)];
}
