import { runImportJob } from '../../features/marks/import-jobs.js';

/** The parts of an S3 event notification the worker reads. */
interface S3Event {
  Records?: { s3?: { bucket?: { name?: string }; object?: { key?: string } } }[];
}

/**
 * The marks import worker: S3 ObjectCreated events under `imports/` (the browser's presigned uploads) run the
 * import job each file belongs to (`runImportJob`). Locally the same function is called from s3rver's events.
 */
export async function handler(event: S3Event): Promise<void> {
  for (const rec of event.Records ?? []) {
    const bucket = rec.s3?.bucket?.name;
    const key = rec.s3?.object?.key;
    if (bucket && key) await runImportJob(bucket, key);
  }
}
