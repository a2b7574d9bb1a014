import { type ItemResponse, type SarView, dataViewer } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { DOCX_TYPE, PDF_TYPE, fileNamePart } from '../faculty/index.js';
import { reportDocx, reportPdf } from '../reports/index.js';
import { attachment } from '../../platform/lib/file-objects.js';
import { pathId } from '../../platform/http/path-id.js';
import type { AppEnv } from '../../platform/http/context.js';
import { sarQuery, sarView } from './sar-view.js';

/**
 * `/api/reports/sar`, read by every signed-in user of the campus:
 * `GET /{program}?year=<CAY>&criteria=3,5&courses=<ids>&format=json|docx|pdf`: the NBA SAR (`SarView`) as JSON, or as
 * a download `SAR-<acronym>-<CAY>.docx|pdf`; without `year`, the year every results page opens on (the newest with
 * results, not after the campus's current academic year: `defaultResultsYear`); 400 for a bad query (`sarQuery`), 404
 * for another campus's program.
 */
export function sarRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:program', async (c) => {
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
  return r;
}
