import type { YearChoice } from '../format/academic-year.js';
import type { AccreditationOutcome } from '../sar/readiness-rule.js';
/**
 * The group roll-up: the group's campuses side by side. Every figure names the campus and the page it
 * came from, so the browser opens that page with the campus chosen (drill-down), and a test can read the same page
 * and compare.
 */

/** One campus's figure in a roll-up row. `value` is the number compared (null: nothing to measure). */
export interface RollupCell {
  value: number | null;
  /** As shown: "2.41", "63.2 %", "12", "-". */
  text: string;
  /** The page the figure came from, opened with `campus` chosen, e.g. `/attainment/po-attainment?program=<id>`. */
  href: string;
  /** The API read that gives the same figure on the campus page, for the curious and for tests. */
  api?: string;
  /** The SAR readiness row only: each program of the campus, those not on course first, each opening its own page. */
  programs?: RollupProgramReadiness[];
}

/**
 * One program in a campus's SAR readiness cell, as its SAR Readiness page shows it for the roll-up's year (the
 * report's CAY): its SAR format, total marks out of the format's, the outcome NBA's decision rule projects, and the
 * criteria below the rule's per-criterion line for six years (the page's "What holds the program back").
 */
export interface RollupProgramReadiness {
  /** The program's id. */
  program: string;
  title: string;
  /** The SAR format's label, e.g. "2025 (GAPC v4.0, 9 criteria, 11 POs)". */
  format: string;
  /** Marks counted (2 decimals) out of `max`, the sum of the format's criteria (1000). */
  total: number;
  max: number;
  outcome: AccreditationOutcome;
  /** Projected accredited (for six or three years). */
  on_course: boolean;
  /** The six-year per-criterion line in percent of a criterion's marks (null: the format states none). */
  line: number | null;
  /** The criteria below `line` by NBA's number, in the format's order (none when the format states no line). */
  below: string[];
  /** The criterion with the lowest percent of its marks (null: a format without criteria). */
  weakest: { criterion: string; percent: number } | null;
  /** As shown after the title: "Not accredited, 512.40 of 1000, Criterion 4 below 60 %". */
  text: string;
  /** The SAR Readiness page of the program and year, opened with the campus chosen. */
  href: string;
  /** `GET /api/reports/sar/{program}/readiness?year=`, which gives the same total and outcome. */
  api: string;
}

/** A row: one measure for every campus (keyed by campus id). */
export interface RollupRow {
  label: string;
  /** Unit of the values: level 0-3, percent, count (programs on course, in the SAR readiness row), or count per faculty member. */
  unit: 'level' | 'percent' | 'count' | 'per-faculty';
  cells: Record<string, RollupCell>;
}

/** A table of rows under a title (e.g. "Program-level PO attainment: UG (B.E./B.Tech.)"). */
export interface RollupSection {
  key: 'po-attainment' | 'sar-readiness' | 'survey' | 'faculty' | 'research' | 'mail';
  title: string;
  /** How the figures are made (one sentence, shown under the table). */
  note: string;
  rows: RollupRow[];
}

/** `GET /api/group/rollup?year=2025-26`: the group's campuses and the sections, with the academic year used. */
export interface RollupView {
  group: { id: string; name: string };
  academic_year: string;
  /** Why that year (asked for, or `defaultResultsYear` over the campuses), with the caption the page shows. */
  year_choice: YearChoice;
  campuses: { id: string; name: string; status: string }[];
  sections: RollupSection[];
  /**
   * The campuses (ids) whose figures predate their latest changes: being brought up to date (a few seconds after a
   * change); the page names them and reads the roll-up again.
   */
  updating: string[];
}
