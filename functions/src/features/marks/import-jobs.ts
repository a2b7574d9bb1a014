import { randomUUID } from 'node:crypto';
import {
  type CampusScope,
  type Caller,
  type ImportJob,
  type MarksUploadTicket,
  JOB_STALL_MS,
  MAX_MARKS_FILE_BYTES,
  RECORD_ID,
  jobScope,
} from '@attain/shared-types';
import { assertOwnsCourse } from '../curriculum/index.js';
import { s3Client } from '../../platform/lib/aws.js';
import { parseCsvRows } from '../../platform/lib/csv.js';
import { HttpError } from '../../platform/lib/errors.js';
import { deleteFileObject, presignUpload } from '../../platform/lib/file-objects.js';
import { setLogCampus } from '../../platform/lib/log.js';
import { type DocumentMeta, type ImportJobDoc, getDocument, overwriteDocument } from '../../platform/store/documents.js';
import { applyMarks } from './marks-import.js';
import { occasionSheet } from './occasion-sheet.js';

/**
 * Large marks files (docs/design.md "Budgets": never through one 30 s request): the browser asks for a presigned POST,
 * uploads the CSV straight to S3 under `imports/<tenant>/marks/<occasion>/<job>.csv`, and S3's ObjectCreated event
 * starts the import worker (`runImportJob`), which records its progress in an `import-job` document the browser
 * polls.
 */
const KEY = /^imports\/([A-Za-z0-9-]{1,64})\/marks\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})\.csv$/;

/**
 * Opens an import job for an occasion and returns where to upload the file (presigned POST, 10 minutes, at most
 * `MAX_MARKS_FILE_BYTES`).
 * @throws HttpError 400 when the occasion has no paper, 403 for another's course, 404 for an unknown occasion
 */
export async function openImportJob(scope: CampusScope, caller: Caller, occasionId: string, fileName: string): Promise<MarksUploadTicket> {
  const sheet = await occasionSheet(scope, occasionId);
  assertOwnsCourse(caller, sheet.course);
  const id = randomUUID();
  const key = `imports/${scope.campus}/marks/${sheet.occasion.id}/${id}.csv`;
  const doc: ImportJobDoc = {
    occasion: sheet.occasion.id,
    file_name: fileName.slice(0, 200),
    status: 'waiting',
    rows_total: 0,
    rows_written: 0,
    errors: [],
    notes: [],
    created_by: scope.actor,
    key,
    // The marks the person saw when choosing the file: a save made meanwhile makes this job stale (409, nothing written).
    sheet_version: sheet.version,
  };
  await overwriteDocument(scope, 'import-job', id, doc);
  const upload = await presignUpload(key, MAX_MARKS_FILE_BYTES, 'text/csv', 600);
  return { job: toJob(id, doc), upload };
}

