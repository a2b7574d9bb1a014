import {
  MAX_IMPORT_BYTES,
  courseCurriculum,
  importJobRoute,
  importMappedMarksRoute,
  marksMappingRoute,
  marksSheetRoute,
  marksTemplate,
  marksTemplateRoute,
  marksUploadTicketRoute,
  occasion,
  saveMarksRoute,
  uploadMarksRoute,
} from '@attain/shared-types';
import { assertCourseYearOpen } from '../course-inputs/index.js';
import { assertOwnsCourse, assertReadsStudentsOf } from '../curriculum/index.js';
import { formatCsvRows, parseCsvRows } from '../../platform/lib/csv.js';
import { HttpError } from '../../platform/lib/errors.js';
import { openImportJob, readImportJob } from './import-jobs.js';
import { applyMarks } from './marks-import.js';
import { importMappedMarks, keptMapping } from './mapped-import.js';
import { readMarks } from './marks-store.js';
import { occasionSheet, rowsToTable } from './occasion-sheet.js';
import type { AppContext } from '../../platform/http/context.js';
import { getRecord } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';

const occasionId = (c: AppContext) => pathId(c, 'occasion', 'Occasion');

/** Parses a CSV body into rows of cells. @throws HttpError 400 empty, 413 too large */
function csvRows(text: string): string[][] {
  if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES)
    throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB: upload it through /api/marks/{occasion}/upload-url`);
  return parseCsvRows(text);
}

/**
 * Marks of an assessment occasion (`/api/marks/{occasion}`), as their contracts in shared-types declare them: the sheet;
 * grid edits saved whole (stale version: 409); the CSV template; a filled CSV (<= 256 KB) checked row by row (400 with
 * `errors.rows`, nothing written), previewed on a dry run, else stored; and a presigned S3 POST for a large file with
 * the import job to poll (`/api/import-job/{id}`). Saves and imports (in `applyMarks`) and upload tickets for an
 * occasion whose academic year is approved (frozen) for its course's program (or whose approval lists it) answer 409
 * naming the program, year, approver and date (`assertCourseYearOpen`).
 */
export const MARKS_ENDPOINTS: readonly Endpoint[] = [
  endpoint(marksSheetRoute, async (c) => {
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    await assertReadsStudentsOf(c.var.scope, c.var.caller, sheet.course);
    const rows = await readMarks(c.var.scope, sheet.occasion.id);
    const { occasion, course, questions, roster, version, state, updated_by, updated_at } = sheet;
    return {
      data: {
        occasion: {
          id: occasion.id,
          name: occasion.name,
          kind: occasion.kind,
          section: occasion.section,
          total_marks: occasion.total_marks,
        },
        course: { id: course.id, code: course.code, title: course.title, curriculum: course.curriculum, term: course.term },
        questions,
        students: roster,
        rows,
        version,
        state,
        updated_by,
        updated_at,
      },
    };
  }),
  endpoint(saveMarksRoute, async (c, { body }) => {
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    assertOwnsCourse(c.var.caller, sheet.course);
    const data = await applyMarks(c.var.scope, sheet, rowsToTable(body.rows, sheet), { expectVersion: body.version, unmarked: 'cleared' });
    return { message: `Saved: ${data.counts_text}`, data };
  }),
  endpoint(marksTemplateRoute, async (c, { query }) => {
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    // The blank template names the roster too: the same readers as the sheet.
    await assertReadsStudentsOf(c.var.scope, c.var.caller, sheet.course);
    const existing =
      query.filled === 'true' ? new Map((await readMarks(c.var.scope, sheet.occasion.id)).map((m) => [m.student, m])) : undefined;
    const csv = formatCsvRows(marksTemplate(sheet.questions, sheet.roster, existing));
    const name = `${sheet.course.code ?? 'course'}-${sheet.occasion.name}-marks.csv`.replace(/[^A-Za-z0-9._-]+/g, '_');
    return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` });
  }),
  endpoint(uploadMarksRoute, async (c, { query, body }) => {
    const table = csvRows(body);
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    assertOwnsCourse(c.var.caller, sheet.course);
    const dryRun = query.dry_run === 'true';
    const data = await applyMarks(c.var.scope, sheet, table, { dryRun });
    const message = dryRun ? `The file is fine: ${data.counts_text}; nothing saved yet` : `Saved: ${data.counts_text}`;
    return { message, data };
  }),
  endpoint(importMappedMarksRoute, async (c, { query, body }) => {
    const sheet = await occasionSheet(c.var.scope, occasionId(c));
    assertOwnsCourse(c.var.caller, sheet.course);
    const dryRun = query.dry_run === 'true';
    const data = await importMappedMarks(c.var.scope, sheet, body, dryRun);
    const unmatched = data.unmatched.length
      ? `; ${data.unmatched.length} row${data.unmatched.length === 1 ? '' : 's'} left out (listed)`
      : '';
    const message = dryRun
      ? `The file is fine: ${data.counts_text}${unmatched}; nothing saved yet`
      : `Saved: ${data.counts_text}${unmatched}`;
    return { message, data };
  }),
  endpoint(marksMappingRoute, async (c) => {
    const occ = await getRecord(c.var.scope, occasion, occasionId(c));
    const course = await getRecord(c.var.scope, courseCurriculum, occ.course);
    assertOwnsCourse(c.var.caller, course);
    return { data: await keptMapping(c.var.scope, occ.id) };
  }),
  endpoint(marksUploadTicketRoute, async (c, { body }) => {
    const name = typeof body.file_name === 'string' && body.file_name.trim() ? body.file_name.trim() : 'marks.csv';
    const occ = await getRecord(c.var.scope, occasion, occasionId(c));
    await assertCourseYearOpen(c.var.scope, { course: occ.course, occasion: occ });
    return { data: await openImportJob(c.var.scope, c.var.caller, occasionId(c), name) };
  }),
  endpoint(importJobRoute, async (c) => ({ data: await readImportJob(c.var.scope, pathId(c, 'id', 'Import')) })),
];
