import type { ArticulationRule } from '../documents/co-po-matrix.js';
import type { BAND_RULES, CIE_RULES, LEVEL1_RULES, PO_RULES, TARGET_KINDS } from '../entities/choices.js';

/**
 * A program's attainment methodology as the computation reads it. Percentages are 0-100; levels are 0-3.
 * - `threshold_percent`: share of the maximum marks of a CO a student must reach to "attain" it;
 * - `level3/2/1_percent`: share of students reaching the threshold that earns level 3, 2, 1 (else 0);
 * - `cie_weight` + `see_weight` = 100: internal (ISE + MSE) vs end-semester (ESE) levels;
 * - `direct_weight` + `indirect_weight` = 100: marks vs course-exit survey;
 * - `po_rule`: see `PO_RULES`; `co_target`, `po_target`: levels a CO / PO should reach.
 */
export interface AttainmentMethod {
  threshold_percent: number;
  level3_percent: number;
  level2_percent: number;
  level1_percent: number;
  cie_weight: number;
  see_weight: number;
  direct_weight: number;
  indirect_weight: number;
  po_rule: (typeof PO_RULES)[number];
  /** A course's level for a PO/PSO in every articulation matrix: the mean or the highest of its COs' mapped values. */
  articulation_rule: ArticulationRule;
  co_target: number;
  po_target: number;
  /** Indirect (survey) bands: survey percent that earns level 3, 2, 1; each absent one is the direct band's. */
  indirect_level3_percent?: number;
  indirect_level2_percent?: number;
  indirect_level1_percent?: number;
  /** Fewest respondents (online + paper) for a survey to give an indirect level; fewer: no level, and a note says so. */
  min_responses: number;
  /**
   * Largest 95 % margin of error (percentage points) a survey may have to give an indirect level: with its population
   * (invited + surveyed on paper) this fixes how many must answer (`responsesNeeded`: 26 of 60, 10 of 12).
   */
  max_margin_of_error: number;
  /** `At least`: a band is reached at its percent (>=); `More than`: only above it (>). Both sides. */
  band_rule: (typeof BAND_RULES)[number];
  /** `Any student (> 0 %)`: level 1 whenever more than 0 % reach the threshold, instead of the level-1 band. */
  level1_rule: (typeof LEVEL1_RULES)[number];
  /** `Pooled marks`: one CIE percent over all ISE and MSE marks; `Average of ISE/MSE levels`: a level per kind, averaged. */
  cie_rule: (typeof CIE_RULES)[number];
  /** Levels linear between bands (e.g. 2.5 halfway between the level-2 and level-3 bands) instead of whole steps. */
  fractional_levels: boolean;
  /** Whether `co_target` (a level) or `co_target_percent` (percent of students at the threshold) decides `met`. */
  co_target_kind: (typeof TARGET_KINDS)[number];
  /** Percent of students reaching the threshold a CO should have, when `co_target_kind` is a percent. */
  co_target_percent?: number;
  source?: string;
}