/** The API's view of a stored job: its `ImportJob` fields (the upload key, sheet version and bookkeeping left out). */
function toJob(id: string, d: ImportJobDoc & Partial<DocumentMeta>): ImportJob {
  const optional = { detail: d.detail, counts_text: d.counts_text, write_calls: d.write_calls, updated_at: d.updated_at };
  return {
    id,
    occasion: d.occasion,
    file_name: d.file_name,
    status: d.status,
    rows_total: d.rows_total,
    rows_written: d.rows_written,
    errors: d.errors,
    notes: d.notes,
    created_by: d.created_by,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

/**
 * A job as people should see it: one whose worker stopped (checking or writing, no progress for `JOB_STALL_MS`:
 * a crash, a timeout, a killed local stack) reads as failed, so the page offers to upload again.
 */
export function jobAsSeen(job: ImportJob, now = Date.now()): ImportJob {
  const running = job.status === 'checking' || job.status === 'writing';
  if (!running || !job.updated_at || now - Date.parse(job.updated_at) < JOB_STALL_MS) return job;
  return {
    ...job,
    status: 'failed',
    detail:
      `The import stopped without finishing (no progress for ${JOB_STALL_MS / 60_000} minutes); what it wrote is undone ` +
      'when the marks or results are next opened, so they read as before it. Upload the file again.',
  };
}

/** Reads a job of the scope's campus (a stopped one reads as failed, see `jobAsSeen`). @throws HttpError 404 */
export async function readImportJob(scope: CampusScope, id: string): Promise<ImportJob> {
  const d = RECORD_ID.test(id) ? await getDocument(scope, 'import-job', id) : undefined;
  if (!d) throw new HttpError(404, 'Import not found');
  return jobAsSeen(toJob(id, d));
}

/**
 * Checks an uploaded file before it is read (the S3 emulator ignores the presigned POST's conditions): the object is
 * at the exact key its job was signed for, at most `MAX_MARKS_FILE_BYTES`, and text (UTF-8, no NUL bytes).
 * @returns the file's text
 * @throws HttpError 400 with a sentence for the page
 */
async function uploadedCsv(bucket: string, key: string, signedKey: string): Promise<string> {
  if (key !== signedKey) throw new HttpError(400, 'The file was not uploaded where this import expected it');
  // The size is asked first, so an oversized object is never streamed (an unread body would hold its connection).
  const { GetObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = await s3Client();
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  if ((head.ContentLength ?? 0) > MAX_MARKS_FILE_BYTES)
    throw new HttpError(400, `The file is larger than ${MAX_MARKS_FILE_BYTES / 1024 / 1024} MB`);
  const obj = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const bytes = (await obj.Body?.transformToByteArray()) ?? new Uint8Array();
  if (bytes.length > MAX_MARKS_FILE_BYTES) throw new HttpError(400, `The file is larger than ${MAX_MARKS_FILE_BYTES / 1024 / 1024} MB`);
  if (bytes.includes(0)) throw new HttpError(400, 'The file is not a CSV text file (choose the CSV or XLSX template you filled in)');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again');
  }
}

/**
 * The import worker: runs the job whose file just arrived at `key`. Checks every row first (a refused file writes
 * nothing and records the row errors), then writes the marks with BatchWriteItem, recording progress every 1,000
 * students. Acts as the user who opened the job. A job that is not waiting (S3 may deliver an event twice) is left
 * alone. The key's campus becomes the `campus` of the invocation's log lines (`setLogCampus`).
 * @returns the job as it ended, or undefined when the key is not a marks import
 */
export async function runImportJob(bucket: string, key: string): Promise<ImportJob | undefined> {
  const m = KEY.exec(decodeURIComponent(key.replace(/\+/g, ' ')));
  if (!m) return undefined;
  const [, campus, occasionId, id] = m;
  setLogCampus(campus);
  // The job's campus comes from the key the upload was signed for; the worker writes as the user who opened it.
  const reader = jobScope({ campus, started_by: 'import-worker' });
  const stored = await getDocument(reader, 'import-job', id);
  if (!stored || stored.status !== 'waiting' || stored.occasion !== occasionId) return stored ? toJob(id, stored) : undefined;
  const scope = jobScope({ campus, started_by: stored.created_by });
  let doc: ImportJobDoc = { ...stored };
  let version = stored.version;
  const save = async (patch: Partial<ImportJobDoc>) => {
    doc = { ...doc, ...patch };
    version = (await overwriteDocument(scope, 'import-job', id, doc, version)).version;
  };
  try {
    await save({ status: 'checking' });
    const table = parseCsvRows(await uploadedCsv(bucket, m[0], doc.key));
    const sheet = await occasionSheet(scope, occasionId);
    await save({ rows_total: Math.max(0, table.length - 1) });
    const res = await applyMarks(scope, sheet, table, {
      expectVersion: doc.sheet_version,
      saveId: id,
      onProgress: async (written, total) => {
        if (doc.status !== 'writing' || written === total || written - doc.rows_written >= 1000)
          await save({ status: 'writing', rows_written: written, rows_total: total });
      },
    });
    await save({
      status: 'done',
      rows_total: res.rows,
      rows_written: res.written?.items ?? 0,
      write_calls: res.written?.calls,
      notes: res.notes,
      counts_text: res.counts_text,
    });
  } catch (e) {
    // A refused file is not kept (the server checked what the upload policy could not).
    if (e instanceof HttpError) await deleteFileObject(m[0], bucket);
    if (e instanceof HttpError) await save({ status: 'failed', detail: e.detail, errors: e.rows ?? [] });
    else {
      await save({
        status: 'failed',
        detail: 'The import stopped on our side and was undone: the marks are as they were before it. Upload the file again.',
      });
      throw e;
    }
  }
  return toJob(id, doc);
}
