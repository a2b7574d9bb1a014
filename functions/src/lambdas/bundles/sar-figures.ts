import { SAR_FIGURE_ENTITIES } from '@attain/shared-types';
import { BATCH_FIGURES_ENDPOINTS, BATCH_IMPORT_ENDPOINTS } from '../../features/sar/batch-import-routes.js';
import { PO_MOVE_ENDPOINTS } from '../../features/curriculum/program-outcomes-move-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `sar-figures` domain: a program's figures for the SAR as records: its batches (students' performance, Criterion
 * 4; also loaded from a CSV, and offered the figures Attain already holds) and the first year's figures (Criterion 8).
 * A Lambda of its own so the `sar` Lambda, which carries the SAR formats and the HTML sanitizer for the sections,
 * stays within 150 KB (decision 0043). Also the move of a program's POs to its SAR format (`/api/po-move/{program}`),
 * which writes matrices and surveys and so would not fit in the configuration Lambda's budget.
 */
export const sarFiguresDomain = defineDomain({
  name: 'sar-figures',
  entities: SAR_FIGURE_ENTITIES,
  behaviours: [],
  endpoints: [...BATCH_IMPORT_ENDPOINTS, ...BATCH_FIGURES_ENDPOINTS, ...PO_MOVE_ENDPOINTS],
});
