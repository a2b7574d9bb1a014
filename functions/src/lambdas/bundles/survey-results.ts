import { SURVEY_RESULTS_ENDPOINTS } from '../../features/survey-results/survey-results-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `survey-results` domain (spec part 2 Survey dashboard and Survey Report): the surveys of a year with their
 * outcomes' survey levels, and one survey's report beside the outcomes' direct levels. It owns no record type.
 */
export const surveyResultsDomain = defineDomain({
  name: 'survey-results',
  entities: [],
  behaviours: [],
  endpoints: SURVEY_RESULTS_ENDPOINTS,
});
