import { lambdaHandler } from './lambda-entry.js';

/** Lambda entry of the `curriculum` domain (its routes are listed by `apiRoutes()` in shared-types). */
export const handler = lambdaHandler('curriculum');
