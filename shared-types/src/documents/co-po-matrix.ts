import * as z from 'zod/mini';

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
 * The average row of a course articulation matrix: per outcome, the mean of its mapped cells (1-3), ignoring
 * "-" (unmapped); outcomes no CO maps to are absent. Rounded to 2 decimals, as most published matrices print it
 * (see data/SOURCES.md on the sources' rounding). Pure.
 * @param cells `cells[coId][outcomeId]`
 * @param coIds the rows to average (the course's current COs; cells of other ids are ignored)
 * @returns outcome id -> average level (1.00 - 3.00)
 */
export function articulationAverage(cells: CoPoMatrix['cells'], coIds: readonly string[]): Record<string, number> {
  const sum: Record<string, number> = {};
  const count: Record<string, number> = {};
  for (const co of coIds) {
    for (const [po, level] of Object.entries(cells[co] ?? {})) {
      sum[po] = (sum[po] ?? 0) + level;
      count[po] = (count[po] ?? 0) + 1;
    }
  }
  return Object.fromEntries(Object.keys(sum).map((po) => [po, Math.round((sum[po] / count[po]) * 100) / 100]));
}
