import type { EntityRecord } from '../registry/entity.js';
import type { CoPoMatrix } from './co-po-matrix.js';

/**
 * `GET|PUT /api/co-po-matrix/{course}` (`{ data: <view> }`): a course's CO-PO matrix with what the editor needs.
 * - `cells[coId][outcomeId]`: correlation level 1-3 (absent = "-"); `version` 0 before the first save;
 * - `cos`: the course's course-outcome records by code (the rows);
 * - `outcomes`: the program's PO then PSO records (`generic-program-outcome`, the columns);
 * - `average`: outcome id -> mean of its mapped cells (1.00-3.00, 2 decimals), the course articulation row.
 */
export interface CoPoMatrixView extends CoPoMatrix {
  /** The course's program (whose POs and PSOs are the columns); null for a course without one. */
  program: string | null;
  cos: EntityRecord[];
  outcomes: EntityRecord[];
  average: Record<string, number>;
}
