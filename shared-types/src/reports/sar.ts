import type { FrozenYear } from '../audit/frozen-year.js';
import type { YearChoice } from '../format/academic-year.js';
import type { ReportView } from './report-view.js';

/**
 * The NBA Self Assessment Report export: `GET /api/reports/sar/{program}?year=<CAY>&format=&criteria=`.
 * - `year`: the report's year, labelled CAY in its tables (e.g. `2025-26`), CAYm1 and CAYm2 the two before it; none
 *   given: the year every results page opens on (`defaultResultsYear`: the newest with results, not after the
 *   campus's current academic year), which `year_choice` names;
 * - `format`: `json` (the web page), `docx` or `pdf` (a download named `SAR-<program acronym>-<CAY>.<ext>`);
 * - `criteria`: comma-separated, a subset of `SAR_CRITERIA` (default both);
 * - `courses`: comma-separated course ids whose course articulation matrices Criterion 3.1 shows (default every course
 *   of the program that has a matrix).
 * Errors: 400 for a bad year, format or criterion; 404 for a program not of the campus.
 */
export const SAR_PATH = '/api/reports/sar';

/** Criteria the export writes: 3 (course and program outcomes) and 5 (faculty information and contributions). */
export const SAR_CRITERIA = ['3', '5'] as const;
export type SarCriterion = (typeof SAR_CRITERIA)[number];

/** Formats of the export. */
export const SAR_FORMATS = ['json', 'docx', 'pdf'] as const;
export type SarFormat = (typeof SAR_FORMATS)[number];

/**
 * Versions of the SAR's Criterion 5 formulas a program can follow (its `sar_version`), each with its source in
 * `shared/data/nba-sar-criteria.md`: the 2019 SAR (UG Tier II) and the 2025 SAR of the GAPC v4.0 framework.
 */
export const SAR_VERSIONS = ['SAR 2019 (UG Tier II)', 'SAR 2025 (GAPC v4)'] as const;
export type SarVersion = (typeof SAR_VERSIONS)[number];
/** The version a program follows until an admin picks one. */
export const DEFAULT_SAR_VERSION: SarVersion = 'SAR 2025 (GAPC v4)';

/**
 * The SAR as the web page shows it and the documents print it: a `ReportView` whose sections are criterion items
 * (`3.1`, `3.2.2`, `3.3.2`, `5.1` ...), plus what it was made for.
 * - `years`: CAY, CAYm1, CAYm2 as academic years (`['2025-26', '2024-25', '2023-24']`);
 * - `version`: the Criterion 5 formula version used (the program's `sar_version`);
 * - `method_version`: the attainment method's record version the Criterion 3 figures were computed with;
 * - `frozen`: the years among CAY, CAYm1, CAYm2 whose Criterion 3 figures come from an approved (frozen) snapshot
 *  , each with who approved it, when and its method version; the context says so for each;
 * - `year_choice`: the report's year and why (asked for, or the default), with the caption the page shows.
 */
export interface SarView extends ReportView {
  program: string;
  program_title: string;
  /** The program's acronym (e.g. `CSE`), '' when it has none: the download's file name `SAR-<acronym>-<CAY>.docx`. */
  program_acronym: string;
  years: string[];
  year_choice: YearChoice;
  version: SarVersion;
  criteria: SarCriterion[];
  method_version: number;
  frozen: Pick<FrozenYear, 'academic_year' | 'approved_by' | 'approved_at' | 'method_version'>[];
}
