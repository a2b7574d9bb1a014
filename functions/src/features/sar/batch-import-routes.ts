import { MAX_IMPORT_BYTES, batchFiguresRoute, batchImportRoute } from '@attain/shared-types';
import { importBatches } from './batch-import.js';
import { knownBatchFigures } from './batch-figures.js';
import { pathId } from '../../platform/http/path-id.js';
import { HttpError } from '../../platform/lib/errors.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `POST /api/batch-performance/import?program=<id>` (contract `batchImportRoute`): a program's batches from a CSV,
 * refused whole on any wrong row. Answers `{ message, data: BatchImportResult }`.
 */
export const BATCH_IMPORT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(batchImportRoute, async (c, { query, body: text }) => {
    if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
    if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB`);
    const data = await importBatches(c.var.scope, query.program, text);
    return { message: `Loaded ${data.rows} batches: ${data.created} created, ${data.updated} updated`, data };
  }),
];

/** `GET /api/batch-figures/{program}?entry_year=` (contract `batchFiguresRoute`): what Attain already holds of a batch. */
export const BATCH_FIGURES_ENDPOINTS: readonly Endpoint[] = [
  endpoint(batchFiguresRoute, async (c, { query }) => ({
    data: await knownBatchFigures(c.var.scope, pathId(c, 'program', 'Program'), query.entry_year),
  })),
];
