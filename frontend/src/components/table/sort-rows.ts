/** A cell value as tables read it for sorting, searching and export. */
export type CellValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Compares two cell values the way people expect a column to sort: numbers by value, text by a natural order
 * (`CO2` before `CO10`, case ignored), empty cells last in either direction.
 */
export function compareCells(a: CellValue, b: CellValue, dir: 1 | -1): number {
  const blankA = a === null || a === undefined || a === '';
  const blankB = b === null || b === undefined || b === '';
  if (blankA || blankB) return blankA === blankB ? 0 : blankA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return dir * (a - b);
  return dir * collator.compare(String(a), String(b));
}

/** `rows` sorted by `value` (stable: equal cells keep their order); `rows` itself is not changed. */
export function sortRows<R>(rows: readonly R[], value: (r: R) => CellValue, dir: 1 | -1): R[] {
  return rows
    .map((r, i) => ({ r, i, v: value(r) }))
    .sort((x, y) => compareCells(x.v, y.v, dir) || x.i - y.i)
    .map((x) => x.r);
}
