import type {
  AttainmentMethod,
  CoPoMatrix,
  CoResult,
  CourseAttainment,
  GroupResult,
  MarksRow,
  ProgramOutcomeResult,
  StudentAttainment,
} from '@attain/shared-types';
import { SEE_KINDS } from '@attain/shared-types';

/**
 * The attainment computation (DESIGN.md "Attainment"): pure, no AWS, one pass over the marks.
 * Units: marks as entered; percentages 0-100; levels 0-3. Outputs are rounded to 2 decimals, inputs never are.
 */

/** Exam groups: CIE = in-semester and mid-semester (ISE, MSE), SEE = end-semester (ESE). */
export type ExamGroup = 'cie' | 'see';
export const groupOf = (kind: string): ExamGroup => ((SEE_KINDS as readonly string[]).includes(kind) ? 'see' : 'cie');

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
  /** CO id -> indirect (course-exit survey) level 0-3, when recorded. */
  indirect?: Readonly<Record<string, number>>;
  /** Things the result must say about its inputs (e.g. an occasion whose marks are still being saved). */
  notes?: readonly string[];
  /** Students on the course's roster (for the report; the counts come from the marks). */
  roster?: number;
  academic_year?: string;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The level earned when `percent` of students reach the threshold: 3 at or above `level3_percent`, 2 at or above
 * `level2_percent`, 1 at or above `level1_percent`, else 0 (FISAT-style bands, see DEFAULT_METHOD).
 */
export function levelFor(percent: number, m: AttainmentMethod): number {
  if (percent >= m.level3_percent) return 3;
  if (percent >= m.level2_percent) return 2;
  if (percent >= m.level1_percent) return 1;
  return 0;
}

/**
 * Per student, per group and per CO: marks obtained and the maximum marks of the questions the student sat, in
 * flat arrays indexed by `slot(student, group, co)`; `max` 0 means the student had no question of that CO there.
 */
interface Tally {
  /** Student id -> student index, in order of first appearance. */
  students: Map<string, number>;
  /** Number of COs of the course (the innermost dimension). */
  cos: number;
  got: Float64Array;
  max: Float64Array;
}

const GROUP_INDEX: Record<ExamGroup, number> = { cie: 0, see: 1 };
/** Index of one student's tally of one CO in one group. */
const slot = (t: Tally, student: number, group: ExamGroup, co: number) => (student * 2 + GROUP_INDEX[group]) * t.cos + co;

/**
 * Tallies marks per student, group and CO in one pass over every occasion's marks, into arrays indexed by CO (no
 * lookup by CO id per mark). A student's blank mark on a question of a paper they sat counts 0; an absent
 * student's occasion is skipped; questions without a CO, or with a CO not of this course, are skipped (and noted).
 */
function tally(input: CourseInput, notes: string[]): Tally {
  const coIndex = new Map(input.cos.map((c, i) => [c.id, i]));
  const students = new Map<string, number>();
  for (const occ of input.occasions)
    for (const row of occ.marks) if (!row.absent && !students.has(row.student)) students.set(row.student, students.size);
  const size = students.size * 2 * input.cos.length;
  const t: Tally = { students, cos: input.cos.length, got: new Float64Array(size), max: new Float64Array(size) };
  for (const occ of input.occasions) {
    const g = groupOf(occ.kind);
    const qs = occ.questions.filter((q) => q.co !== undefined && coIndex.has(q.co));
    const orphan = occ.questions.length - qs.length;
    if (orphan)
      notes.push(
        `${orphan} question${orphan > 1 ? 's' : ''} of an ${occ.kind} paper ${orphan > 1 ? 'have' : 'has'} ` +
          `no CO of this course and ${orphan > 1 ? 'are' : 'is'} not counted`,
      );
    // Question numbers grouped by CO, and the maximum a present student can get per CO on this paper: per mark the
    // loop only adds into a local sum; the tally arrays are written once per student and CO.
    const byCo: string[][] = Array.from({ length: t.cos }, () => []);
    const coMax = new Float64Array(t.cos);
    for (const q of qs) {
      const c = coIndex.get(q.co as string) as number;
      byCo[c].push(q.number);
      coMax[c] += q.max_marks;
    }
    const { got, max } = t;
    for (const row of occ.marks) {
      if (row.absent) continue;
      const base = slot(t, students.get(row.student) as number, g, 0);
      const m = row.marks;
      for (let c = 0; c < byCo.length; c++) {
        const numbers = byCo[c];
        if (!numbers.length) continue;
        let sum = 0;
        for (let j = 0; j < numbers.length; j++) sum += m[numbers[j]] ?? 0;
        got[base + c] += sum;
        max[base + c] += coMax[c];
      }
    }
  }
  return t;
}

/** A student's percent on a CO in a group (0-100), or undefined when they had no question of it there. */
const pct = (t: Tally, k: number) => (t.max[k] > 0 ? (t.got[k] / t.max[k]) * 100 : undefined);

