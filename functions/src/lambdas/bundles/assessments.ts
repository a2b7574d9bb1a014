import { ASSESSMENT_ENTITIES } from '@attain/shared-types';
import { ASSESSMENT_RULES } from '../../features/assessments/rules.js';
import { QUESTION_PAPER_ENDPOINTS } from '../../features/assessments/question-paper-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/** The `assessments` domain: question banks, assessment occasions (ISE/MSE/ESE) and their question papers. */
export const assessmentsDomain = defineDomain({
  name: 'assessments',
  entities: ASSESSMENT_ENTITIES,
  behaviours: ASSESSMENT_RULES,
  endpoints: QUESTION_PAPER_ENDPOINTS,
});
