import { type CoPoMatrixView, coPoMatrixBody } from '@attain/shared-types';
import type * as z from 'zod/mini';
import { documentRouter } from '../../platform/http/document-router.js';
import { readMatrix, saveMatrix } from './co-po-matrix.js';

/**
 * `GET|PUT /api/co-po-matrix/{course id}`: a course's CO-PO matrix with its rows (COs), columns (the program's
 * POs and PSOs) and the course row under the program's articulation rule; PUT `{ version, cells }` replaces it whole in one write.
 */
export const coPoMatrixRouter = () =>
  documentRouter<z.infer<typeof coPoMatrixBody>, CoPoMatrixView>({
    owner: 'Course',
    schema: coPoMatrixBody,
    invalid: 'Each cell must be 1, 2 or 3, and the version you read is required',
    read: readMatrix,
    // saveMatrix writes through writeCourseInput: the course's results are computed again.
    save: (scope, caller, id, b) => saveMatrix(scope, caller, id, b.version, b.cells),
  });
