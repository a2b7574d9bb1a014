import { type CampusScope, type MarksRow, type RowError, readMarksTable } from '@attain/shared-types';
import { recomputeCourse } from '../attainment/attainment-service.js';
import { markCourseInputsChanged } from '../attainment/result-store.js';
import { HttpError } from '../lib/errors.js';
import { overwriteDocument, putDocument } from '../store/documents.js';
import { type WriteStats, readMarks, writeMarks } from './marks-store.js';
import type { OccasionSheet } from './occasion-sheet.js';

/** What a marks file or grid save did (or, for a dry run, would do). */
export interface MarksImportResult {
  /** Student rows read. */
  rows: number;
  /** Of those, students marked absent. */
  absent: number;
  notes: string[];
  /** The first rows as they will be stored (a dry run's preview). */
  preview: MarksRow[];
  /** Items and BatchWriteItem calls (absent for a dry run). */
  written?: WriteStats;
  /** The sheet's version after the write. */
  version: number;
}

/** At most this many row errors go back to the scope (the count says how many there were). */
const MAX_ROW_ERRORS = 200;

/** Refuses a table with row errors: 400, `errors.rows`, nothing written. */
export function refuseRows(errors: RowError[]): never {
  throw new HttpError(
    400,
    `Nothing was saved: ${errors.length} problem${errors.length > 1 ? 's' : ''} in the file`,
    undefined,
    errors.slice(0, MAX_ROW_ERRORS),
  );
}

/**
 * Checks a table of marks (template layout) against the occasion's paper and roster and, unless `dryRun`, stores
 * it: students' rows are replaced whole, except that questions the file has no column for keep their stored marks.
 * Then the course's attainment is computed again.
 * @param expectVersion a grid save sends the sheet version it read; a stale one gets 409 (files do not)
 * @throws HttpError 400 with row errors (nothing written), 409 when stale. Callers check who may write the course first
 *   (the routes with `assertOwnsCourse`; the worker runs a job whose opener was checked)
 */
export async function applyMarks(
  scope: CampusScope,
  sheet: OccasionSheet,
  table: readonly (readonly string[])[],
  opts: { dryRun?: boolean; expectVersion?: number; onProgress?: (written: number, total: number) => Promise<void> | void } = {},
): Promise<MarksImportResult> {
  const read = readMarksTable(table, sheet.questions, sheet.roster);
  if (read.errors.length) refuseRows(read.errors);
  const absent = read.rows.filter((r) => r.absent).length;
  const base = { rows: read.rows.length, absent, notes: read.notes, preview: read.rows.slice(0, 20) };
  if (opts.dryRun) return { ...base, version: sheet.version };
  const header = { occasion: sheet.occasion.id, course: sheet.course.id, last_rows: read.rows.length };
  // Stamped first: should the write stop half-way, the stored results count as stale until computed again.
  await markCourseInputsChanged(scope, sheet.course.id, sheet.course.program);
  // A grid save must still hold the version it read (409 otherwise); a file simply takes the next version.
  const { version } =
    opts.expectVersion !== undefined
      ? await putDocument(scope, 'marks-sheet', sheet.occasion.id, opts.expectVersion, header)
      : await overwriteDocument(scope, 'marks-sheet', sheet.occasion.id, header, sheet.version);
  let rows = read.rows;
  const present = new Set((table[0] ?? []).map((h) => String(h).trim().toLowerCase()));
  if (sheet.questions.some((q) => !present.has(q.number.toLowerCase()))) {
    const old = new Map((await readMarks(scope, sheet.occasion.id)).map((r) => [r.student, r]));
    rows = rows.map((r) => (r.absent ? r : { ...r, marks: { ...(old.get(r.student)?.marks ?? {}), ...r.marks } }));
  }
  const written = await writeMarks(scope, sheet.occasion.id, rows, opts.onProgress ? (n) => opts.onProgress?.(n, rows.length) : undefined);
  await recomputeCourse(scope, sheet.course.id);
  return { ...base, written, version };
}
