import type {
  AttainmentMethod,
  CoPoMatrix,
  CoResult,
  CourseAttainment,
  ExamWeights,
  GroupResult,
  IndirectResult,
  MarksRow,
  ProgramOutcomeResult,
  StudentAttainment,
  SurveyEvidence,
} from '@attain/shared-types';
import { ATTAINMENT_ENGINE_VERSION, OCCASION_KINDS, SEE_KINDS, directBands, isOneOf } from '@attain/shared-types';
import { bandLevel, round2 } from '../course-inputs/index.js';
import { indirectLevel, indirectResult } from '../survey/index.js';

/**
 * The attainment computation (docs/design.md "Attainment"): pure, no AWS, one pass over the marks.
 * Units: marks as entered; percentages 0-100; levels 0-3. Outputs are rounded to 2 decimals, inputs never are.
 */

/** Exam groups: CIE = in-semester and mid-semester (ISE, MSE), SEE = end-semester (ESE). */
export type ExamGroup = 'cie' | 'see';
export const groupOf = (kind: string): ExamGroup => (isOneOf(SEE_KINDS, kind) ? 'see' : 'cie');

/** One question as the computation needs it; `co` may be missing (a question with no CO counts for no CO). */
export interface QuestionInput {
  number: string;
  max_marks: number;
  co?: string;
}

/** One assessment occasion of a course: its kind, paper and marks (students missing from `marks` are absent). */
export interface OccasionInput {
  id: string;
  kind: string;
  questions: readonly QuestionInput[];
  marks: readonly MarksRow[];
}

/** Everything one course's attainment needs. */
export interface CourseInput {
  course: string;
  code: string;
  title: string;
  cos: readonly { id: string; code: string }[];
  /** `cells[co][outcome]` = correlation 1-3. */
  matrix: CoPoMatrix['cells'];
  occasions: readonly OccasionInput[];
  /**
   * CO id -> what the course-exit survey(s) of the course and year say about it (surveys, respondents, survey percent;
   * see `surveyPercent`), when any was answered. The method reads the indirect level from it (`indirectResult`).
   */
  indirect?: Readonly<Record<string, SurveyEvidence>>;
  /** Things the result must say about its inputs (e.g. an occasion whose marks are still being saved). */
  notes?: readonly string[];
  /** Students on the course's roster (for the report; the counts come from the marks). */
  roster?: number;
  academic_year?: string;
  /** The course's CIE/SEE split (`courseExamWeights`); absent: the method's. */
  weights?: ExamWeights;
}

/** The method with the course's CIE/SEE split in it (the one place the course's weightage enters the computation). */
const withCourseWeights = (m: AttainmentMethod, w: ExamWeights | undefined): AttainmentMethod =>
  w ? { ...m, cie_weight: w.cie, see_weight: w.see } : m;

/**
 * The level earned when `percent` of students reach the threshold, by the method's direct bands and rules (the one
 * band function, `bandLevel`, shared with the survey side). By default 3 at or above `level3_percent`, 2 at or above
 * `level2_percent`, 1 at or above `level1_percent`, else 0 (FISAT-style bands, see DEFAULT_METHOD); `band_rule`,
 * `level1_rule` and `fractional_levels` change that as `bandLevel` says.
 * @param percent percent of students at the threshold, 0-100
 * @returns level 0-3, unrounded (fractional only under `fractional_levels`)
 */
export function levelFor(percent: number, m: AttainmentMethod): number {
  return bandLevel(percent, directBands(m), m);
}

/**
 * Per student, per occasion kind and per CO: marks obtained and the maximum marks of the questions the student sat,
 * in flat arrays indexed by `slot(student, kind, co)`; `max` 0 means the student had no question of that CO there.
 * A group (CIE, SEE) is the sum over its kinds, so CIE can be read pooled or kind by kind (`cie_rule`).
 */
