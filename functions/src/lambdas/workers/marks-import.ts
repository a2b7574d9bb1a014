import { parse } from '@aws-lambda-powertools/parser';
import * as z from 'zod/mini';
import { runImportJob } from '../../features/marks/import-jobs.js';
import { log, loggedHandler, setLogCampus } from '../../platform/lib/log.js';

/** The parts of one S3 event record the worker reads (a Standard Schema, `zod/mini`, for the Powertools parser). */
const S3_RECORD = z.object({
  s3: z.object({
    bucket: z.object({ name: z.string().check(z.minLength(1)) }),
    object: z.object({ key: z.string().check(z.minLength(1)) }),
  }),
});

/** The parts of an S3 event notification the worker reads. */
interface S3Event {
  Records?: { s3?: { bucket?: { name?: string }; object?: { key?: string } } }[];
}

/**
 * The marks import worker: S3 ObjectCreated events under `imports/` (the browser's presigned uploads) run the
 * import job each file belongs to (`runImportJob`), one after the other. A record without a bucket and key (read
 * through the Powertools parser, `S3_RECORD`) is skipped with a log line. Each line carries the invocation's
 * `request_id` and, once `runImportJob` has read the key, the upload's `campus` (reset before each record). Locally the same function is called
 * from s3rver's events. @throws what `runImportJob` throws, so Lambda retries the event
 */
export const handler = loggedHandler(async (event: S3Event): Promise<void> => {
  for (const raw of event.Records ?? []) {
    // Each record's lines carry its own campus, never the previous record's.
    setLogCampus(undefined);
    const rec = parse(raw, undefined, S3_RECORD, true);
    if (!rec.success) {
      log.warn('marks-import: skipped a record that names no object');
      continue;
    }
    await runImportJob(rec.data.s3.bucket.name, rec.data.s3.object.key);
  }
});
