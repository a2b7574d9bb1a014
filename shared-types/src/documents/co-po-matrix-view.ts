import type { courseOutcome } from '../entities/course-outcome.js';
import type { genericProgramOutcome } from '../entities/generic-program-outcome.js';
import type { RecordOf } from '../registry/entity.js';
import type { ArticulationRule, CoPoMatrix } from './co-po-matrix.js';

/**
 * `GET|PUT /api/co-po-matrix/{course}` (`{ data: <view> }`): a course's CO-PO matrix with what the editor needs.
 * - `cells[coId][outcomeId]`: correlation level 1-3 (absent = "-"); `version` 0 before the first save;
 * - `cos`: the course's course-outcome records by code (the rows);
 * - `outcomes`: the program's PO then PSO records (`generic-program-outcome`, the columns);
 * - `articulation`: outcome id -> the course's level under `articulation_rule` (1.00-3.00, 2 decimals), the course
 *   articulation row (`courseArticulation`).
 */
export interface CoPoMatrixView extends CoPoMatrix {
  /** The course's program (whose POs and PSOs are the columns); null for a course without one. */
  program: string | null;
  cos: RecordOf<typeof courseOutcome>[];
  outcomes: RecordOf<typeof genericProgramOutcome>[];
  /** The program method's articulation rule (`Average` for a course without a program). */
  articulation_rule: ArticulationRule;
  articulation: Record<string, number>;
}
