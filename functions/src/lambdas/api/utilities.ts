import { utilitiesDomain } from '../bundles/utilities.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `utilities` domain (Send Mail, the suppression list): it imports only that domain's module. */
export const handler = lambdaHandler(utilitiesDomain);
