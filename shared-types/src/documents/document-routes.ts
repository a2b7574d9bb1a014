import { documentRoutes } from '../api/contract.js';
import { coPoMatrixBody } from './co-po-matrix.js';
import { questionPaperBody } from './question-paper.js';

/**
 * `GET|PUT /api/co-po-matrix/{course}`: a course's CO-PO matrix with its rows (COs), columns (the program's POs and
 * PSOs) and the course row under the program's articulation rule; PUT `{ version, cells }` replaces it whole (the
 * course's faculty or admins; 409 when stale or the year is frozen).
 */
export const coPoMatrixRoutes = documentRoutes({
  base: '/api/co-po-matrix',
  param: 'course',
  domain: 'curriculum',
  label: "a course's CO-PO matrix",
  body: coPoMatrixBody,
  invalid: 'Each cell must be 1, 2 or 3, and the version you read is required',
  view: 'CoPoMatrixView',
});

/**
 * `GET|PUT /api/question-paper/{occasion}`: an occasion's question paper with its total and the occasion's total
 * marks; PUT `{ version, questions }` replaces it whole (totals must match; 409 when stale or the year is frozen).
 */
export const questionPaperRoutes = documentRoutes({
  base: '/api/question-paper',
  param: 'occasion',
  domain: 'assessments',
  label: "an occasion's question paper",
  body: questionPaperBody,
  invalid: 'Please correct the marked questions',
  view: 'QuestionPaperView',
});
