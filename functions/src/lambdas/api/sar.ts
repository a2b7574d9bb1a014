import { sarDomain } from '../bundles/sar.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `sar` domain (the SAR sections the program team writes). */
export const handler = lambdaHandler(sarDomain);
