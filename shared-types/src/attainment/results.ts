/**
 * What the attainment computation returns (functions/src/features/attainment/compute.ts) and the pages show.
 * Percentages are 0-100 with 2 decimals; levels are 0-3 (CO/PO attainment levels may be fractional, e.g. 2.35).
 */
import type { ExamWeights } from './method.js';

/** One CO's result in one exam group (CIE = ISE + MSE, SEE = ESE). */
export interface GroupResult {
  /** Students with at least one mark on this CO's questions in the group (absent students are left out). */
  students: number;
  /** Of those, students at or above the threshold. */
  reached: number;
  /** reached / students, percent. */
  percent: number;
  /** Level 0-3 from the method's bands (fractional, 2 decimals, when the method says so). */
  level: number;
  /** Maximum marks of the CO's questions in the group, per student (marks). */
  max_marks: number;
  /**
   * CIE under the method's `Average of ISE/MSE levels` rule: occasion kind (`ISE`, `MSE`) -> that kind's own result
   * (its papers' marks pooled); the group's `level` is then the mean of these levels, while `students`, `reached` and
   * `percent` stay those of all CIE marks pooled. Absent under `Pooled marks` and for SEE.
   */
  kinds?: Record<string, GroupResult>;
}

/**
 * What the results' shape and rules are at: a stored result of another version is recomputed on its next read, as a
 * changed method's is. 2: survey validity (population, margin of error and responses needed on every indirect level).
 * 3: a course's own CIE/SEE weightage, and the count of students with marks. 4: each student's own results stored
 * with the course's (for their pages), so a course computed before is computed again, and its students' stored.
 */
export const ATTAINMENT_ENGINE_VERSION = 4;

/**
 * What the surveys of one academic year say about one outcome (CO, PO, PSO or PEO), and the indirect level read from
 * it: `percent` = sum(count_k x weight_k) / (respondents x max weight) x 100 over the rating questions that assess
 * the outcome (online answers and paper counts together), `level` by the method's indirect bands; `level` is null,
 * with `note` saying why, when fewer answered than the survey's validity rule needs (`surveyValidity`).
 */
export interface IndirectResult {
  /** The surveys the answers came from (a course-exit survey, or the program's PO/PEO surveys of the year). */
  surveys: { id: string; name: string }[];
  /** People who answered (online and on paper). */
  respondents: number;
  /** People the surveys were for: invited online plus surveyed on paper (at least the respondents). */
  population: number;
  /** Survey percent 0-100, 2 decimals. */
  percent: number;
  /** Indirect level 0-3 (fractional when the method says so), or null when not used. */
  level: number | null;
  /** 95 % margin of error of the survey percent, percentage points (2 decimals); 0 when everyone answered. */
  margin_of_error: number | null;
  /** Respondents a level needs from this population under the method (`responsesNeeded`). */
  needed: number;
  note?: string;
}

/**
 * What a caller knows about an outcome's surveys before the method reads a level from them: the surveys, the
 * respondents, the population and the survey percent, unrounded (`functions/src/features/attainment/survey-math.ts` decides the
 * level on it and rounds it for display in the `IndirectResult`).
 */
export type SurveyEvidence = Omit<IndirectResult, 'level' | 'note' | 'margin_of_error' | 'needed' | 'population'> & {
  /** Absent: the respondents are everyone the survey was for (a published workbook's counts). */
  population?: number;
};

/**
 * An indirect level's evidence in one line, as every page prints it beside the level: "Course exit BCS401 (sample):
 * 51 of 60 responded, margin of error ± 5.40 points (95 %)"; when the survey is too small for a level, "...; a level
 * needs 26: not used" (the page's notes give the whole sentence, `note`). Results stored before the validity rule have
 * no population: then only the respondents.
 */
export function surveyEvidenceText(s: IndirectResult): string {
  const names = s.surveys.map((x) => x.name).join(', ');
  const answered =
    s.population === undefined
      ? `${s.respondents} response${s.respondents === 1 ? '' : 's'}`
      : `${s.respondents} of ${s.population} responded`;
  const margin = s.margin_of_error == null ? '' : `, margin of error ± ${s.margin_of_error.toFixed(2)} points (95 %)`;
  const used = `${names}: ${answered}${margin}`;
  if (s.level !== null) return used;
  return s.needed === undefined ? `${used}. Not used: ${s.note ?? 'too few responses'}` : `${used}; a level needs ${s.needed}: not used`;
}