/**
 * Defaults a new program starts with, each from a published practice:
 * - threshold 60 % and bands 70 / 60 / 50 % of students: FISAT "Sample Attainment"
 *   (https://fisat.ac.in/dept_page/sample-attainment-2/: level 1/2/3 when 50/60/70 % of students score above the
 *   threshold) with the 60 % threshold of the worked example in docs/design.md "Attainment";
 * - CIE 30 / SEE 70: "0.7 x SEE (70 % weightage to external) + 0.3 x CIE" (CO attainment flow chart,
 *   https://www.livoa.io/projects/57bb8997-8a6d-4bdf-81fd-a08b704a28c6), also that worked example's;
 * - direct 80 / indirect 20: "Direct Method (80% weightage), Indirect Method (20% weightage)"
 *   (https://studylib.net/doc/25439120/10.list-of-assessment-tools-and-method);
 * - PO rule: weighted average by correlation, `PO_j = sum(c_ij * A_i) / sum(c_ij)` (docs/design.md "Attainment");
 * - articulation rule `Average`: Criterion 3.1's program articulation matrix as published in the secondary sources of
 *   docs/nba-sources.md "Criterion 3" ("the average of the course's CO row values"); NBA's SAR itself was not retrieved;
 * - targets: level 2 for COs and POs. No source fixes a target; NBA expects each program to set and justify its
 *   own, so this is a starting point to change.
 * The later settings (survey bands, band and level-1 rules, CIE rule, fractional levels) default to what the
 * computation did before them, so a saved method keeps its results:
 * - indirect bands absent = the direct bands: the three-point course-exit workbook in
 *   docs/nba-sources.md ("Survey (indirect) formulas") reads the survey percent by "the same level bands as the direct side";
 * - survey validity: `max_margin_of_error` 15 percentage points, the 95 % margin of a proportion at p = 0.5 with the
 *   finite-population correction (W. G. Cochran, Sampling Techniques, 3rd ed., 1977, ch. 3; `marginOfError`). No
 *   NBA document fixes a minimum; we chose +-15 so sampling error alone keeps a survey percent within a band and a half
 *   of the default bands (10 points apart); see docs/decisions/0031-survey-levels-and-audiences.md. It needs 26 answers
 *   from a class of 60, 10 from 12 alumni, all of a class of 4; one answer from 121 (+-98 points) gives no level.
 *   `min_responses` 1 is a floor on top of it that a program may raise;
 * - `band_rule` `At least` (>=): the FISAT sample's wording ("50 % of students" earns level 1); some colleges
 *   write "more than", and none is authoritative;
 * - `level1_rule` `Level 1 band`: the FISAT sample's level-1 band; "any student" (level 1 above 0 %) is a practice
 *   seen in some colleges' workbooks, not fixed by any published source;
 * - `cie_rule` `Pooled marks`: CIE = ISE + MSE marks together (docs/design.md "Attainment"); averaging the ISE and MSE levels is
 *   another colleges' practice with no published source fixing either;
 * - `fractional_levels` false: the FISAT sample's whole levels 0-3; no published source fixes interpolation;
 * - `co_target_kind` `Level` (with `co_target` 2); a percent-of-students target has no published default, so
 *   `co_target_percent` has none.
 */
export const DEFAULT_METHOD: AttainmentMethod = {
  threshold_percent: 60,
  level3_percent: 70,
  level2_percent: 60,
  level1_percent: 50,
  cie_weight: 30,
  see_weight: 70,
  direct_weight: 80,
  indirect_weight: 20,
  po_rule: 'Weighted by correlation',
  articulation_rule: 'Average',
  co_target: 2,
  po_target: 2,
  min_responses: 1,
  max_margin_of_error: 15,
  band_rule: 'At least',
  level1_rule: 'Level 1 band',
  cie_rule: 'Pooled marks',
  fractional_levels: false,
  co_target_kind: 'Level',
  source:
    'Defaults: threshold 60 %, bands 70/60/50 % of students (FISAT sample attainment); CIE 30 / SEE 70; direct 80 / indirect 20; ' +
    'PO = weighted average by correlation; course articulation = average of mapped CO values; targets level 2. ' +
    'Survey bands as the direct ones; a survey level needs a 95 % margin of error within 15 points; bands reached "at least"; ' +
    'whole levels; CIE from pooled ISE and MSE marks.',
};

/** The three band edges of one side (percent 0-100): level 3, 2 and 1 are reached from these. */
export interface LevelBands {
  level3: number;
  level2: number;
  level1: number;
}

type BandFields = 'level3_percent' | 'level2_percent' | 'level1_percent';
type IndirectBandFields = 'indirect_level3_percent' | 'indirect_level2_percent' | 'indirect_level1_percent';

/** The direct bands: percent of students at the threshold that earns level 3, 2, 1. */
export const directBands = (m: Pick<AttainmentMethod, BandFields>): LevelBands => ({
  level3: m.level3_percent,
  level2: m.level2_percent,
  level1: m.level1_percent,
});

/**
 * The indirect (survey) bands: survey percent that earns level 3, 2, 1; each one not given (absent or null) is the
 * direct band's (docs/nba-sources.md: "the same level bands as the direct side").
 */
export const indirectBands = (m: Pick<AttainmentMethod, BandFields | IndirectBandFields>): LevelBands => ({
  level3: m.indirect_level3_percent ?? m.level3_percent,
  level2: m.indirect_level2_percent ?? m.level2_percent,
  level1: m.indirect_level1_percent ?? m.level1_percent,
});

/**
 * Rules across the method's fields: CIE + SEE = 100, direct + indirect = 100, bands level 3 >= level 2 >= level 1
 * (the survey bands too, among those given, each compared with the other's effective band: given, else the direct
 * one), and a CO target percent when the CO target is a percent of students.
 * @returns field -> message for each broken rule (empty when fine). Pure.
 */
