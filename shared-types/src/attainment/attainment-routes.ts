import * as z from 'zod/mini';
import { defineRoute, file, item, textBody } from '../api/contract.js';
import { marksGridBody } from './marks-sheet.js';
import { mappedMarksBody } from './foreign-marks.js';

const ATTAINMENT = '/api/attainment';
/** The API path of an occasion's marks (`/api/marks/{occasion}`). */
export const MARKS_PATH = '/api/marks';
/** An academic year (`2025-26`) or `undated`; empty means the default year. */
export const YEAR_OR_UNDATED = /^(\d{4}-\d{2}|undated)$/;
/** The message for a `?year=` that is neither. */
export const YEAR_FORMAT = 'The academic year looks like 2025-26';
/** `?year=`: the academic year to show (default: the newest with marks not after the campus's current year). */
export const yearQuery = z.object({
  year: z.optional(z.string().check(z.refine((v) => v === '' || YEAR_OR_UNDATED.test(v), 'Not valid'))),
});

/** `GET /api/attainment/course/{course}?year=`: a course's CO and PO/PSO attainment in one academic year. */
export const courseAttainmentRoute = defineRoute({
  method: 'GET',
  path: `${ATTAINMENT}/course/{course}`,
  domain: 'attainment',
  summary: "A course's CO and PO/PSO attainment in one academic year (default: the newest with marks, not after the current year)",
  query: yearQuery,
  invalid: YEAR_FORMAT,
  answer: item('CourseAttainmentView'),
  errors: [400, 401, 404],
});

/**
 * `GET /api/attainment/program/{program}`: every course of a program and its program-level PO/PSO attainment per
 * academic year, from the stored results (`updating` lists courses whose recomputation is queued).
 */
export const programAttainmentRoute = defineRoute({
  method: 'GET',
  path: `${ATTAINMENT}/program/{program}`,
  domain: 'attainment',
  summary: "A program's courses and its program-level PO/PSO attainment, per academic year",
  answer: item('ProgramAttainmentView'),
  errors: [401, 404],
});

/** `GET /api/attainment/students/{course}?year=`: each student's CO and PO/PSO percents. */
export const studentsAttainmentRoute = defineRoute({
  method: 'GET',
  path: `${ATTAINMENT}/students/{course}`,
  // Served with the students' own pages (students' values, one Lambda), which keeps the attainment Lambda in its budget.
  domain: 'student',
  summary: "Each student's CO and PO/PSO attainment in a course",
  query: yearQuery,
  invalid: YEAR_FORMAT,
  answer: item('StudentsAttainmentView'),
  errors: [400, 401, 403, 404],
});

/** `GET /api/marks/{occasion}`: the marks sheet (questions, roster, every student's marks, version). */
export const marksSheetRoute = defineRoute({
  method: 'GET',
  path: `${MARKS_PATH}/{occasion}`,
  keyScope: 'marks.write',
  domain: 'marks',
  summary: "An assessment occasion's marks sheet: questions, roster, marks and version",
  answer: item('MarksSheetView'),
  errors: [401, 403, 404],
});

/** `PUT /api/marks/{occasion}` `{ version, rows }`: saves grid edits (the course's faculty or admins; 409 stale or frozen). */
export const saveMarksRoute = defineRoute({
  method: 'PUT',
  path: `${MARKS_PATH}/{occasion}`,
  keyScope: 'marks.write',
  domain: 'marks',
  summary: 'Save marks entered on the grid (send the version you read)',
  body: marksGridBody,
  invalid: 'Send { version, rows: [{ student, marks, absent? }] }',
  answer: item('MarksSaveResult'),
  errors: [400, 401, 403, 404, 409],
});

/** `GET /api/marks/{occasion}/template?filled=true`: the CSV template (students x questions), filled with the saved marks when asked. */
export const marksTemplateRoute = defineRoute({
  method: 'GET',
  path: `${MARKS_PATH}/{occasion}/template`,
  domain: 'marks',
  summary: 'The marks template of an occasion as CSV (with `filled=true`, the saved marks in it)',
  query: z.object({ filled: z.optional(z.string()) }),
  answer: file('text/csv'),
  errors: [401, 403, 404],
});

/**
 * `POST /api/marks/{occasion}/upload?dry_run=true` (CSV, at most 256 KB): checks a filled template row by row (400 with
 * `errors.rows`, nothing written), previews it on a dry run, else saves it.
 */
export const uploadMarksRoute = defineRoute({
  method: 'POST',
  path: `${MARKS_PATH}/{occasion}/upload`,
  domain: 'marks',
  summary: 'Upload a filled marks template (CSV); `dry_run=true` checks and previews without saving',
  query: z.object({ dry_run: z.optional(z.string()) }),
  body: textBody('text/csv'),
  answer: item('MarksSaveResult'),
  errors: [400, 401, 403, 404, 409, 413],
});

/**
 * `POST /api/marks/{occasion}/import?dry_run=true` `{ rows, mapping }`: marks from a file another system wrote (Moodle's
 * quiz Grades report or gradebook, any sheet with a roll-number column), read into rows by the browser, turned into the
 * template's layout by `mapping` (`mapForeignMarks`) and checked and saved by the template's own rules; the answer
 * adds the rows matching nobody, each column's scaling and how many students had several attempts. A save keeps the
 * mapping for the occasion's next file. 400 with `errors.fields` for a mapping that does not fit the file or paper.
 */
export const importMappedMarksRoute = defineRoute({
  method: 'POST',
  path: `${MARKS_PATH}/{occasion}/import`,
  domain: 'marks',
  summary: "Import marks from another system's export by a column mapping; `dry_run=true` previews without saving",
  query: z.object({ dry_run: z.optional(z.string()) }),
  body: mappedMarksBody,
  invalid: "Send { rows: the file's cells row by row, mapping }",
  answer: item('MappedMarksResult'),
  errors: [400, 401, 403, 404, 409, 413],
});

/** `GET /api/marks/{occasion}/mapping`: the column mapping kept from the occasion's last mapped import (or `null`). */
export const marksMappingRoute = defineRoute({
  method: 'GET',
  path: `${MARKS_PATH}/{occasion}/mapping`,
  domain: 'marks',
  summary: "The column mapping kept from an occasion's last import of another system's export",
  answer: item('MarksMappingView'),
  errors: [401, 403, 404],
});

/** `POST /api/marks/{occasion}/upload-url` `{ file_name? }`: a presigned S3 POST for a large marks file and the import job to poll (201). */
export const marksUploadTicketRoute = defineRoute({
  method: 'POST',
  path: `${MARKS_PATH}/{occasion}/upload-url`,
  domain: 'marks',
  summary: 'Open an import of a large marks file: a presigned S3 POST and the import job to poll',
  body: z.object({ file_name: z.optional(z.unknown()) }),
  answer: item('MarksUploadTicket', 201),
  errors: [400, 401, 403, 404, 409],
});

/** `GET /api/import-job/{id}`: status and progress of a large marks file's import. */
export const importJobRoute = defineRoute({
  method: 'GET',
  path: '/api/import-job/{id}',
  domain: 'marks',
  summary: "A large marks file's import: status and progress",
  answer: item('ImportJob'),
  errors: [401, 404],
});
