import * as z from 'zod/mini';
import { roundHalfAway } from '../format/rounding.js';

/** Correlation levels of a CO-PO matrix cell: 1 low, 2 medium, 3 high (NBA SAR); an absent cell is "-". */
export const CORRELATION_LEVELS = [1, 2, 3] as const;
export type CorrelationLevel = (typeof CORRELATION_LEVELS)[number];

/**
 * The CO-PO matrix of one course: `cells[coId][outcomeId]` = 1, 2 or 3 for each mapped pair (absent = no
 * correlation). Outcome ids are the program's PO and PSO records (`/api/generic-program-outcome?program=`).
 * Read and saved whole, as one atomic write: `GET|PUT /api/co-po-matrix/{course id}`.
 */
export interface CoPoMatrix {
  course: string;
  cells: Record<string, Record<string, CorrelationLevel>>;
  /** 0 before the first save; a PUT must send the version it read (stale: 409). */
  version: number;
  updated_by?: string;
  updated_at?: string;
}

/** Body of `PUT /api/co-po-matrix/{course}`. */
export const coPoMatrixBody = z.strictObject({
  version: z.int().check(z.gte(0)),
  cells: z.record(z.string().check(z.maxLength(64)), z.record(z.string().check(z.maxLength(64)), z.literal([1, 2, 3]))),
});

/**
 * How a course's level for one PO/PSO is read from its CO rows (the course articulation row, and so each course's
 * row of the program articulation matrix): the mean of the mapped values (`Average`) or the highest (`Highest`).
 * The values are the spec's "map state" choices; NBA's SAR (Criterion 3.1) asks for the matrices without fixing
 * the rule, so it is a setting of the program's attainment method (`articulation_rule`), used by every page.
 */
export const ARTICULATION_RULES = ['Average', 'Highest'] as const;
export type ArticulationRule = (typeof ARTICULATION_RULES)[number];

/**
 * A course's level for one outcome from its COs' mapped values (1-3): their mean (`Average`, unrounded) or their
 * highest (`Highest`); null when no CO maps it. Pure; rounding is for display (two decimals).
 */
export function articulationLevel(values: readonly number[], rule: ArticulationRule): number | null {
  if (!values.length) return null;
  return rule === 'Highest' ? Math.max(...values) : values.reduce((s, v) => s + v, 0) / values.length;
}

/**
 * The course articulation row: per outcome, `articulationLevel` of its mapped cells under `rule`, ignoring "-"
 * (unmapped); outcomes no CO maps to are absent. Rounded to 2 decimals half away from zero (`roundHalfAway`, the
 * reports' and the SAR's rounding), as published matrices print it. Pure.
 * @param cells `cells[coId][outcomeId]`
 * @param coIds the rows (the course's current COs; cells of other ids are ignored)
 * @returns outcome id -> level (1.00 - 3.00)
 */
export function courseArticulation(cells: CoPoMatrix['cells'], coIds: readonly string[], rule: ArticulationRule): Record<string, number> {
  const values: Record<string, number[]> = {};
  for (const co of coIds) for (const [po, level] of Object.entries(cells[co] ?? {})) (values[po] ??= []).push(level);
  return Object.fromEntries(Object.entries(values).map(([po, vs]) => [po, roundHalfAway(articulationLevel(vs, rule) ?? 0)]));
}

/**
 * The caption every articulation table prints (CO-PO page, Reports, SAR): which rule made a course's level, and
 * whether it is the program's setting or a choice made on the page that differs from it.
 * @param programRule the program method's rule; omit when `rule` is it
 */
export function articulationCaption(rule: ArticulationRule, programRule?: ArticulationRule): string {
  const how =
    rule === 'Highest'
      ? "a course's level for a PO/PSO is the highest of its COs' mapped values (1-3)"
      : "a course's level for a PO/PSO is the average of its COs' mapped values (1-3, two decimals)";
  const whose =
    programRule === undefined || programRule === rule
      ? "the program's articulation rule (Attainment methodology)"
      : `chosen on this page; the program's articulation rule is ${programRule}`;
  return `${rule}: ${how}; ${whose}.`;
}