export function methodProblems(m: Partial<AttainmentMethod>): Record<string, string> {
  const out: Record<string, string> = {};
  const n = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
  const cie = n(m.cie_weight) + n(m.see_weight);
  if (Number.isFinite(cie) && Math.abs(cie - 100) > 1e-9) out.see_weight = `CIE and SEE weights add up to ${cie}, not 100`;
  const dir = n(m.direct_weight) + n(m.indirect_weight);
  if (Number.isFinite(dir) && Math.abs(dir - 100) > 1e-9) out.indirect_weight = `Direct and indirect weights add up to ${dir}, not 100`;
  if (n(m.level2_percent) > n(m.level3_percent)) out.level2_percent = 'Level 2 cannot need more students than level 3';
  if (n(m.level1_percent) > n(m.level2_percent)) out.level1_percent = 'Level 1 cannot need more students than level 2';
  const eff = indirectBands(m as AttainmentMethod);
  const pairs = [
    [2, 3],
    [1, 2],
  ] as const;
  for (const [lo, hi] of pairs) {
    const loKey = `indirect_level${lo}_percent` as const;
    const hiKey = `indirect_level${hi}_percent` as const;
    const loGiven = typeof m[loKey] === 'number';
    const hiGiven = typeof m[hiKey] === 'number';
    if ((!loGiven && !hiGiven) || !(n(eff[`level${lo}`]) > n(eff[`level${hi}`]))) continue;
    const band = (level: 1 | 2 | 3, given: boolean) => `${eff[`level${level}`]} %${given ? '' : ', the direct band'}`;
    if (loGiven) out[loKey] ??= `Survey level ${lo} cannot need a higher percent than survey level ${hi} (${band(hi, hiGiven)})`;
    else out[hiKey] ??= `Survey level ${hi} cannot need a lower percent than survey level ${lo} (${band(lo, loGiven)})`;
  }
  if (m.co_target_kind === 'Percent of students' && typeof m.co_target_percent !== 'number')
    out.co_target_percent = 'Required when the CO target is a percent of students';
  return out;
}

/**
 * The CIE/SEE split one course's attainment uses (levels combined as `(cie x CIE level + see x SEE level) / 100`),
 * and where it comes from: `course` when the course sets its "ISE + MSE weightage (%)" or "ESE weightage (%)"
 * (`total_ISE_and_MSE_weightage`, `total_ESE_weightage`), `method` (the program's methodology) otherwise.
 */
export interface ExamWeights {
  /** CIE (ISE + MSE) weight, percent 0-100. */
  cie: number;
  /** SEE (ESE) weight, percent 0-100; cie + see = 100. */
  see: number;
  from: 'course' | 'method';
}

/** A course's weightage fields as `courseExamWeights` reads them (percent; null or absent: not set). */
export interface CourseWeightage {
  total_ISE_and_MSE_weightage?: number | null;
  total_ESE_weightage?: number | null;
}

const isPercent = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100;

/**
 * One weightage rule per course: the course's own ISE + MSE and ESE weightage, when set, is its CIE/SEE split (the
 * program's methodology split is the default, used when this gives undefined). Both set: in their proportion (40 and
 * 60 -> 40/60; 20 and 30 -> 40/60); one set: the other is the rest of 100; neither, or both 0: undefined. Rounded
 * to 2 decimals. The computation applies it (`withCourseWeights` in the attainment feature) and stores what it used in
 * the result's `weights`, which every page and the SAR read.
 * @param course the course record's weightage fields (percent)
 */
export function courseOwnWeights(course: CourseWeightage): ExamWeights | undefined {
  const a = course.total_ISE_and_MSE_weightage;
  const b = course.total_ESE_weightage;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  if (isPercent(a) && isPercent(b)) {
    if (a + b === 0) return undefined;
    const cie = r2((a / (a + b)) * 100);
    return { cie, see: r2(100 - cie), from: 'course' };
  }
  if (isPercent(a)) return { cie: a, see: r2(100 - a), from: 'course' };
  if (isPercent(b)) return { cie: r2(100 - b), see: b, from: 'course' };
  return undefined;
}

/**
 * The split in words, as the CO attainment page, the SAR's review notes and the trace say it: "CIE 40 / SEE 60, the
 * course's ISE + MSE and ESE weightage" or "CIE 30 / SEE 70, the program's methodology".
 */
export const examWeightsText = (w: ExamWeights): string =>
  `CIE ${w.cie} / SEE ${w.see}, ${w.from === 'course' ? "the course's ISE + MSE and ESE weightage" : "the program's methodology"}`;