interface Tally {
  /** Student id -> student index, in order of first appearance. */
  students: Map<string, number>;
  /** The occasion kinds of the course (the middle dimension): `OCCASION_KINDS` order, then any other kind. */
  kinds: string[];
  /** Number of COs of the course (the innermost dimension). */
  cos: number;
  got: Float64Array;
  max: Float64Array;
}

/** Index of one student's tally of one CO in one occasion kind (`kind` indexes `t.kinds`). */
const slot = (t: Tally, student: number, kind: number, co: number) => (student * t.kinds.length + kind) * t.cos + co;

/**
 * Whether a stored row is a student who sat the paper: not absent, and at least one mark entered. A row with every
 * mark blank is "no marks entered" (decision 0046), including such rows saved before blank rows stopped being stored.
 */
function sat(row: MarksRow): boolean {
  if (row.absent) return false;
  // A loop that stops at the first mark: no array per row (this runs once per row of every sheet of a program).
  for (const q in row.marks) {
    const v = row.marks[q];
    if (v !== null && v !== undefined) return true;
  }
  return false;
}

/** Indices (into `t.kinds`) of a group's kinds. */
const kindsOf = (t: Tally, g: ExamGroup) => t.kinds.flatMap((k, i) => (groupOf(k) === g ? [i] : []));

/** Position of a kind in `OCCASION_KINDS` (other kinds after them). */
const kindOrder = (kind: string) => {
  const i = OCCASION_KINDS.findIndex((k) => k === kind);
  return i < 0 ? OCCASION_KINDS.length : i;
};

/**
 * Tallies marks per student, occasion kind and CO, into arrays indexed by CO (no lookup by CO id per mark), in one pass
 * that reads each mark once. A student's blank mark on a question of a paper they sat counts 0; an absent student's
 * occasion, and a row with no mark at all (`sat`: only a row with no mark on any counted question is looked at again),
 * are skipped; questions without a CO, or with a CO not of this course, are skipped (and noted). Students are indexed
 * in order of first appearance; the arrays are sized for every row being a new student and hold `students.size`.
 */
function tally(input: CourseInput, notes: string[]): Tally {
  const coIndex = new Map(input.cos.map((c, i) => [c.id, i]));
  const cos = input.cos.length;
  const kinds = [...new Set(input.occasions.map((o) => o.kind))].sort((a, b) => kindOrder(a) - kindOrder(b));
  const kindIndex = new Map(kinds.map((k, i) => [k, i]));
  const rows = input.occasions.reduce((n, o) => n + o.marks.length, 0);
  const size = rows * kinds.length * cos;
  const t: Tally = { students: new Map(), kinds, cos, got: new Float64Array(size), max: new Float64Array(size) };
  const { got, max, students } = t;
  // One row's marks per CO, before it is known whether the student sat the paper.
  const row = new Float64Array(cos);
  for (const occ of input.occasions) {
    const qs = occ.questions.filter((q) => q.co !== undefined && coIndex.has(q.co));
    const orphan = occ.questions.length - qs.length;
    if (orphan)
      notes.push(
        `${orphan} question${orphan > 1 ? 's' : ''} of an ${occ.kind} paper ${orphan > 1 ? 'have' : 'has'} ` +
          `no CO of this course and ${orphan > 1 ? 'are' : 'is'} not counted`,
      );
    // The counted questions' numbers and CO indices, each CO's maximum a present student can get on this paper, and
    // the COs the paper asks at all.
    const numbers = qs.map((q) => q.number);
    const coOf = Int32Array.from(qs, (q) => coIndex.get(q.co ?? '') ?? 0);
    const coMax = new Float64Array(cos);
    const asked: number[] = [];
    qs.forEach((q, j) => {
      coMax[coOf[j]] += q.max_marks;
      if (!asked.includes(coOf[j])) asked.push(coOf[j]);
    });
    const kind = kindIndex.get(occ.kind) ?? 0;
    for (const r of occ.marks) {
      if (r.absent) continue;
      const m = r.marks;
      row.fill(0);
      let any = false;
      for (let j = 0; j < numbers.length; j++) {
        const v = m[numbers[j]];
        if (v !== null && v !== undefined) {
          any = true;
          row[coOf[j]] += v;
        }
      }
      if (!any && !sat(r)) continue;
      let student = students.get(r.student);
      if (student === undefined) {
        student = students.size;
        students.set(r.student, student);
      }
      const base = slot(t, student, kind, 0);
      for (const c of asked) {
        got[base + c] += row[c];
        max[base + c] += coMax[c];
      }
    }
  }
  return t;
}

