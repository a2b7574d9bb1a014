/**
 * Frozen results (issue 16; DESIGN.md "approved (frozen) attainment years refuse edits until an admin unfreezes them
 * with a reason"). An admin approves a program's attainment for an academic year: the stored results, the method
 * version and the versions of the inputs (marks sheets, question papers, CO-PO matrices) are kept as a snapshot; edits
 * to those inputs and to the program's method are refused (409, naming who approved it and when) until the admin
 * unfreezes the year with a reason. The SAR export reads a frozen year from its snapshot and says so.
 */

/** `GET /api/attainment/freeze/{program}`: the program's approved years; `POST` `{ academic_year }` approves one. */
export const FREEZE_PATH = '/api/attainment/freeze';

/** One input's identity and version when the year was approved. */
export interface FrozenInput {
  kind: 'marks-sheet' | 'question-paper' | 'co-po-matrix' | 'attainment-method';
  id: string;
  version: number;
}

/** A program's approval of one academic year. Dates are ISO-8601 UTC. */
export interface FrozenYear {
  program: string;
  /** "2025-26". */
  academic_year: string;
  status: 'Frozen' | 'Unfrozen';
  approved_by: string;
  approved_at: string;
  /** The attainment method's version the results were computed with. */
  method_version: number;
  inputs: FrozenInput[];
  unfrozen_by?: string;
  unfrozen_at?: string;
  /** The unfreezing admin's reason (also in the audit trail). */
  unfreeze_reason?: string;
  version: number;
}

/** `POST /api/attainment/freeze/{program}/{academic year}/unfreeze`: the reason is required (at least 10 characters). */
export interface UnfreezeBody {
  reason: string;
  version: number;
}
