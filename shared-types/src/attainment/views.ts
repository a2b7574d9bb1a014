import type { YearChoice } from '../format/academic-year.js';
import type { AttainmentMethod } from './method.js';
import type { CourseAttainment, ProgramAttainment, StudentAttainment } from './results.js';

/**
 * What the attainment pages read (`GET /api/attainment/...`, each answered as `{ data: <view> }`).
 * Units: percentages are 0-100 with 2 decimals; attainment levels are 0-3 (fractional, e.g. 2.35); marks are marks;
 * academic years look like `2025-26` (or `undated` for occasions without a date), newest first.
 */

/** A PO or PSO of a program as the attainment pages show it (a `generic-program-outcome` record, renamed). */
export interface OutcomeView {
  /** The outcome record's id (the keys of `CourseAttainment.po` and `StudentAttainment.po`). */
  id: string;
  /** Its `po_reference`, e.g. `PO1`, `PSO2`. */
  reference: string;
  /** Its `outcome_type`. */
  type: 'PO' | 'PSO';
  title?: string;
  statement: string;
}

/** A course outcome as the attainment pages name it (the keys of `StudentAttainment.co`). */
export interface CourseOutcomeView {
  id: string;
  /** e.g. `CO1`. */
  code: string;
  statement: string;
}

/**
 * `GET /api/attainment/course/{course}?year=`: one course's CO and PO/PSO attainment in one academic year.
 * - `result`: the chosen year (default the newest), or null when the course has no marks yet;
 * - `years`: every academic year with marks, newest first;
 * - `outcomes`: the POs and PSOs of the course's program, POs first (the columns of `result.po`);
 * - `method`: the program's method (thresholds and bands in percent, targets as levels 0-3); absent when the course
 *   has no program; `method_version` is its record version (0 = the defaults, never saved).
 */
export interface CourseAttainmentView {
  result: CourseAttainment | null;
  years: string[];
  outcomes: OutcomeView[];
  method?: AttainmentMethod;
  method_version: number;
}

/**
 * `GET /api/attainment/program/{program}`: every course of a program and the program-level PO/PSO attainment
 * (levels 0-3), one entry per academic year with results, newest first; `year_choice` is the year the pages open on
 * (`defaultResultsYear`: the newest with results not after the campus's CAY) and why; `outcomes` are the program's
 * POs then PSOs; `method` and `method_version` as in `CourseAttainmentView`; `updating` the codes of courses whose
 * results are being computed again after a change (shown meanwhile with their previous results; absent when none).
 */
export interface ProgramAttainmentView {
  years: ProgramAttainment[];
  year_choice: YearChoice;
  outcomes: OutcomeView[];
  method: AttainmentMethod;
  method_version: number;
  updating?: string[];
}

/**
 * `GET /api/attainment/students/{course}?year=`: each student's percent of every CO and PO/PSO of a course in one
 * academic year (students with marks that year, by roll number).
 * - `year`: the year shown (default the newest; null when the course has no marks); `years`: every year with marks;
 * - `threshold`: the method's threshold, percent of a CO's marks a student must reach;
 * - `cos`: the course's COs by code; `outcomes`: the program's POs then PSOs.
 */
export interface StudentsAttainmentView {
  students: StudentAttainment[];
  years: string[];
  year: string | null;
  threshold: number;
  cos: CourseOutcomeView[];
  outcomes: OutcomeView[];
}

/** Status of an improvement action. */
export const PLAN_STATUSES = ['Planned', 'In progress', 'Done'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The action recorded for one student on one CO (remedial class, assignment, mentoring...). */
export interface PlanAction {
  /** At most 500 characters. */
  action: string;
  status: PlanStatus;
}

/** A student below the threshold on one CO. */
export interface BelowThreshold {
  /** Student id. */
  student: string;
  roll_no: string;
  name: string;
  /** Course outcome id. */
  co: string;
  /** The student's percent of the CO's marks (0-100, below `threshold`). */
  percent: number;
}

/**
 * `GET /api/attainment/improvement-plan/{course}?year=`: the students below the threshold on a CO in one academic
 * year, and the action recorded for each.
 * - `actions` keyed `<student id>:<co id>`; `version` of the saved plan (0 = never saved; a PUT sends it, stale: 409);
 * - `threshold` percent; `year`/`years` as in `StudentsAttainmentView`; `cos` the course's COs by code.
 */
export interface ImprovementPlanView {
  year: string | null;
  years: string[];
  threshold: number;
  cos: CourseOutcomeView[];
  below: BelowThreshold[];
  actions: Record<string, PlanAction>;
  version: number;
  updated_by?: string;
  updated_at?: string;
}

/**
 * `PUT /api/attainment/improvement-plan/{course}` answers `{ message, data }` with the plan as stored: the actions
 * of one course and academic year, its new `version`, who saved it (e-mail) and when (ISO-8601).
 */
export interface ImprovementPlanSaved {
  course: string;
  year: string;
  actions: Record<string, PlanAction>;
  version: number;
  updated_by?: string;
  updated_at?: string;
}
