import { marksDomain } from '../bundles/marks.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `marks` domain: it imports only that domain's module, so its bundle carries only its code. */
export const handler = lambdaHandler(marksDomain);
