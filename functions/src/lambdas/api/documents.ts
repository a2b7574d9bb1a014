import { documentsDomain } from '../bundles/documents.js';
import { lambdaHandler } from '../../platform/http/lambda-entry.js';

/** Lambda entry of the `exports` domain (file downloads such as the faculty CV): only this bundle carries the DOCX and PDF libraries. */
export const handler = lambdaHandler(documentsDomain);
