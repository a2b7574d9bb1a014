import { CURRICULUM_ENTITIES } from '@attain/shared-types';
import { CURRICULUM_RULES } from '../../features/curriculum/rules.js';
import { coOnQuestionPapers } from '../../features/assessments/question-paper-rules.js';
import { CO_PO_MATRIX_ENDPOINTS } from '../../features/curriculum/co-po-matrix-routes.js';
import { IMPORT_ENDPOINTS } from '../../features/curriculum/import-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/** The `curriculum` domain: curricula and their terms, courses, course outcomes, topics, lab experiments, the CO-PO matrix and CSV imports. */
export const curriculumDomain = defineDomain({
  name: 'curriculum',
  entities: CURRICULUM_ENTITIES,
  behaviours: [...CURRICULUM_RULES, coOnQuestionPapers],
  endpoints: [...CO_PO_MATRIX_ENDPOINTS, ...IMPORT_ENDPOINTS],
});
