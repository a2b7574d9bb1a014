import {
  DOCX_TYPE,
  PDF_TYPE,
  SAR_CRITERIA,
  SAR_WHOLE,
  dataViewer,
  sarReadinessRoute,
  sarRoute,
  sarTableRowsRoute,
} from '@attain/shared-types';
import { sarTableRows } from './table-rows.js';
import { sarReadiness } from './readiness.js';
import { fileNamePart } from '../faculty/index.js';
import { reportDocx, reportPdf } from '../reports/index.js';
import { attachment } from '../../platform/lib/file-objects.js';
import { pathId } from '../../platform/http/path-id.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { sarView } from './sar-view.js';

/**
 * `GET /api/reports/sar/{program}?year=<CAY>&criteria=3,5&courses=<ids>&format=json|docx|pdf&review=1` (contract
 * `sarRoute`), read by every signed-in user of the campus: the NBA SAR (`SarView`) as JSON, or as a download
 * `SAR-<acronym>-<CAY>.docx|pdf`; without `year`, the year every results page opens on (the newest with results, not
 * after the campus's current academic year: `defaultResultsYear`), which is the SAR's CAY; `review=1` the team's review
 * copy (`SAR-<acronym>-<CAY>-review.docx|pdf`, figure notes, "Review copy" on every page); 404 for another campus's
 * program.
 */
export const SAR_ENDPOINTS: readonly Endpoint[] = [
  endpoint(sarRoute, async (c, { query: q }) => {
    const asked = (q.criteria ?? SAR_CRITERIA.join(',')).split(',').map((x) => x.trim());
    const courses = q.courses
      ?.split(',')
      .map((x) => x.trim().slice(0, 64))
      .filter(Boolean);
    const format = q.format ?? 'json';
    const whole = asked.includes(SAR_WHOLE);
    const query = {
      ...(q.year ? { year: q.year } : {}),
      criteria: SAR_CRITERIA.filter((x) => whole || asked.includes(x)),
      whole,
      courses: courses?.length ? new Set(courses.slice(0, 500)) : null,
      format,
      review: q.review === '1',
    };
    const data = await sarView(c.var.scope, pathId(c, 'program', 'Program'), query, dataViewer(c.var.caller, c.var.scope));
    if (format === 'json') return { data };
    const bytes = format === 'docx' ? await reportDocx(data) : await reportPdf(data);
    const name = ['SAR', fileNamePart(data.program_acronym || data.program_title), data.years[0], ...(data.review ? ['review'] : [])]
      .filter(Boolean)
      .join('-')
      .concat(`.${format}`);
    // Document writers give a Uint8Array over a plain ArrayBuffer.
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': format === 'docx' ? DOCX_TYPE : PDF_TYPE,
      'Content-Disposition': attachment(name),
      'Cache-Control': 'no-store',
    });
  }),
  endpoint(sarReadinessRoute, async (c, { query: q }) => ({
    data: await sarReadiness(c.var.scope, pathId(c, 'program', 'Program'), q.year || undefined),
  })),
  endpoint(sarTableRowsRoute, async (c, { query: q }) => ({
    data: await sarTableRows(
      c.var.scope,
      dataViewer(c.var.caller, c.var.scope),
      pathId(c, 'program', 'Program'),
      q.sar_format,
      q.year,
      q.item,
    ),
  })),
];
