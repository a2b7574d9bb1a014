import { batchPerformance, firstYearAcademics, sarSection } from '@attain/shared-types';
import { assertSectionsOpen, checkSarSection } from '../../features/sar/sar-sections.js';
import { BATCH_FIGURES_ENDPOINTS, BATCH_IMPORT_ENDPOINTS } from '../../features/sar/batch-import-routes.js';
import { behaviour, defineDomain } from '../../platform/http/domain-module.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';

/**
 * The `sar` domain: a program's SAR data as records: its batches (students' performance, Criterion 4), the first
 * year's figures (Criterion 8) and the sections the program team writes (text sanitised, claims checked against the
 * program's format, refused in a year whose attainment is approved and frozen); batches also load from a CSV. The
 * `reports` domain computes the readiness and writes the SAR from them.
 */
export const sarDomain = defineDomain({
  name: 'sar',
  entities: [batchPerformance, firstYearAcademics, sarSection],
  behaviours: [
    behaviour(sarSection, {
      async beforeCreate(scope, data) {
        checkSarSection(data);
        await assertSectionsOpen(scope, data);
      },
      async beforeReplace(scope, data, old) {
        checkSarSection(data);
        await assertSectionsOpen(scope, old, data);
      },
      async beforeDelete(scope, rec) {
        await assertSectionsOpen(scope, rec);
        return [];
      },
    }),
  ],
  endpoints: [...BATCH_IMPORT_ENDPOINTS, ...BATCH_FIGURES_ENDPOINTS],
  sanitizeHtml,
});
