import { IMPROVEMENT_PLAN_ENDPOINTS } from '../../features/attainment/improvement-plan-routes.js';
import { FREEZE_ENDPOINTS } from '../../features/attainment/freeze-routes.js';
import { REPORT_ENDPOINTS } from '../../features/reports/report-routes.js';
import { SAR_ENDPOINTS } from '../../features/sar/sar-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `reports` domain: the Reports area's tables (`/api/reports/{report}`) and the NBA SAR export
 * (`/api/reports/sar/{program}`, DOCX or PDF, Criteria 3 and 5 or the whole SAR) with the SAR readiness and the rows
 * Attain holds for NBA's tables. It reads across the campus's records (the SAR's own data is the `sar` and
 * `sar-figures` domains') and has none of its own; it carries the DOCX and PDF writers, so it is a Lambda of its own
 * and the record Lambdas stay small. It also approves (freezes) a program's year and keeps courses' improvement plans
 * (`/api/attainment/freeze`, `/api/attainment/improvement-plan`): the SAR's frozen figures and its "action taken",
 * kept out of the attainment Lambda so that one stays within its bundle budget (docs/decisions/0050).
 */
export const reportsDomain = defineDomain({
  name: 'reports',
  entities: [],
  behaviours: [],
  // The SAR (the `sar` feature) and every other report (the `reports` feature), each under `/api/reports`.
  endpoints: [...SAR_ENDPOINTS, ...REPORT_ENDPOINTS, ...FREEZE_ENDPOINTS, ...IMPROVEMENT_PLAN_ENDPOINTS],
});
