import { REPORT_ROUTES } from '@attain/shared-types';
import { REPORT_BUILDERS } from './report-builders.js';
import { reportQuery } from './report-query.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `GET /api/reports/{api}` for each report of `REPORTS` that has an `api` (contracts `REPORT_ROUTES`): `{ data:
 * ReportView }`, read by every signed-in user of the campus; a picked id of another campus is 404.
 * (`/sar/{program}`, the NBA SAR, is the `sar` feature's.)
 * @throws Error at start-up for a report with an API and no builder (a wiring mistake)
 */
export const REPORT_ENDPOINTS: readonly Endpoint[] = REPORT_ROUTES.map((route) => {
  const name = route.path.slice(route.path.lastIndexOf('/') + 1);
  const build = REPORT_BUILDERS[name];
  if (!build) throw new Error(`The report ${name} has no builder`);
  return endpoint(route, async (c, { query }) => ({ data: await build(c.var.scope, reportQuery(query), c.var.caller) }));
});
