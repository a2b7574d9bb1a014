import { type QuestionPaperView, questionPaperBody } from '@attain/shared-types';
import type * as z from 'zod/mini';
import { documentRouter } from '../../platform/http/document-router.js';
import { readPaper, savePaper } from './question-paper.js';

/**
 * `GET|PUT /api/question-paper/{occasion id}`: an occasion's question paper with its total and the occasion's total
 * marks; PUT `{ version, questions }` replaces it whole (totals must match).
 */
export const questionPaperRouter = () =>
  documentRouter<z.infer<typeof questionPaperBody>, QuestionPaperView>({
    owner: 'Occasion',
    schema: questionPaperBody,
    invalid: 'Please correct the marked questions',
    read: readPaper,
    save: (scope, caller, id, b) => savePaper(scope, caller, id, b.version, b.questions),
  });
