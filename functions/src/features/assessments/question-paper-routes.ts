import { questionPaperRoutes } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';
import { readPaper, savePaper } from './question-paper.js';

/**
 * `GET|PUT /api/question-paper/{occasion}` (contracts `questionPaperRoutes`): an occasion's question paper with its
 * total and the occasion's total marks; PUT replaces it whole (totals must match).
 */
export const QUESTION_PAPER_ENDPOINTS: readonly Endpoint[] = [
  endpoint(questionPaperRoutes.read, async (c) => ({ data: await readPaper(c.var.scope, pathId(c, 'occasion', 'Occasion')) })),
  endpoint(questionPaperRoutes.save, async (c, { body }) => ({
    message: 'successfully updated',
    data: await savePaper(c.var.scope, c.var.caller, pathId(c, 'occasion', 'Occasion'), body.version, body.questions),
  })),
];