/** A student's total of `a` (marks obtained or maximum marks) on a CO over some kinds. */
const total = (a: Float64Array, t: Tally, student: number, kinds: readonly number[], co: number) => {
  let sum = 0;
  for (const k of kinds) sum += a[slot(t, student, k, co)];
  return sum;
};

/** A student's percent on a CO over some kinds' questions pooled (0-100), or undefined when they had none of them. */
function pct(t: Tally, student: number, kinds: readonly number[], co: number): number | undefined {
  const max = total(t.max, t, student, kinds, co);
  return max > 0 ? (total(t.got, t, student, kinds, co) / max) * 100 : undefined;
}

/** One CO's share of students at the threshold over some kinds, unrounded. */
interface Share {
  students: number;
  reached: number;
  /** reached / students x 100. */
  percent: number;
  /** The most marks of the CO's questions one student sat there. */
  max_marks: number;
}

/** The share of present students at or above the threshold on a CO over some kinds; null when none had a question of it. */
function share(t: Tally, co: number, kinds: readonly number[], threshold: number): Share | null {
  let students = 0;
  let reached = 0;
  let most = 0;
  const { got, max } = t;
  // One pass per student: their marks and maximum on the CO over the kinds, then the percent (as `pct`).
  for (let si = 0; si < t.students.size; si++) {
    let g = 0;
    let mx = 0;
    for (let k = 0; k < kinds.length; k++) {
      const i = slot(t, si, kinds[k], co);
      g += got[i];
      mx += max[i];
    }
    if (!(mx > 0)) continue;
    students++;
    if (mx > most) most = mx;
    if ((g / mx) * 100 >= threshold - 1e-9) reached++;
  }
  return students ? { students, reached, percent: (reached / students) * 100, max_marks: most } : null;
}

/** A group's result as shown (2 decimals) from its share and level. */
const shown = (s: Share, level: number): GroupResult => ({
  students: s.students,
  reached: s.reached,
  percent: round2(s.percent),
  level: round2(level),
  max_marks: s.max_marks,
});

/** One CO's result in a group, with the unrounded percent and level behind it. */
interface Group {
  result: GroupResult;
  percent: number;
  level: number;
}

/**
 * One CO's result in a group (its kinds' marks pooled per student). CIE under `Average of ISE/MSE levels`: the level
 * is the mean of each kind's level (that kind's papers pooled, by the threshold and bands), each kind's result in
 * `kinds`; the counts and percent stay those of all CIE marks pooled (what "students at the threshold" means).
 * @returns null when no present student had a question of the CO in the group
 */
function groupResult(t: Tally, co: number, g: ExamGroup, kinds: readonly number[], m: AttainmentMethod): Group | null {
  const pooled = share(t, co, kinds, m.threshold_percent);
  if (!pooled) return null;
  if (g === 'see' || m.cie_rule !== 'Average of ISE/MSE levels') {
    const level = levelFor(pooled.percent, m);
    return { result: shown(pooled, level), percent: pooled.percent, level };
  }
  const each = kinds.flatMap((k) => {
    const s = share(t, co, [k], m.threshold_percent);
    return s ? [{ kind: t.kinds[k], share: s, level: levelFor(s.percent, m) }] : [];
  });
  const level = each.reduce((sum, e) => sum + e.level, 0) / each.length;
  const byKind = Object.fromEntries(each.map((e) => [e.kind, shown(e.share, e.level)]));
  return { result: { ...shown(pooled, level), kinds: byKind }, percent: pooled.percent, level };
}

