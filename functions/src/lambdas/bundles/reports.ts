import { REPORTS_PATH } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { reportsRouter } from '../../features/reports/report-routes.js';
import { sarRouter } from '../../features/sar/sar-routes.js';
import type { AppEnv } from '../../platform/http/context.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/** `/api/reports`: the SAR under `/sar` (the `sar` feature), every other report beside it (the `reports` feature). */
const reportsAndSarRouter = (): Hono<AppEnv> => new Hono<AppEnv>({ strict: false }).route('/sar', sarRouter()).route('/', reportsRouter());

/**
 * The `reports` domain: the Reports area's tables (`/api/reports/{report}`) and the NBA SAR export
 * (`/api/reports/sar/{program}`, DOCX or PDF). It reads across the campus's records and has none of its own; it
 * carries the DOCX and PDF writers, so it is a Lambda of its own and the record Lambdas stay small.
 */
export const reportsDomain = defineDomain({
  name: 'reports',
  entities: [],
  behaviours: [],
  routes: [{ path: REPORTS_PATH, router: reportsAndSarRouter }],
});
