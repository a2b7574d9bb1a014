import { batchPerformance, firstYearAcademics, sarSection } from '@attain/shared-types';
import { REPORT_ENDPOINTS } from '../../features/reports/report-routes.js';
import { SAR_ENDPOINTS } from '../../features/sar/sar-routes.js';
import { behaviour, defineDomain } from '../../platform/http/domain-module.js';
import { checkSarSection } from '../../features/sar/index.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';

/**
 * The `reports` domain: the Reports area's tables (`/api/reports/{report}`) and the NBA SAR export
 * (`/api/reports/sar/{program}`, DOCX or PDF), and the SAR's own data: a program's batches (students' performance,
 * Criterion 4), the first year's figures (Criterion 8) and the SAR sections the program team writes. It reads across
 * the campus's records; it carries the DOCX and PDF writers, so it is a Lambda of its own and the record Lambdas stay
 * small.
 */
export const reportsDomain = defineDomain({
  name: 'reports',
  entities: [batchPerformance, firstYearAcademics, sarSection],
  behaviours: [
    behaviour(sarSection, {
      async beforeCreate(_scope, data) {
        checkSarSection(data);
      },
      async beforeReplace(_scope, data) {
        checkSarSection(data);
      },
    }),
  ],
  sanitizeHtml,
  // The SAR (the `sar` feature) and every other report (the `reports` feature), each under `/api/reports`.
  endpoints: [...SAR_ENDPOINTS, ...REPORT_ENDPOINTS],
});
