/**
 * CSV formula injection (OWASP "CSV Injection", https://owasp.org/www-community/attacks/CSV_Injection): a spreadsheet
 * program runs a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula. A file may also be
 * opened by a program that splits on another locale's separator (`;` in much of Europe, a tab), or that ignores the
 * quotes, so a cell of ours such as `a;=1+1` can become two cells, the second a formula. So every CSV the product
 * writes passes its text cells through `neutralizeCell`, which prefixes with `'` the cell itself and every part of it
 * after a separator (`,` `;` tab) or a line break when that part would run; every CSV it reads passes them through
 * `restoreCell`, so a file downloaded and loaded again gives back exactly what was stored. `formatCsv` writes the file
 * (every cell holding a separator of any of those locales, a quote or a line break in quotes).
 * Numbers (typed as numbers) are written as they are: they cannot be formulas.
 */

/** Where a part of a cell starts: the cell's start, or just after a separator of a common locale or a line break. */
const PART_START = String.raw`(?<=^|[,;\t\r\n])`;
/**
 * A part that would run, or that already starts with guard quotes before such a character: one more `'` is added to
 * it, so `restoreCell` (which takes one off) gives back the text exactly, `'=1` included.
 */
const GUARD_AT = new RegExp(`${PART_START}(?='*[=+\\-@\\t\\r])`, 'g');
/** One guard quote that `neutralizeCell` added (a part that starts with `'` and then, after any more, a trigger). */
const GUARD = new RegExp(`${PART_START}'(?='*[=+\\-@\\t\\r])`, 'g');

/**
 * A text cell made safe to open in a spreadsheet whatever separator it splits on: `=SUM(A1)` -> `'=SUM(A1)`,
 * `a;=1+1` -> `a;'=1+1`, `\t=1` -> `'\t'=1`; text with no such part unchanged.
 */
export function neutralizeCell(text: string): string {
  return text.replace(GUARD_AT, "'");
}

/** The inverse of `neutralizeCell` for a cell read from a CSV: `'=SUM(A1)` -> `=SUM(A1)`, `a;'=1` -> `a;=1`. */
export function restoreCell(text: string): string {
  return text.replace(GUARD, '');
}

/** One row of cells for a CSV file: text neutralized, numbers kept, `null`/`undefined` as empty cells. */
export function safeCsvRow(row: readonly (string | number | boolean | null | undefined)[]): string[] {
  return row.map((v) => (v === null || v === undefined ? '' : typeof v === 'string' ? neutralizeCell(v) : String(v)));
}

/** A cell that must be quoted: it holds a separator of a common locale (`,` `;` tab), a quote or a line break. */
const NEEDS_QUOTES = /[,;\t"\r\n]/;

/**
 * Rows of cells as CSV text (RFC 4180: comma-separated, lines ended by CRLF), each text cell neutralized
 * (`safeCsvRow`) and quoted, its quotes doubled, when it holds `,` `;` tab `"` CR or LF, so a program that splits on
 * `;` or tabs still sees one cell. Used by every CSV the server and the browser write.
 */
export function formatCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return rows
    .map((row) =>
      safeCsvRow(row)
        .map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
        .join(','),
    )
    .join('\r\n');
}
