import { SURVEY_ENTITIES } from '@attain/shared-types';
import { PUBLIC_SURVEY_ENDPOINTS } from '../../features/survey/public-survey-routes.js';
import { STAKEHOLDER_IMPORT_ENDPOINTS } from '../../features/survey/stakeholder-import-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';
import { SURVEY_RULES } from '../../features/survey/rules.js';

/**
 * The `survey` domain (spec part 2 Survey): stakeholders, templates and surveys as registry entities; a
 * survey's form is copied from its template when it is made (and again when its template or outcome changes before
 * anyone was invited); the stakeholder import and the public answer route. Hosting (`survey-hosting.ts`) and the
 * results (`survey-results.ts`) are Lambdas of their own, so this one carries neither the mail queue and HTML
 * sanitizer nor the attainment service.
 */
export const surveyDomain = defineDomain({
  name: 'survey',
  entities: SURVEY_ENTITIES,
  behaviours: SURVEY_RULES,
  endpoints: [...PUBLIC_SURVEY_ENDPOINTS, ...STAKEHOLDER_IMPORT_ENDPOINTS],
});
