/**
 * What the attainment computation returns (functions/src/attainment/compute.ts) and the pages show.
 * Percentages are 0-100 with 2 decimals; levels are 0-3 (CO/PO attainment levels may be fractional, e.g. 2.35).
 */

/** One CO's result in one exam group (CIE = ISE + MSE, SEE = ESE). */
export interface GroupResult {
  /** Students with at least one mark on this CO's questions in the group (absent students are left out). */
  students: number;
  /** Of those, students at or above the threshold. */
  reached: number;
  /** reached / students, percent. */
  percent: number;
  /** Level 0-3 from the method's bands. */
  level: number;
  /** Maximum marks of the CO's questions in the group, per student (marks). */
  max_marks: number;
}

/** One CO of a course. `null` results mean "not assessed" (no question of that CO in the group). */
export interface CoResult {
  co: string;
  code: string;
  cie: GroupResult | null;
  see: GroupResult | null;
  /** Direct attainment level: cie_weight % of the CIE level + see_weight % of the SEE level (one group alone counts fully). */
  direct: number | null;
  /** Indirect (course-exit survey) level, when recorded. */
  indirect: number | null;
  /** Final CO attainment level: direct and indirect combined by their weights (direct only when no survey). */
  attainment: number | null;
  /** Whether `attainment` reaches the method's CO target. */
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
  notes: string[];
  method_version: number;
  computed_at: string;
}

/** One PO/PSO across a program's courses. */
export interface ProgramOutcomeResult {
  outcome: string;
  reference: string;
  /** Mean over the courses that map it (level 0-3), or null when none does. */
  attainment: number | null;
  courses: number;
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
