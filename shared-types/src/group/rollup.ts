import type { YearChoice } from '../format/academic-year.js';
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
}

/** A row: one measure for every campus (keyed by campus id). */
export interface RollupRow {
  label: string;
  /** Unit of the values: level 0-3, percent, count, or count per faculty member. */
  unit: 'level' | 'percent' | 'count' | 'per-faculty';
  cells: Record<string, RollupCell>;
}

/** A table of rows under a title (e.g. "Program-level PO attainment: UG (B.E./B.Tech.)"). */
export interface RollupSection {
  key: 'po-attainment' | 'survey' | 'faculty' | 'research' | 'mail';
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
}
