import type { SarFormatDef } from './sar-format.js';

/*
 * The POs a SAR format names (docs/program-outcomes.md): Tier II and Tier I use NBA's 12 POs, the 2025 format the 11
 * POs aligned to GAPC v4.0. A program's POs and its format agree, or the readiness page says how they differ.
 */

/** The PO references of a format, in order: `PO1` .. `PO<pos>` (`SarFormatDef.pos`). */
export const formatPoReferences = (format: Pick<SarFormatDef, 'pos'>): string[] =>
  Array.from({ length: format.pos }, (_, i) => `PO${i + 1}`);

/**
 * Where each of NBA's 12 POs goes among the 11 POs of the 2025 format, by what each says (docs/program-outcomes.md;
 * a correspondence of ours, no NBA text gives one): PO1 to PO5 keep their numbers; PO6 (the engineer and society) and
 * PO7 (environment and sustainability) are both PO6 (the engineer and the world); PO8 to PO12 (ethics, team work,
 * communication, project management and finance, life-long learning) are PO7 to PO11.
 */
export const PO12_TO_PO11: Readonly<Record<string, string>> = {
  PO1: 'PO1',
  PO2: 'PO2',
  PO3: 'PO3',
  PO4: 'PO4',
  PO5: 'PO5',
  PO6: 'PO6',
  PO7: 'PO6',
  PO8: 'PO7',
  PO9: 'PO8',
  PO10: 'PO9',
  PO11: 'PO10',
  PO12: 'PO11',
};

/** Whether a reference is a PO (`PO3`), not a PSO or anything else. */
export const isPoReference = (reference: string): boolean => /^PO\d+$/.test(reference);

/**
 * Which of a program's outcomes a SAR of `format` prints (its matrices' columns, its PO/PSO attainment rows): every
 * PSO, and the POs the format names (`formatPoReferences`), as the program numbers them; a PO beyond the format's
 * (PO12 of NBA's 12 under the 2025 format's 11) is left out and the readiness page says so (`poMismatch`). The one
 * rule for what the SAR lists (`onlyFormatPos`) and for what a check of the SAR against the program page compares.
 */
export function formatShowsOutcome(format: Pick<SarFormatDef, 'pos'>): (reference: string) => boolean {
  const keep = new Set(formatPoReferences(format));
  return (reference) => !isPoReference(reference) || keep.has(reference);
}

/**
 * How a program's POs (`programPos`: the references of its outcomes of type PO) differ from its format's: null when
 * they are the same list; else the format's and the program's, what the program lacks and has in addition, and the
 * sentence the readiness page prints (what the SAR then shows, and the move to the format's list where one is known).
 */
export function poMismatch(
  format: Pick<SarFormatDef, 'pos' | 'label'>,
  programPos: readonly string[],
): { format: string[]; program: string[]; missing: string[]; extra: string[]; text: string } | null {
  const wanted = formatPoReferences(format);
  const have = [...new Set(programPos.filter(isPoReference))].sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)));
  const missing = wanted.filter((r) => !have.includes(r));
  const extra = have.filter((r) => !wanted.includes(r));
  if (!missing.length && !extra.length) return null;
  const list = (refs: readonly string[]) => refs.join(', ') || 'none';
  const move =
    format.pos === 11 && have.length === 12 && !missing.length
      ? ' To follow the format, move the program to the 11 POs of GAPC v4.0 (Configuration > Generic Program Outcomes, "Move to ' +
        'the format’s 11 POs"): PO6 and PO7 become PO6, and PO8 to PO12 become PO7 to PO11; the page shows every matrix ' +
        'it changes before anything is written.'
      : format.pos === 12 && have.length === 11 && !extra.length
        ? ' To follow the format, give the program NBA’s 12 POs (Configuration > Generic Program Outcomes), or choose the 2025 ' +
          'format for it.'
        : '';
  return {
    format: wanted,
    program: have,
    missing,
    extra,
    text:
      `The format ${format.label} has ${wanted.length} POs (${list(wanted)}); this program has ${have.length} (${list(have)}). ` +
      `The SAR's matrices and PO attainment list the format's POs only, as the program numbers and words them: ` +
      `${extra.length ? `${list(extra)} ${extra.length === 1 ? 'is' : 'are'} left out` : ''}` +
      `${extra.length && missing.length ? ', and ' : ''}` +
      `${missing.length ? `${list(missing)} ${missing.length === 1 ? 'has' : 'have'} no column (the program has no such PO)` : ''}.` +
      move,
  };
}

/**
 * The level of a matrix cell where several POs become one (`PO12_TO_PO11`: PO6 and PO7): the highest of the levels
 * given (correlation 1-3), undefined when none is. The demo's published matrices and a program's move use it.
 */
export const mergedLevel = <L extends number>(levels: readonly (L | undefined)[]): L | undefined => {
  const given = levels.filter((l): l is L => typeof l === 'number' && l > 0);
  return given.length ? given.reduce((a, b) => (b > a ? b : a)) : undefined;
};

/**
 * Whether a program's POs can be moved to its format's (`movePoReferences`): the format names 11 POs and the program
 * has exactly NBA's 12, PO1 to PO12.
 */
export const poMoveApplies = (format: Pick<SarFormatDef, 'pos'>, programPos: readonly string[]): boolean => {
  const have = new Set(programPos.filter(isPoReference));
  return format.pos === 11 && have.size === 12 && programPos.length === 12 && formatPoReferences({ pos: 12 }).every((r) => have.has(r));
};

/** One PO of a program in a move to its format's list: its reference and title now and after. */
export interface PoMoveOutcome {
  /** The PO record's id. */
  id: string;
  from: string;
  /** The reference it takes (`PO7` for NBA's PO8); for a PO merged into another, the one it joins. */
  to: string;
  /** True when its record is removed and its matrix levels and survey questions join `to`'s. */
  merged: boolean;
  title_before: string;
  title_after: string;
}

/** One CO row of a course's matrix that the move changes: the levels before (by old reference) and after. */
export interface PoMoveCell {
  co: string;
  before: string;
  after: string;
}

/**
 * What moving a program's POs to its format's list (`PO12_TO_PO11`) would change, shown before anything is written
 * (`GET /api/po-move/{program}`): each PO's reference and title before and after, each
 * course matrix whose rows change (the PO6 and PO7 levels that become one PO6 level), how many matrices only have
 * columns renumbered, the PO surveys whose questions follow, and whether the move can be made now (`blocked` says why
 * not: a frozen year, or POs that are not NBA's 12).
 */
export interface PoMovePreview {
  program: string;
  program_title: string;
  format: string;
  outcomes: PoMoveOutcome[];
  matrices: { course: string; code: string; title: string; cells: PoMoveCell[] }[];
  /** Matrices of the program's courses that map POs but keep every level (their columns are renumbered). */
  renumbered: number;
  surveys: { id: string; name: string; academic_year: string; questions: number }[];
  blocked: string | null;
  /** One sentence for the page: what the move does. */
  text: string;
}
