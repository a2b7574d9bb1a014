import { surveyHostingDomain } from '../bundles/survey-hosting.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `survey-hosting` domain (a survey's host view, invitations, reminders, paper counts). */
export const handler = lambdaHandler(surveyHostingDomain);
