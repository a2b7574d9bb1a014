import type { RowError } from '@attain/shared-types';
import { HttpError } from './errors.js';
import { parseCsvRows } from './csv.js';

/** A parsed data row: cells by header name and the line number a spreadsheet shows (header = 1). */
export interface CsvRow {
  row: number;
  cells: Record<string, string>;
}

/**
 * Parses CSV text with a header row. Header names and cells are trimmed; blank lines are skipped.
 * @returns the rows, the header names, and problems (missing required columns, a row with more cells than headers)
 */
export function parseCsv(text: string, required: readonly string[]): { rows: CsvRow[]; headers: string[]; errors: RowError[] } {
  const [head = [], ...body] = parseCsvRows(text);
  const headers = head.map((h) => h.trim());
  const errors: RowError[] = [];
  for (const h of required) if (!headers.includes(h)) errors.push({ row: 1, field: h, message: `Column ${h} is missing` });
  const rows = body.map((cells, i) => {
    if (cells.length > headers.length)
      errors.push({ row: i + 2, field: '', message: `The row has ${cells.length} cells but the header names ${headers.length} columns` });
    return { row: i + 2, cells: Object.fromEntries(headers.map((h, j) => [h, (cells[j] ?? '').trim()])) };
  });
  return { rows, headers, errors };
}

/**
 * Reads an optional whole-number cell. Blank gives undefined; anything else that is not a whole number in
 * [min, max] adds an error.
 */
export function intCell(r: CsvRow, field: string, errors: RowError[], min = 0, max = 1000): number | undefined {
  const v = r.cells[field];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push({ row: r.row, field, message: `${v} is not a whole number from ${min} to ${max}` });
    return undefined;
  }
  return n;
}

/**
 * The problems of one file row that a record's validation refused (`validateBody`'s per-field messages, else its
 * detail), as row errors for `refuseIfAny`.
 */
export function rowErrorsOf(row: number, refused: { detail: string; fields: Record<string, string> }): RowError[] {
  const fields = Object.entries(refused.fields);
  return fields.length ? fields.map(([field, message]) => ({ row, field, message })) : [{ row, field: '', message: refused.detail }];
}

/**
 * Refuses a whole file when any row has a problem: 400 with `errors.rows` (one per problem) and nothing written.
 * Every CSV import checks all its rows first and calls this before its first write.
 * @throws HttpError 400
 */
export function refuseIfAny(errors: readonly RowError[]): void {
  if (!errors.length) return;
  throw new HttpError(
    400,
    `The file was not loaded: ${errors.length} problem${errors.length > 1 ? 's' : ''} (nothing was written)`,
    undefined,
    [...errors],
  );
}
