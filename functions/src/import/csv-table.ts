import type { RowError } from '@attain/shared-types';
import Papa from 'papaparse';

/** A parsed data row: cells by header name and the line number a spreadsheet shows (header = 1). */
export interface CsvRow {
  row: number;
  cells: Record<string, string>;
}

/**
 * Parses CSV text with a header row (papaparse). Cells are trimmed; blank lines are skipped.
 * @returns the rows, the header names, and problems (missing required columns, malformed lines)
 */
export function parseCsv(text: string, required: readonly string[]): { rows: CsvRow[]; headers: string[]; errors: RowError[] } {
  const res = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() });
  const headers = res.meta.fields ?? [];
  const errors: RowError[] = [];
  for (const h of required) if (!headers.includes(h)) errors.push({ row: 1, field: h, message: `Column ${h} is missing` });
  for (const e of res.errors) errors.push({ row: (e.row ?? 0) + 2, field: '', message: e.message });
  const rows = res.data.map((cells, i) => ({
    row: i + 2,
    cells: Object.fromEntries(Object.entries(cells).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : ''])),
  }));
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
