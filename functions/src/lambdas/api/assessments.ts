import { assessmentsDomain } from '../bundles/assessments.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `assessments` domain: it imports only that domain's module, so its bundle carries only its code. */
export const handler = lambdaHandler(assessmentsDomain);
