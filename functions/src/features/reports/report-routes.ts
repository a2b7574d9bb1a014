import { type ItemResponse, REPORTS, type ReportView, type SarView, dataViewer, reportByApi } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { HttpError } from '../../platform/lib/errors.js';
import { REPORT_BUILDERS } from './report-builders.js';
import { reportQuery } from './report-query.js';
import { reportDocx } from './documents/report-docx.js';
import { DOCX_TYPE } from '../faculty/cv/cv-docx.js';
import { reportPdf } from './documents/report-pdf.js';
import { PDF_TYPE } from '../faculty/cv/cv-pdf.js';
import { sarQuery, sarView } from '../sar/sar-view.js';
import { pathId } from '../../platform/http/path-id.js';
import { fileNamePart } from '../faculty/cv/cv-file-name.js';
import { attachment } from '../../platform/lib/file-objects.js';
import type { AppEnv } from '../../platform/http/context.js';

/**
 * `/api/reports`, read by every signed-in user of the campus:
 * - `GET /{report}?curriculum=&term=&course=&option=&map_state=&department=&user=&year=`: `{ data: ReportView }` for
 *   each report of `REPORTS` that has an `api`; a missing required picker or a bad choice is 400 with the field; a
 *   picked id of another campus is 404; an unknown report is 404.
 * - `GET /sar/{program}?year=<CAY>&criteria=3,5&courses=<ids>&format=json|docx|pdf`: the NBA SAR (`SarView`) as JSON,
 *   or as a download `SAR-<acronym>-<CAY>.docx|pdf`; without `year`, the year every results page opens on (the newest
 *   with results, not after the campus's current academic year: `defaultResultsYear`); 400 for a bad query
 *   (`sarQuery`), 404 for another campus's program.
 */
export function reportsRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/sar/:program', async (c) => {
    const query = sarQuery((k) => c.req.query(k));
    const data: SarView = await sarView(c.var.scope, pathId(c, 'program', 'Program'), query, dataViewer(c.var.caller, c.var.scope));
    if (query.format === 'json') return c.json({ data } satisfies ItemResponse<SarView>);
    const bytes = query.format === 'docx' ? await reportDocx(data) : await reportPdf(data);
    const name = ['SAR', fileNamePart(data.program_acronym || data.program_title), `${data.years[0]}.${query.format}`]
      .filter(Boolean)
      .join('-');
    // Document writers give a Uint8Array over a plain ArrayBuffer.
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': query.format === 'docx' ? DOCX_TYPE : PDF_TYPE,
      'Content-Disposition': attachment(name),
      'Cache-Control': 'no-store',
    });
  });
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
