/**
 * Frozen results (docs/design.md "Frozen years": an approved year refuses edits to its inputs until an admin
 * unfreezes it, giving a reason). An admin approves a program's attainment for an academic year: the stored results, the method
 * version and the versions of the inputs (marks sheets, question papers, CO-PO matrices) are kept as a snapshot; edits
 * to those inputs and to the program's method are refused (409, naming who approved it and when) until the admin
 * unfreezes the year with a reason. The SAR export reads a frozen year from its snapshot and says so.
 */
import type { ProgramAttainment } from '../attainment/results.js';
import { formatDate } from '../format/locale-format.js';

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

/** `POST /api/attainment/freeze/{program}` body: the academic year to approve (`2025-26`). */
export interface FreezeBody {
  academic_year: string;
}

/** The stored approval: the wire `FrozenYear` plus the program attainment of that year as approved (snapshot). */
export interface FrozenSnapshot extends FrozenYear {
  /** That year's CO results of each course and the program-level PO/PSO rows, as the Program attainment page showed them. */
  attainment: ProgramAttainment;
}

/** The least length of an unfreeze reason. */
export const MIN_UNFREEZE_REASON = 10;

/** An approval time as a date people read: `2026-03-05T10:00:00Z` -> `05/03/2026` (the UTC day, dd/mm/yyyy). */
export const approvalDate = (iso: string): string => formatDate(iso.slice(0, 10), 'en-IN');

/**
 * Why a write is refused while a year is frozen (the 409's `detail`): names the program (its title when given) and the
 * year, who approved it and when: "B.Tech CSE 2024-25 is approved (by a@b.c on 05/03/2026) and frozen: an admin must
 * unfreeze it with a reason first". For a move (`moving`: "course CS101"), says the course or curriculum has results
 * in it and cannot move out of or into the program until then.
 */
export const frozenRefusal = (
  f: Pick<FrozenYear, 'academic_year' | 'approved_by' | 'approved_at' | 'program'>,
  programTitle?: string,
  moving?: string,
): string => {
  const name = programTitle ?? f.program;
  const approved = `${name} ${f.academic_year} is approved (by ${f.approved_by} on ${approvalDate(f.approved_at)}) and frozen`;
  return moving
    ? `${approved}, and ${moving} has results in it: it cannot move out of or into ${name} until an admin unfreezes the year with a reason`
    : `${approved}: an admin must unfreeze it with a reason first`;
};

/** What the SAR (and the pages) say about a frozen year's figures. */
export const frozenFiguresNote = (f: Pick<FrozenYear, 'academic_year' | 'approved_by' | 'approved_at' | 'method_version'>): string =>
  `Figures for ${f.academic_year} are from the results approved by ${f.approved_by} on ${approvalDate(f.approved_at)} ` +
  `(method version ${f.method_version})`;

/** `POST /api/attainment/freeze/{program}/{academic year}/unfreeze`: the reason is required (at least 10 characters). */
export interface UnfreezeBody {
  reason: string;
  version: number;
}
