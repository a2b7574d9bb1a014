import {
  type ImportJob,
  MAX_IMPORT_BYTES,
  type MarksSaveResult,
  type MarksSheetView,
  type MarksUploadTicket,
  marksGridBody,
  occasion,
  marksTemplate,
  objectOrEmpty,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { assertCourseYearOpen } from '../course-inputs/index.js';
import { assertOwnsCourse } from '../curriculum/index.js';
import { formatCsvRows, parseCsvRows } from '../../platform/lib/csv.js';
import { HttpError } from '../../platform/lib/errors.js';
import { openImportJob, readImportJob } from './import-jobs.js';
import { applyMarks } from './marks-import.js';
import { readMarks } from './marks-store.js';
import { occasionSheet, rowsToTable } from './occasion-sheet.js';
import type { AppContext, AppEnv } from '../../platform/http/context.js';
import { getRecord } from '../../platform/store/records.js';
import { pathId } from '../../platform/http/path-id.js';
import { parseBody, readJson } from '../../platform/http/read-json.js';

const occasionId = (c: AppContext) => pathId(c, 'occasion', 'Occasion');

/** Parses a CSV body into rows of cells. @throws HttpError 400 empty, 413 too large */
async function csvBody(c: AppContext): Promise<string[][]> {
  const text = await c.req.text();
  if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES)
    throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB: upload it through /api/marks/{occasion}/upload-url`);
  return parseCsvRows(text);
}

/**
 * Marks of an assessment occasion (`/api/marks/{occasion}`):
 * - `GET` the sheet: questions (number, max marks, CO), roster, every student's marks and the sheet version;
 * - `PUT { version, rows }` save grid edits (stale version: 409);
 * - `GET /template` the CSV template (students x questions, with max marks and CO rows);
 * - `POST /upload[?dry_run=true]` a filled CSV (<= 256 KB): checked row by row (400 with `errors.rows`, nothing
 *   written), previewed on a dry run, else stored;
 * - `POST /upload-url { file_name }` a presigned S3 POST for a large file and the import job to poll.
 * Saves and imports (in `applyMarks`) and upload tickets for an occasion whose academic year is approved (frozen) for
 * its course's program (or whose approval lists it) answer 409 naming the program, year, approver and date
 * (`assertCourseYearOpen`).
 */
export function marksRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:occasion', async (c) => {
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    const rows = await readMarks(c.var.scope, sheet.occasion.id);
    const { occasion, course, questions, roster, version, state, updated_by, updated_at } = sheet;
    const data: MarksSheetView = {
      occasion: { id: occasion.id, name: occasion.name, kind: occasion.kind, section: occasion.section, total_marks: occasion.total_marks },
      course: { id: course.id, code: course.code, title: course.title, curriculum: course.curriculum, term: course.term },
      questions,
      students: roster,
      rows,
      version,
      state,
      updated_by,
      updated_at,
    };
    return c.json({ data });
  });
  r.put('/:occasion', async (c) => {
    const body = await parseBody(c, marksGridBody, 'Send { version, rows: [{ student, marks, absent? }] }');
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    assertOwnsCourse(c.var.caller, sheet.course);
    const data: MarksSaveResult = await applyMarks(c.var.scope, sheet, rowsToTable(body.rows, sheet), { expectVersion: body.version });
    return c.json({ message: `Saved the marks of ${data.rows} student${data.rows === 1 ? '' : 's'}`, data });
  });
  r.get('/:occasion/template', async (c) => {
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    const existing =
      c.req.query('filled') === 'true' ? new Map((await readMarks(c.var.scope, sheet.occasion.id)).map((m) => [m.student, m])) : undefined;
    const csv = formatCsvRows(marksTemplate(sheet.questions, sheet.roster, existing));
    const name = `${sheet.course.code ?? 'course'}-${sheet.occasion.name}-marks.csv`.replace(/[^A-Za-z0-9._-]+/g, '_');
    return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` });
  });
  r.post('/:occasion/upload', async (c) => {
    const table = await csvBody(c);
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    assertOwnsCourse(c.var.caller, sheet.course);
    const dryRun = c.req.query('dry_run') === 'true';
    const data: MarksSaveResult = await applyMarks(c.var.scope, sheet, table, { dryRun });
    const msg = dryRun
      ? `The file is fine: ${data.rows} students (${data.absent} absent); nothing saved yet`
      : `Saved the marks of ${data.rows} students (${data.absent} absent)`;
    return c.json({ message: msg, data });
  });
  r.post('/:occasion/upload-url', async (c) => {
    const body = objectOrEmpty(await readJson(c));
    const name = typeof body.file_name === 'string' && body.file_name.trim() ? body.file_name.trim() : 'marks.csv';
    const occ = await getRecord(c.var.scope, occasion, occasionId(c));
    await assertCourseYearOpen(c.var.scope, { course: occ.course, occasion: occ });
    const data: MarksUploadTicket = await openImportJob(c.var.scope, c.var.caller, occasionId(c), name);
    return c.json({ data }, 201);
  });
  return r;
}

/** `GET /api/import-job/{id}`: status and progress of a large marks file's import. */
export function importJobRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:id', async (c) => {
    const data: ImportJob = await readImportJob(c.var.scope, pathId(c, 'id', 'Import'));
    return c.json({ data });
  });
  return r;
}
