import type { YearChoice } from '../format/academic-year.js';
import type { GridTable } from '../registry/field.js';
import type { Figure } from '../reports/report-view.js';
import type { SarVersion } from '../reports/sar.js';
import type { AccreditationOutcome } from './readiness-rule.js';
import type { SarItemKind } from './sar-format.js';
import type { SarSectionStatus } from './sar-data.js';

/** The marks a SAR item counts on the readiness page, and where they come from. */
export type MarksSource = 'computed' | 'claimed' | 'none';

/** What the program team has written for an item: its section's status and claim (none: "not written yet"). */
export interface ReadinessSection {
  /** The section record's id (`/api/sar-section/{id}`). */
  id: string;
  status: SarSectionStatus;
  /** Marks claimed (null: none claimed yet). */
  claimed: number | null;
  reason: string;
  /** Who last changed the claim (an e-mail address) and when (ISO-8601 UTC). */
  claimed_by: string;
  claimed_at: string;
  evidence: number;
  /** Whether the team has written text or filled a row of a table. */
  written: boolean;
  /** The text as written (sanitised HTML), which the whole SAR prints. */
  text: string;
  /** NBA's tables for the item as the team filled them, which the whole SAR prints under the text. */
  tables: GridTable[];
}

/**
 * One item on the readiness page: NBA's number and title, how it is written, its marks (null for an item of a pool,
 * whose marks are the pool's), the marks it counts (`awarded`, 0..max) and their `source`: computed from the data
 * (`computed`: the marks figure with its trace, and the item's `figures` per year or batch), claimed by the team in
 * its section, or none yet. `note`: what could not be found for this item.
 */
export interface ReadinessItem {
  number: string;
  title: string;
  kind: SarItemKind;
  max: number | null;
  awarded: number;
  source: MarksSource;
  computed: Figure | null;
  figures: { label: string; figure: Figure }[];
  average: Figure | null;
  section: ReadinessSection | null;
  note?: string;
}

/** A criterion on the readiness page: its marks, the marks it counts, their percent, its items and pools. */
export interface ReadinessCriterion {
  number: string;
  title: string;
  max: number;
  awarded: number;
  /** 100 x awarded / max. */
  percent: number;
  items: ReadinessItem[];
  /** Items marked together: their marks, and what they count together (claims summed, up to the pool's marks). */
  pools: { items: string[]; max: number; awarded: number }[];
}

/** An item that would lift a criterion most: the marks it still lacks. */
export interface ReadinessLift {
  number: string;
  title: string;
  gain: number;
}

/**
 * `GET /api/reports/sar-readiness/{program}?year=`: a program's readiness for its SAR format and report year.
 * - `format`: the format (id, people words, NBA's document); `year_choice`: the report year (its CAY) and why;
 * - `criteria`: every criterion with its items; `total` of 1000;
 * - `outcome`: what NBA's decision rule (`rule`, with `rule_stated`) projects from the marks counted;
 * - `holding_back`: the criteria below the rule's line (or, with no per-criterion line, those furthest from their
 *   marks while the total is short), each with the items that would lift it most.
 */
export interface SarReadinessView {
  program: string;
  program_title: string;
  format: { id: SarVersion; label: string; document: string };
  year_choice: YearChoice;
  criteria: ReadinessCriterion[];
  total: number;
  outcome: AccreditationOutcome;
  rule: string;
  rule_stated: boolean;
  six_years: { total: number; criterion_percent: number | null };
  three_years: { total: number; criterion_percent: number | null };
  holding_back: { criterion: string; title: string; percent: number; line: number | null; lifts: ReadinessLift[] }[];
  /**
   * The POs: how many the format names and the program has, and, when they differ, what the page says (the SAR lists
   * the format's POs only; `poMismatch`), else null; `movable` when the program's 12 POs can be moved to the format's 11
   * (`poMoveApplies`, Configuration > Generic Program Outcomes previews and makes the move).
   */
  pos: { format: number; program: number; mismatch: string | null; movable: boolean };
  /** Counts for the page's summary: items computed with a formula, computed with claimed marks, and written. */
  counts: { computed: number; claimed_figures: number; written: number; not_written: number };
}
