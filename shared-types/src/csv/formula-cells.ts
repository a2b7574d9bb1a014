/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet program runs a cell that begins with `=`, `+`, `-`,
 * `@`, a tab or a carriage return as a formula. Every CSV the product writes passes its text cells through
 * `neutralizeCell`, which prefixes such a cell with `'` so the program shows it as text; every CSV it reads passes
 * them through `restoreCell`, so a file downloaded and loaded again gives back exactly what was stored.
 * Numbers (typed as numbers) are written as they are: they cannot be formulas.
 */
const TRIGGERS = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: `=SUM(A1)` -> `'=SUM(A1)`; other text unchanged. */
export function neutralizeCell(text: string): string {
  return TRIGGERS.test(text) ? `'${text}` : text;
}

/** The inverse of `neutralizeCell` for a cell read from a CSV: `'=SUM(A1)` -> `=SUM(A1)`; other text unchanged. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && TRIGGERS.test(text.slice(1)) ? text.slice(1) : text;
}

/** One row of cells for a CSV file: text neutralized, numbers kept, `null`/`undefined` as empty cells. */
export function safeCsvRow(row: readonly (string | number | boolean | null | undefined)[]): string[] {
  return row.map((v) => (v === null || v === undefined ? '' : typeof v === 'string' ? neutralizeCell(v) : String(v)));
}
