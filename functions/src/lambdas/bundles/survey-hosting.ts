import { SURVEY_HOST_ENDPOINTS } from '../../features/survey/survey-host-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `survey-hosting` domain (spec part 2 Survey, Host Survey): a survey as its host sees it, invitations and
 * reminders by mail, and the counts of answers taken on paper. It owns no record type (the survey's are the `survey`
 * domain's).
 */
export const surveyHostingDomain = defineDomain({
  name: 'survey-hosting',
  entities: [],
  behaviours: [],
  endpoints: SURVEY_HOST_ENDPOINTS,
});
