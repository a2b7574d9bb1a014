import type { RouteContract } from './contract.js';
import { approveYearRoute, listFrozenYearsRoute, unfreezeYearRoute } from '../attainment/freeze-routes.js';
import { SURVEY_ROUTES } from '../survey/survey-routes.js';
import { MAIL_ROUTES } from '../mail/mail-routes.js';
import { AUDIT_ROUTES } from '../audit/audit-routes.js';
import { FILE_ROUTES } from '../files/file-routes.js';
import { IDENTITY_ROUTES } from '../identity/identity-routes.js';

/**
 * Every route declared as a contract, in the order the API serves them. The CDK stack, the local server's checks and
 * the API document (`npm run openapi`) read this list; a Lambda imports only its own features' contracts.
 */
export const API_CONTRACTS: readonly RouteContract[] = [
  listFrozenYearsRoute,
  approveYearRoute,
  unfreezeYearRoute,
  ...SURVEY_ROUTES,
  ...MAIL_ROUTES,
  ...AUDIT_ROUTES,
  ...FILE_ROUTES,
  ...IDENTITY_ROUTES,
];
