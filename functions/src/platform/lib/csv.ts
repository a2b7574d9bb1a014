import { formatCsv, restoreCell } from '@attain/shared-types';
import { csvParseRows } from 'd3-dsv';

/**
 * CSV in and out for the API: read through d3-dsv (about 3 KB in a Lambda bundle where papaparse was 20 KB), written by
 * `formatCsv`, the one writer the browser uses too. Cells that a spreadsheet would run as formulas are neutralized on
 * the way out and restored on the way in (`shared-types/src/csv/formula-cells.ts`), so a downloaded file loads back
 * unchanged.
 */

/** Parses CSV text into rows of cells: a leading byte-order mark is dropped, rows whose cells are all blank are skipped. */
export function parseCsvRows(text: string): string[][] {
  return csvParseRows(text.replace(/^\uFEFF/, ''))
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => row.map(restoreCell));
}

/**
 * Writes rows of cells as CSV text, one line per row: text neutralized and quoted when it holds any common separator
 * (`formatCsv`), numbers as they are, `null` as empty.
 */
export function formatCsvRows(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return formatCsv(rows);
}
