import { reportsDomain } from '../bundles/reports.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `reports` domain (report tables and the NBA SAR export, with the DOCX and PDF writers). */
export const handler = lambdaHandler(reportsDomain);