/** Combines the CIE and SEE values by the method's weights; one alone counts fully; neither gives null. */
function combine(cie: number | undefined | null, see: number | undefined | null, m: AttainmentMethod): number | null {
  const hasC = cie !== undefined && cie !== null;
  const hasS = see !== undefined && see !== null;
  if (hasC && hasS) return (m.cie_weight * (cie as number) + m.see_weight * (see as number)) / 100;
  if (hasC) return cie as number;
  if (hasS) return see as number;
  return null;
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
 * 1. per student, per group (CIE/SEE), per CO: percent = marks obtained / maximum of that CO's questions;
 * 2. per CO and group: share of (present) students at or above `threshold_percent`, and its level by the bands;
 * 3. direct level = (cie_weight * CIE level + see_weight * SEE level) / 100; one group alone counts fully;
 * 4. final level = (direct_weight * direct + indirect_weight * indirect) / 100 when a survey level exists, else direct;
 * 5. PO/PSO per course through the CO-PO matrix (`outcomeAttainment`).
 * A CO with no question is "not assessed" (null) and left out of the course mean and the POs.
 * @param methodVersion stored with the result so a changed method shows
 */
export function courseAttainment(input: CourseInput, m: AttainmentMethod, methodVersion: number, now = new Date()): CourseAttainment {
  const notes: string[] = [...(input.notes ?? [])];
  const t = tally(input, notes);
  const cos: CoResult[] = input.cos.map((co, ci) => {
    const group = (g: ExamGroup): GroupResult | null => {
      let students = 0;
      let reached = 0;
      let max = 0;
      for (let si = 0; si < t.students.size; si++) {
        const k = slot(t, si, g, ci);
        const p = pct(t, k);
        if (p === undefined) continue;
        students++;
        max = Math.max(max, t.max[k]);
        if (p >= m.threshold_percent - 1e-9) reached++;
      }
      if (!students) return null;
      const percent = (reached / students) * 100;
      return { students, reached, percent: r2(percent), level: levelFor(percent, m), max_marks: max };
    };
    const cie = group('cie');
    const see = group('see');
    const direct = combine(cie?.level, see?.level, m);
    const indirect = input.indirect?.[co.id] ?? null;
    const attainment =
      direct === null ? null : indirect === null ? direct : (m.direct_weight * direct + m.indirect_weight * indirect) / 100;
    return {
      co: co.id,
      code: co.code,
      cie,
      see,
      direct: direct === null ? null : r2(direct),
      indirect,
      attainment: attainment === null ? null : r2(attainment),
      met: attainment === null ? null : attainment >= m.co_target - 1e-9,
    };
  });
  const unassessed = cos.filter((c) => c.attainment === null).map((c) => c.code);
  if (unassessed.length) notes.push(`Not assessed (no question or no marks): ${unassessed.join(', ')}`);
  const assessed = cos.filter((c) => c.attainment !== null);
  if (assessed.some((c) => c.indirect === null)) notes.push('No course-exit survey level recorded: attainment is the direct level only');
  const raw = Object.fromEntries(
    input.cos.map((co) => {
      const c = cos.find((x) => x.co === co.id) as CoResult;
      // The unrounded final level feeds the POs.
      const d = combine(c.cie?.level, c.see?.level, m);
      const a = d === null ? null : c.indirect === null ? d : (m.direct_weight * d + m.indirect_weight * c.indirect) / 100;
      return [co.id, a];
    }),
  );
  const po = outcomeAttainment(raw, input.matrix, m.po_rule);
  const values = Object.values(raw).filter((a): a is number => a !== null);
  return {
    course: input.course,
    code: input.code,
    title: input.title,
    academic_year: input.academic_year,
    cos,
    course_attainment: values.length ? r2(values.reduce((s, a) => s + a, 0) / values.length) : null,
    po: Object.fromEntries(Object.entries(po).map(([k, v]) => [k, r2(v)])),
    students: input.roster ?? t.students.size,
    notes,
    method_version: methodVersion,
    computed_at: now.toISOString(),
  };
}

/**
 * Program-level PO/PSO attainment: per outcome, the mean of the course PO values over the courses that map it
 * (NBA SAR 3.3: direct PO attainment from the courses' CO attainment).
 * @param outcomes the program's POs and PSOs (id, reference) in display order
 */
export function programOutcomes(
  courses: readonly CourseAttainment[],
  outcomes: readonly { id: string; reference: string }[],
  m: AttainmentMethod,
): ProgramOutcomeResult[] {
  return outcomes.map((o) => {
    const vals = courses.map((c) => c.po[o.id]).filter((v): v is number => v !== undefined);
    const a = vals.length ? vals.reduce((s, v) => s + v, 0) / vals.length : null;
    return {
      outcome: o.id,
      reference: o.reference,
      attainment: a === null ? null : r2(a),
      direct: a === null ? null : r2(a),
      indirect: null,
      courses: vals.length,
      met: a === null ? null : a >= m.po_target - 1e-9,
    };
  });
}

/**
 * Each student's attainment in a course: per CO the percent of its marks (CIE and SEE combined by weight, one
 * alone counting fully; null when absent throughout or the CO is not assessed), per PO/PSO the percents through the
 * CO-PO matrix by the method's rule.
 */
export function studentAttainment(
  input: CourseInput,
  roster: readonly { id: string; roll_no: string; name: string }[],
  m: AttainmentMethod,
): StudentAttainment[] {
  const t = tally(input, []);
  return roster.map((s) => {
    const si = t.students.get(s.id);
    const co: Record<string, number | null> = {};
    input.cos.forEach((c, ci) => {
      const v = si === undefined ? null : combine(pct(t, slot(t, si, 'cie', ci)), pct(t, slot(t, si, 'see', ci)), m);
      co[c.id] = v === null ? null : r2(v);
    });
    const po = outcomeAttainment(co, input.matrix, m.po_rule);
    return { student: s.id, roll_no: s.roll_no, name: s.name, co, po: Object.fromEntries(Object.entries(po).map(([k, v]) => [k, r2(v)])) };
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

/** The academic year (Indian, July-June) of an ISO date: `2025-08-14` -> `2025-26`. */
export function academicYear(isoDate: string): string {
  const [y, mo] = isoDate.split('-').map(Number);
  const start = mo >= 7 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