/** Combines the CIE and SEE values by the method's weights; one alone counts fully; neither gives null. */
function combine(cie: number | undefined | null, see: number | undefined | null, m: AttainmentMethod): number | null {
  if (cie != null && see != null) return (m.cie_weight * cie + m.see_weight * see) / 100;
  return cie ?? see ?? null;
}

/** The final level: (direct_weight x direct + indirect_weight x indirect) / 100 when a survey level exists, else direct. */
const withIndirect = (direct: number, indirect: number | null, m: AttainmentMethod) =>
  indirect === null ? direct : (m.direct_weight * direct + m.indirect_weight * indirect) / 100;

/** An outcome's survey result (null without evidence) and its unrounded indirect level (null when not used). */
function surveyLevel(evidence: SurveyEvidence | undefined, m: AttainmentMethod): { survey: IndirectResult | null; level: number | null } {
  const survey = evidence ? indirectResult(evidence, m) : null;
  // The level is decided on the evidence's unrounded percent; `survey.percent` is rounded for display.
  return { survey, level: evidence && survey?.level !== null ? indirectLevel(evidence.percent, m) : null };
}

/** The CO target percent when the method's CO target is a percent of students (null: the level target decides). */
const percentTarget = (m: AttainmentMethod) =>
  m.co_target_kind === 'Percent of students' && typeof m.co_target_percent === 'number' ? m.co_target_percent : null;

/** `codes: note` for each distinct note (COs sharing a note listed together), in the COs' order. */
function notesByCo(pairs: readonly { code: string; note: string }[]): string[] {
  const by = new Map<string, string[]>();
  for (const { code, note } of pairs) by.set(note, [...(by.get(note) ?? []), code]);
  return [...by].map(([note, codes]) => `${codes.join(', ')}: ${note}`);
}

/**
 * PO/PSO attainment of a course from its CO attainment and CO-PO matrix, by the method's rule:
 * - `Weighted by correlation`: PO_j = sum_i(c_ij * A_i) / sum_i(c_ij) over assessed COs mapped to PO_j;
 * - `Average mapping x attainment / 3`: PO_j = mean_i(c_ij) * mean(A) / 3, mean(A) over all assessed COs.
 * @param attainment CO id -> level 0-3 (or percent, for a student: the result is then in the same unit)
 * @returns outcome id -> value (absent when no assessed CO maps it)
 */
export function outcomeAttainment(
  attainment: Readonly<Record<string, number | null>>,
  matrix: CoPoMatrix['cells'],
  rule: AttainmentMethod['po_rule'],
): Record<string, number> {
  const sum: Record<string, number> = {};
  const weight: Record<string, number> = {};
  const count: Record<string, number> = {};
  const assessed = Object.entries(attainment).filter(([, a]) => a !== null) as [string, number][];
  for (const [co, a] of assessed) {
    for (const [po, c] of Object.entries(matrix[co] ?? {})) {
      sum[po] = (sum[po] ?? 0) + c * a;
      weight[po] = (weight[po] ?? 0) + c;
      count[po] = (count[po] ?? 0) + 1;
    }
  }
  const mean = assessed.length ? assessed.reduce((s, [, a]) => s + a, 0) / assessed.length : 0;
  return Object.fromEntries(
    Object.keys(sum).map((po) => [po, rule === 'Weighted by correlation' ? sum[po] / weight[po] : ((weight[po] / count[po]) * mean) / 3]),
  );
}

