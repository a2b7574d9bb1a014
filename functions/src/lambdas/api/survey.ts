import { surveyDomain } from '../bundles/survey.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `survey` domain (stakeholders, templates, surveys, hosting, public answers, results). */
export const handler = lambdaHandler(surveyDomain);