/** One CO of a course. `null` results mean "not assessed" (no question of that CO in the group). */
export interface CoResult {
  co: string;
  code: string;
  cie: GroupResult | null;
  see: GroupResult | null;
  /** Direct attainment level: cie_weight % of the CIE level + see_weight % of the SEE level (one group alone counts fully). */
  direct: number | null;
  /** Indirect (course-exit survey) level, when a survey of the course and year gives one. */
  indirect: number | null;
  /** The course-exit survey evidence behind `indirect` (also when too few answered to use it), else null. */
  survey?: IndirectResult | null;
  /** Final CO attainment level: direct and indirect combined by their weights (direct only when no survey). */
  attainment: number | null;
  /**
   * Whether the CO reaches the method's CO target: `attainment` >= `co_target` (a level), or, when the target is a
   * percent of students, the direct percent of students at the threshold (CIE and SEE combined by weight) >=
   * `co_target_percent`.
   */
  met: boolean | null;
}

/** Attainment of one course by one method version. */
export interface CourseAttainment {
  course: string;
  code: string;
  title: string;
  /** Academic year of its occasions (`2025-26`), when they carry dates. */
  academic_year?: string;
  cos: CoResult[];
  /** Mean of the assessed COs' attainment levels (level 0-3). */
  course_attainment: number | null;
  /** Outcome id -> PO/PSO attainment level 0-3 through the CO-PO matrix (absent: the course does not map it). */
  po: Record<string, number>;
  /** Students on the roster of the course's occasions. */
  students: number;
  /** Students with marks in at least one occasion of the year (those the CO shares count; absent: before engine 3). */
  students_with_marks?: number;
  /** The CIE/SEE split used and where it comes from (`courseExamWeights`; absent: before engine 3). */
  weights?: ExamWeights;
  notes: string[];
  method_version: number;
  /** `ATTAINMENT_ENGINE_VERSION` it was computed with (absent: before version 2). */
  engine?: number;
  computed_at: string;
}

/** One PO/PSO across a program's courses. */
export interface ProgramOutcomeResult {
  outcome: string;
  reference: string;
  /** Final level: direct and indirect combined by the method's weights (direct alone without a survey level). */
  attainment: number | null;
  /** Direct level: the mean over the courses that map it (level 0-3), or null when none does. */
  direct: number | null;
  /** Indirect level from the program's PO/PSO surveys of the year, when one gives it. */
  indirect: number | null;
  /** The survey evidence behind `indirect` (also when too few answered to use it), else null. */
  survey?: IndirectResult | null;
  courses: number;
  /** Whether `attainment` (the final level) reaches the method's PO target; null when not assessed. */
  met: boolean | null;
}

/** A program's attainment: every course and the program-level PO/PSO attainment. */
export interface ProgramAttainment {
  program: string;
  academic_year?: string;
  courses: CourseAttainment[];
  outcomes: ProgramOutcomeResult[];
  method_version: number;
  computed_at: string;
}

/** One student's attainment in one course: per CO percent and whether it reaches the threshold, per PO percent. */
export interface StudentAttainment {
  student: string;
  roll_no: string;
  name: string;
  /** CO id -> percent of the CO's marks (CIE and SEE combined by weight), or null when not assessed / absent. */
  co: Record<string, number | null>;
  /** Outcome id -> weighted percent through the CO-PO matrix. */
  po: Record<string, number | null>;
}

/**
 * A CO's share in one exam group in words, naming how many students it counts: "21 of 30 students with marks reached
 * 60 %" (`threshold` = the method's `threshold_percent`, percent of the CO's marks). Absent students and students with
 * no marks entered are not among them.
 */
export const groupCountText = (g: Pick<GroupResult, 'reached' | 'students'>, threshold: number): string =>
  `${g.reached} of ${g.students} student${g.students === 1 ? '' : 's'} with marks reached ${threshold} %`;