/**
 * A course's CO and PO/PSO attainment (NBA SAR criterion 3 practice):
 * 1. per student, per group (CIE = ISE + MSE, SEE = ESE), per CO: percent = marks obtained / maximum of that CO's
 *    questions;
 * 2. per CO and group: share of (present) students at or above `threshold_percent`, and its level by the bands
 *    (`levelFor`); CIE under `Average of ISE/MSE levels`: the mean of each kind's level (`groupResult`);
 * 3. direct level = (cie_weight * CIE level + see_weight * SEE level) / 100, by the course's own split when it sets
 *    one (`input.weights`, `courseExamWeights`), else the method's; one group alone counts fully;
 * 4. indirect level from the CO's course-exit survey evidence (`indirectResult`: none when fewer than
 *    `min_responses` answered); final level = (direct_weight * direct + indirect_weight * indirect) / 100 when an
 *    indirect level exists, else direct;
 * 5. `met`: final level >= `co_target`, or under a percent target (`co_target_kind`), the direct percent of students
 *    at the threshold (CIE and SEE percents combined by their weights, one alone counting fully) >=
 *    `co_target_percent` (the level target decides when no percent is set);
 * 6. PO/PSO per course through the CO-PO matrix (`outcomeAttainment`) from the unrounded final levels.
 * A CO with no question is "not assessed" (null) and left out of the course mean and the POs.
 * @param methodVersion stored with the result so a changed method shows
 */
export function courseAttainment(input: CourseInput, method: AttainmentMethod, methodVersion: number, now = new Date()): CourseAttainment {
  const m = withCourseWeights(method, input.weights);
  const notes: string[] = [...(input.notes ?? [])];
  const t = tally(input, notes);
  const cieKinds = kindsOf(t, 'cie');
  const seeKinds = kindsOf(t, 'see');
  const target = percentTarget(m);
  const rows = input.cos.map((co, ci) => {
    const cie = groupResult(t, ci, 'cie', cieKinds, m);
    const see = groupResult(t, ci, 'see', seeKinds, m);
    const direct = combine(cie?.level, see?.level, m);
    const { survey, level } = surveyLevel(input.indirect?.[co.id], m);
    const final = direct === null ? null : withIndirect(direct, level, m);
    const reached = target === null ? final : combine(cie?.percent, see?.percent, m);
    const result: CoResult = {
      co: co.id,
      code: co.code,
      cie: cie?.result ?? null,
      see: see?.result ?? null,
      direct: direct === null ? null : round2(direct),
      indirect: survey?.level ?? null,
      survey,
      attainment: final === null ? null : round2(final),
      met: reached === null ? null : reached >= (target ?? m.co_target) - 1e-9,
    };
    return { result, final };
  });
  const cos = rows.map((r) => r.result);
  const unassessed = cos.filter((c) => c.attainment === null).map((c) => c.code);
  if (unassessed.length) notes.push(`Not assessed (no question or no marks): ${unassessed.join(', ')}`);
  const assessed = cos.filter((c) => c.attainment !== null);
  if (!cos.some((c) => c.survey)) {
    if (assessed.length) notes.push('No course-exit survey level recorded: attainment is the direct level only');
  } else {
    const unsurveyed = assessed.filter((c) => !c.survey).map((c) => c.code);
    const their = unsurveyed.length > 1 ? 'their' : 'its';
    if (unsurveyed.length)
      notes.push(`No course-exit survey answers for ${unsurveyed.join(', ')}: ${their} attainment is the direct level only`);
    notes.push(...notesByCo(cos.flatMap((c) => (c.survey?.note ? [{ code: c.code, note: c.survey.note }] : []))));
  }
  // The unrounded final levels feed the POs and the course mean.
  const raw = Object.fromEntries(input.cos.map((co, i) => [co.id, rows[i].final]));
  const po = outcomeAttainment(raw, input.matrix, m.po_rule);
  const values = rows.map((r) => r.final).filter((a): a is number => a !== null);
  return {
    course: input.course,
    code: input.code,
    title: input.title,
    academic_year: input.academic_year,
    cos,
    course_attainment: values.length ? round2(values.reduce((s, a) => s + a, 0) / values.length) : null,
    po: Object.fromEntries(Object.entries(po).map(([k, v]) => [k, round2(v)])),
    students: input.roster ?? t.students.size,
    students_with_marks: t.students.size,
    weights: { cie: m.cie_weight, see: m.see_weight, from: input.weights?.from ?? 'method' },
    notes,
    method_version: methodVersion,
    engine: ATTAINMENT_ENGINE_VERSION,
    computed_at: now.toISOString(),
  };
}

