import { csvFormatRows, csvParseRows } from 'd3-dsv';

/**
 * CSV in and out for the API (RFC 4180 quoting, through d3-dsv: about 3 KB in a Lambda bundle where papaparse was
 * 20 KB). The browser keeps papaparse for its own previews.
 */

/** Parses CSV text into rows of cells: a leading byte-order mark is dropped, rows whose cells are all blank are skipped. */
export function parseCsvRows(text: string): string[][] {
  return csvParseRows(text.replace(/^\uFEFF/, '')).filter((row) => row.some((cell) => cell.trim() !== ''));
}

/** Writes rows of cells as CSV text (`null`/`undefined` as empty cells), one line per row. */
export function formatCsvRows(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return csvFormatRows(rows.map((r) => r.map((v) => (v === null || v === undefined ? '' : String(v)))));
}
