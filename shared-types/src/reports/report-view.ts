/**
 * The shape every report answers: `GET /api/reports/{report}?<pickers>` and the SAR export's JSON both
 * answer `{ data: ReportView }`, so one web component renders every report table, one writer turns them into DOCX/PDF,
 * and the SAR's tables are the web's figure for figure. Units are stated per column (`unit`): levels 0-3, percent
 * 0-100, marks, hours, credits, counts, rupees (lakh), years.
 */

/** One input of a computed figure, as the report shows it: what it is and its value as used (e.g. `S (CAY)`, `180`). */
export interface TraceInput {
  label: string;
  value: string | number;
}

/**
 * Where a computed figure came from: the inputs it used, the formula (written out with the inputs' names), the
 * version of the rule (e.g. `2025 SAR (GAPC v4)`), the source the rule is taken from, and how it was rounded.
 * Every computed figure of a report carries one; figures copied from a record (a title, a date) do not.
 */
export interface Trace {
  formula: string;
  inputs: TraceInput[];
  rounding: string;
  version?: string;
  source?: string;
}

/**
 * A computed figure: its value (null when it cannot be computed, and then `note` says why, e.g. "formula not
 * available"), the text shown for it, and its trace.
 */
export interface Figure {
  value: number | null;
  text: string;
  trace: Trace;
  note?: string;
}

/** A table cell: plain text or a number as stored, a computed figure, or empty. */
export type ReportCell = string | number | Figure | null;

/** A column of a report table: its key in each row, its header as people read it, and the unit of its numbers. */
export interface ReportColumn {
  key: string;
  label: string;
  unit?: string;
}

/**
 * One table of a report: an id (stable, also its export file name), a title, its columns and rows (each row keyed by
 * column key), rows summarising the table (totals, averages) kept apart in `footer`, and notes printed under it.
 */
export interface ReportTable {
  id: string;
  title: string;
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  footer?: Record<string, ReportCell>[];
  notes?: string[];
}

/** A heading and its paragraphs (a vision, a mission, a criterion's introduction), shown before the tables. */
export interface ReportText {
  title: string;
  paragraphs: string[];
}

/** A group of texts and tables under one heading (a course in a per-course report; a criterion item in the SAR). */
export interface ReportSection {
  id: string;
  title: string;
  texts?: ReportText[];
  tables: ReportTable[];
}

/**
 * A whole report: its title, what it was asked for as people read it (`context`: e.g. `Curriculum: B.Tech CSE 2022`),
 * its sections (empty when nothing matches; `empty` then says what to add), and when it was made (ISO-8601).
 * `traces: false` prints figures as their values only, without the DOCX footnotes or the PDF annex (the SAR a program
 * submits); `page_label` is printed in the header and footer of every page (the SAR's "Review copy").
 */
export interface ReportView {
  report: string;
  title: string;
  context: string[];
  sections: ReportSection[];
  empty?: string;
  generated_at: string;
  traces?: boolean;
  page_label?: string;
}

/** Whether a cell is a computed figure. */
export const isFigure = (c: ReportCell | undefined): c is Figure => typeof c === 'object' && c !== null && 'trace' in c && 'text' in c;

/** The text a cell shows (and exports): a figure's text, a number as written, empty for none. */
export function cellText(c: ReportCell | undefined): string {
  if (c === null || c === undefined) return '';
  if (isFigure(c)) return c.text;
  return String(c);
}
