import { sarDomain } from '../bundles/sar.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `sar` domain (a program's batches, first-year figures and SAR sections). */
export const handler = lambdaHandler(sarDomain);
