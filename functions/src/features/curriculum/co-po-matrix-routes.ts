import { coPoMatrixRoutes } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
import { readMatrix, saveMatrix } from './co-po-matrix.js';

/**
 * `GET|PUT /api/co-po-matrix/{course}` (contracts `coPoMatrixRoutes`): a course's CO-PO matrix with its rows (COs),
 * columns (the program's POs and PSOs) and the course row under the program's articulation rule; PUT replaces it whole
 * in one write, through writeCourseInput (the course's results are computed again).
 */
export const CO_PO_MATRIX_ENDPOINTS: readonly Endpoint[] = [
  endpoint(coPoMatrixRoutes.read, async (c) => ({ data: await readMatrix(c.var.scope, pathId(c, 'course', 'Course')) })),
  endpoint(coPoMatrixRoutes.save, async (c, { body }) => ({
    message: 'successfully updated',
    data: await saveMatrix(c.var.scope, c.var.caller, pathId(c, 'course', 'Course'), body.version, body.cells),
  })),
];
