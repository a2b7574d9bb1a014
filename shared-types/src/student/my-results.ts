import { defineRoute, item } from '../api/contract.js';
import { YEAR_FORMAT, yearQuery } from '../attainment/attainment-routes.js';
import type { PlanStatus } from '../attainment/views.js';
import type { YearChoice } from '../format/academic-year.js';

/** Where a signed-in student reads their own results. */
export const MY_RESULTS_PATH = '/api/me/results';

/** One question of an occasion's paper with the student's own marks on it. */
export interface MyQuestionMarks {
  number: string;
  /** Marks the question is out of. */
  max_marks: number;
  /** The code of the CO it assesses (`CO1`); absent when the paper gives none. */
  co_code?: string;
  /** The student's marks; null when none were entered (a blank cell). */
  marks: number | null;
}

/** One assessment occasion (ISE, MSE, ESE...) of a course, as the student sat it. */
export interface MyOccasion {
  id: string;
  name: string;
  kind: string;
  /** ISO date (`2025-09-12`), when the occasion has one. */
  held_on?: string;
  /** Marked absent for the whole occasion. */
  absent: boolean;
  questions: MyQuestionMarks[];
}

/** One course outcome of a course: the student's own attainment beside the class's, with no other student's value. */
export interface MyCourseOutcome {
  id: string;
  code: string;
  statement: string;
  /** The student's percent of the CO's marks (CIE and SEE combined by the course's weightage), or null when not assessed. */
  percent: number | null;
  /** Whether `percent` reaches the course's target (`threshold`), or null when not assessed. */
  reached: boolean | null;
  /**
   * How many students of the class (those with marks on the occasions of the student's section) have a percent for
   * this CO, and how many of them reached the target.
   */
  class_students: number;
  class_reached: number;
  /**
   * The class's percents counted in ten bins (0-9.99, 10-19.99, ..., 90-100): counts only, no student named; empty when
   * fewer than five students have a percent (a smaller class's bands would tell who is where).
   */
  class_bins: number[];
}

/** An action the course's improvement plan records for the student on one CO. */
export interface MyPlanAction {
  co: string;
  co_code: string;
  action: string;
  status: PlanStatus;
}

/** One course of the student's, in one academic year. */
export interface MyCourseResult {
  course: { id: string; code: string; title: string };
  /** The target a student's CO percent is held against: the program's method's threshold, percent of the CO's marks. */
  threshold: number;
  cos: MyCourseOutcome[];
  occasions: MyOccasion[];
  actions: MyPlanAction[];
}

/**
 * `GET /api/me/results?year=` (students): the signed-in student's own courses in one academic year (default the
 * campus's current one), each with their marks per occasion and question, their CO attainment against the course's
 * target beside the class's distribution, and the improvement plan's actions for them. Only the student's own values
 * and the class's counts; never another student's.
 * - `student`: who the account is on the roster (roll number, name, section);
 * - `year_choice`: the year shown and why (the campus's current year when the student has marks in it, else their
 *   newest before it: the course pages' rule); `years`: every year they have marks in, newest first;
 * - `courses`: the courses of their curriculum with marks of theirs in that year, by code.
 */
export interface MyResultsView {
  student: { roll_no: string; name: string; section: string };
  year_choice: YearChoice;
  years: string[];
  courses: MyCourseResult[];
}

/** `GET /api/me/results?year=`: the signed-in student's own courses, marks and CO attainment. */
export const myResultsRoute = defineRoute({
  method: 'GET',
  path: MY_RESULTS_PATH,
  domain: 'student',
  summary: "The signed-in student's own courses, marks and CO attainment in one academic year",
  roles: ['student'],
  forbidden: 'These pages are for students',
  query: yearQuery,
  invalid: YEAR_FORMAT,
  answer: item('MyResultsView'),
  errors: [400, 401, 403, 404],
});

/** Every route of the students' own pages. */
export const STUDENT_ROUTES = [myResultsRoute] as const;
