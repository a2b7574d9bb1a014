import { CONFIGURATION_ENTITIES } from '@attain/shared-types';
import { PROGRAM_OUTCOME_ENDPOINTS } from '../../features/structure/program-outcome-routes.js';
import { DEPARTMENT_USER_ENDPOINTS } from '../../features/identity/department-user-routes.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { defineDomain } from '../../platform/http/domain-module.js';
import { STRUCTURE_RULES } from '../../features/structure/rules.js';
import { programOutcomeInMatrices } from '../../features/curriculum/co-po-matrix-rules.js';

/**
 * The `configuration` domain: the campus (organization), departments, programs and their outcomes, and the
 * campus's choice lists (program types and modes, course types, delivery methods, Bloom's domains and levels).
 */
export const configurationDomain = defineDomain({
  name: 'configuration',
  entities: CONFIGURATION_ENTITIES,
  behaviours: [...STRUCTURE_RULES, programOutcomeInMatrices],
  sanitizeHtml,
  endpoints: [...PROGRAM_OUTCOME_ENDPOINTS, ...DEPARTMENT_USER_ENDPOINTS],
});
