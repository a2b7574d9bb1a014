import { surveyResultsDomain } from '../bundles/survey-results.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `survey-results` domain (the survey dashboard and each survey's report). */
export const handler = lambdaHandler(surveyResultsDomain);