/**
 * Program-level PO/PSO attainment (NBA SAR 3.3): per outcome,
 * - `direct`: the mean of the course PO values over the courses that map it (direct PO attainment from the courses'
 *   CO attainment);
 * - `survey` / `indirect`: the indirect result of the program's PO/PSO survey evidence of the year (`indirectResult`;
 *   no level when fewer than `min_responses` answered);
 * - `attainment`: (direct_weight x direct + indirect_weight x indirect) / 100 when an indirect level exists, else
 *   direct; null when no course maps the outcome (a survey alone does not make it assessed, as for a CO);
 * - `met`: `attainment` >= `po_target`.
 * @param outcomes the program's POs and PSOs (id, reference) in display order
 * @param indirect outcome id -> survey evidence (surveys, respondents, survey percent), when the year has any
 */
export function programOutcomes(
  courses: readonly CourseAttainment[],
  outcomes: readonly { id: string; reference: string }[],
  m: AttainmentMethod,
  indirect?: Readonly<Record<string, SurveyEvidence>>,
): ProgramOutcomeResult[] {
  return outcomes.map((o) => {
    const vals = courses.map((c) => c.po[o.id]).filter((v): v is number => v !== undefined);
    const direct = vals.length ? vals.reduce((s, v) => s + v, 0) / vals.length : null;
    const { survey, level } = surveyLevel(indirect?.[o.id], m);
    const a = direct === null ? null : withIndirect(direct, level, m);
    return {
      outcome: o.id,
      reference: o.reference,
      attainment: a === null ? null : round2(a),
      direct: direct === null ? null : round2(direct),
      indirect: survey?.level ?? null,
      survey,
      courses: vals.length,
      met: a === null ? null : a >= m.po_target - 1e-9,
    };
  });
}

/**
 * Each student's attainment in a course: per CO the percent of its marks (CIE and SEE combined by weight, one
 * alone counting fully; null when absent throughout or the CO is not assessed), per PO/PSO the percents through the
 * CO-PO matrix by the method's rule. Percents, not levels: the band, level-1, CIE and target rules do not apply.
 */
export function studentAttainment(
  input: CourseInput,
  roster: readonly { id: string; roll_no: string; name: string }[],
  method: AttainmentMethod,
): StudentAttainment[] {
  const m = withCourseWeights(method, input.weights);
  const t = tally(input, []);
  const cieKinds = kindsOf(t, 'cie');
  const seeKinds = kindsOf(t, 'see');
  return roster.map((s) => {
    const si = t.students.get(s.id);
    const co: Record<string, number | null> = {};
    input.cos.forEach((c, ci) => {
      const v = si === undefined ? null : combine(pct(t, si, cieKinds, ci), pct(t, si, seeKinds, ci), m);
      co[c.id] = v === null ? null : round2(v);
    });
    const po = outcomeAttainment(co, input.matrix, m.po_rule);
    return {
      student: s.id,
      roll_no: s.roll_no,
      name: s.name,
      co,
      po: Object.fromEntries(Object.entries(po).map(([k, v]) => [k, round2(v)])),
    };
  });
}

/**
 * Distribution of students' CO percents in 10-point bins (0-9.99, ..., 90-100), per CO, for the data-analysis page.
 * @returns CO id -> 10 counts
 */
export function coDistribution(students: readonly StudentAttainment[], coIds: readonly string[]): Record<string, number[]> {
  const out: Record<string, number[]> = Object.fromEntries(coIds.map((c) => [c, Array(10).fill(0)]));
  for (const s of students) {
    for (const c of coIds) {
      const v = s.co[c];
      if (v === null || v === undefined) continue;
      out[c][Math.min(9, Math.floor(v / 10))]++;
    }
  }
  return out;
}
