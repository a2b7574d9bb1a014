import { type ItemResponse, REPORTS, type ReportView, reportByApi } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { HttpError } from '../../platform/lib/errors.js';
import { REPORT_BUILDERS } from './report-builders.js';
import { reportQuery } from './report-query.js';
import type { AppEnv } from '../../platform/http/context.js';

/**
 * `/api/reports`, read by every signed-in user of the campus:
 * - `GET /{report}?curriculum=&term=&course=&option=&map_state=&department=&user=&year=`: `{ data: ReportView }` for
 *   each report of `REPORTS` that has an `api`; a missing required picker or a bad choice is 400 with the field; a
 *   picked id of another campus is 404; an unknown report is 404.
 * (`/sar/{program}`, the NBA SAR, is the `sar` feature's: `sarRouter`.)
 */
export function reportsRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:report', async (c) => {
    const name = c.req.param('report');
    const entry = reportByApi(name);
    const build = entry ? REPORT_BUILDERS[name] : undefined;
    if (!entry || !build)
      throw new HttpError(404, `No report called ${name.slice(0, 40)}; the reports are ${REPORTS.flatMap((x) => x.api ?? []).join(', ')}`);
    const data: ReportView = await build(
      c.var.scope,
      reportQuery(entry, (k) => c.req.query(k)),
      c.var.caller,
    );
    return c.json({ data } satisfies ItemResponse<ReportView>);
  });
  return r;
}
