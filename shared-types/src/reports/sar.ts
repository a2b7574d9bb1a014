import type { FrozenYear } from '../audit/frozen-year.js';
import type { YearChoice } from '../format/academic-year.js';
import type { ReportView } from './report-view.js';

/**
 * The NBA Self Assessment Report export: `GET /api/reports/sar/{program}?year=<CAY>&format=&criteria=`.
 * - `year`: the report's year, labelled CAY in its tables (e.g. `2025-26`), CAYm1 and CAYm2 the two before it; none
 *   given: the year every results page opens on (`defaultResultsYear`: the newest with results, not after the
 *   campus's current academic year), which `year_choice` names;
 * - `format`: `json` (the web page), `docx` or `pdf` (a download named `SAR-<program acronym>-<CAY>.<ext>`);
 * - `criteria`: comma-separated, a subset of `SAR_CRITERIA` (default both), or `all`: the whole SAR of the program's
 *   format (`SAR_WHOLE`): Part A, every criterion and item in NBA's order with the team's sections, the declaration;
 * - `courses`: comma-separated course ids whose course articulation matrices Criterion 3.1 shows (default every course
 *   of the program that has a matrix).
 * Errors: 400 for a bad year, format or criterion; 404 for a program not of the campus.
 */
export const SAR_PATH = '/api/reports/sar';

/** Criteria the export writes: 3 (course and program outcomes) and 5 (faculty information and contributions). */
export const SAR_CRITERIA = ['3', '5'] as const;
export type SarCriterion = (typeof SAR_CRITERIA)[number];
/** The `criteria` value asking for the whole SAR of the program's format. */
export const SAR_WHOLE = 'all';

/** Formats of the export. */
export const SAR_FORMATS = ['json', 'docx', 'pdf'] as const;
export type SarFormat = (typeof SAR_FORMATS)[number];

/**
 * The SAR formats a program can follow (its `sar_version`), by the ids stored since the first two were added; each is
 * defined as data in `shared-types/src/sar/` (`SAR_FORMAT_DEFS`, whose ids and labels a unit test checks against
 * these). Kept apart from the definitions so that the program record does not carry them into every Lambda.
 */
export const SAR_VERSIONS = ['SAR 2019 (UG Tier II)', 'SAR 2016 (UG Tier I)', 'SAR 2025 (GAPC v4)'] as const;
export type SarVersion = (typeof SAR_VERSIONS)[number];
/** Each format in people words, as the program form and the SAR pages name it. */
export const SAR_VERSION_LABELS: Readonly<Record<SarVersion, string>> = {
  'SAR 2019 (UG Tier II)': 'UG Engineering Tier II (2015-2024, 10 criteria)',
  'SAR 2016 (UG Tier I)': 'UG Engineering Tier I (2016-2024, 10 criteria)',
  'SAR 2025 (GAPC v4)': '2025 (GAPC v4.0, 9 criteria, 11 POs)',
};
/**
 * The versions of the Criterion 5 formulas (`criterion5-formulas.ts`), each with its source in
 * `docs/nba-sources.md` ("Criterion 5"): the 2019 SAR's (UG Tier II, which Tier I shares) and the 2025 SAR's (GAPC v4.0).
 */
export type Criterion5Version = 'SAR 2019 (UG Tier II)' | 'SAR 2025 (GAPC v4)';
/** The format a program follows until an admin picks one. */
export const DEFAULT_SAR_VERSION: SarVersion = 'SAR 2025 (GAPC v4)';
/**
 * How many POs each format names (`SarFormatDef.pos`, checked equal by a unit test): NBA's 12 for Tier II and Tier I,
 * the 11 of GAPC v4.0 for 2025. For code that needs the count and label without the formats' definitions.
 */
export const SAR_VERSION_POS: Readonly<Record<SarVersion, 11 | 12>> = {
  'SAR 2019 (UG Tier II)': 12,
  'SAR 2016 (UG Tier I)': 12,
  'SAR 2025 (GAPC v4)': 11,
};
/** A program's format (its `sar_version`; the default when none or an unknown one is stored), as `sarFormatDef` reads it. */
export const sarVersionOf = (id: string | null | undefined): SarVersion =>
  (SAR_VERSIONS as readonly string[]).includes(id ?? '') ? (id as SarVersion) : DEFAULT_SAR_VERSION;

/**
 * The SAR as the web page shows it and the documents print it: a `ReportView` whose sections are criterion items
 * (`3.1`, `3.2.2`, `3.3.2`, `5.1` ...), plus what it was made for.
 * - `years`: CAY, CAYm1, CAYm2 as academic years (`['2025-26', '2024-25', '2023-24']`);
 * - `version`: the Criterion 5 formula version used (that of the program's format, `sar_version`);
 * - `method_version`: the attainment method's record version the Criterion 3 figures were computed with;
 * - `frozen`: the years among CAY, CAYm1, CAYm2 whose Criterion 3 figures come from an approved (frozen) snapshot
 *  , each with who approved it, when and its method version; the context says so for each;
 * - `year_choice`: the report's year and why (asked for, or the default), with the caption the page shows; that year
 *   is the SAR's CAY (docs/decisions/0045);
 * - `review`: the team's review copy (`?review=1`): figure notes, the method and formula versions, "Review copy" on every
 *   page; without it, the SAR a program submits, in NBA's words only.
 */
export interface SarView extends ReportView {
  review: boolean;
  program: string;
  program_title: string;
  /** The program's acronym (e.g. `CSE`), '' when it has none: the download's file name `SAR-<acronym>-<CAY>.docx`. */
  program_acronym: string;
  years: string[];
  year_choice: YearChoice;
  version: Criterion5Version;
  criteria: SarCriterion[];
  /** The whole SAR of the format (`criteria=all`), not only Criteria 3 and 5. */
  whole: boolean;
  method_version: number;
  frozen: Pick<FrozenYear, 'academic_year' | 'approved_by' | 'approved_at' | 'method_version'>[];
}
