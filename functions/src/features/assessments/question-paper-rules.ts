import { courseOutcome } from '@attain/shared-types';
import { papersUsingCo } from './question-paper.js';
import { behaviour, listed } from '../../platform/http/domain-module.js';

/**
 * A course outcome on a question paper cannot be deleted (409 naming the papers): the assessments' rule for a record
 * type of the curriculum, served with `CURRICULUM_RULES` (a file of its own, so the curriculum's Lambda carries no
 * other rule of the assessments).
 */
export const coOnQuestionPapers = behaviour(courseOutcome, {
  beforeDelete: async (scope, rec) => listed(await papersUsingCo(scope, rec)),
});
