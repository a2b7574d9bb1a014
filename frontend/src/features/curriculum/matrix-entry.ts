import { CORRELATION_LEVELS, isOneOf } from '@attain/shared-types';

/** A cell of the CO-PO matrix by position: row = the CO's index, col = the PO/PSO's index. */
export interface MatrixCellAt {
  row: number;
  col: number;
}

/** One cell a paste would change: where, the level it holds now and the level it would hold (undefined = none). */
export interface MatrixChange extends MatrixCellAt {
  from: number | undefined;
  to: number | undefined;
}

/**
 * What a key does in a matrix cell: `1`, `2`, `3` set the level, `-`, `0`, Delete and Backspace clear it (each then
 * moves to the next cell on the right, on to the next row); the arrows move; anything else is the select's own.
 */
export type MatrixKey = { set: number | undefined } | { move: MatrixCellAt } | null;

/**
 * The effect of key `key` in the cell at `at` of a `rows` x `cols` matrix. Moves stop at the edges; after the last
 * cell a level is set and the focus stays.
 */
export function matrixKey(key: string, at: MatrixCellAt, rows: number, cols: number): MatrixKey {
  const clamp = (row: number, col: number) => ({ row: Math.max(0, Math.min(rows - 1, row)), col: Math.max(0, Math.min(cols - 1, col)) });
  if (key === '1' || key === '2' || key === '3') return { set: Number(key) };
  if (key === '-' || key === '0' || key === 'Delete' || key === 'Backspace') return { set: undefined };
  if (key === 'ArrowRight') return { move: clamp(at.row, at.col + 1) };
  if (key === 'ArrowLeft') return { move: clamp(at.row, at.col - 1) };
  if (key === 'ArrowDown') return { move: clamp(at.row + 1, at.col) };
  if (key === 'ArrowUp') return { move: clamp(at.row - 1, at.col) };
  return null;
}

/** The cell after `at` in reading order (the next on the right, else the first of the next row), or `at` at the end. */
export const nextCell = (at: MatrixCellAt, rows: number, cols: number): MatrixCellAt =>
  at.col + 1 < cols ? { row: at.row, col: at.col + 1 } : at.row + 1 < rows ? { row: at.row + 1, col: 0 } : at;

/**
 * A block pasted from a spreadsheet (rows by line, cells by tab) laid over the matrix from the cell `at`: each cell
 * `1`, `2`, `3`, or `-`, `0` or empty for none. Cells beyond the matrix's edge and cells that are not a level are
 * reported in `problems` (in people's words, "row 2, cell 5: "x" is not 1, 2, 3 or -") and change nothing.
 * @param current the level each cell holds now, by position
 * @returns the cells whose level would change, and the problems
 */
export function pasteIntoMatrix(
  text: string,
  at: MatrixCellAt,
  rows: number,
  cols: number,
  current: (cell: MatrixCellAt) => number | undefined,
): { changes: MatrixChange[]; problems: string[] } {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const changes: MatrixChange[] = [];
  const problems: string[] = [];
  lines.forEach((line, i) => {
    line.split('\t').forEach((raw, j) => {
      const cell = { row: at.row + i, col: at.col + j };
      const v = raw.trim();
      if (cell.row >= rows || cell.col >= cols) {
        if (v !== '') problems.push(`Row ${i + 1}, cell ${j + 1} ("${v}") falls outside the matrix`);
        return;
      }
      const level = v === '' || v === '-' || v === '0' ? undefined : Number(v);
      if (level !== undefined && !isOneOf(CORRELATION_LEVELS, level)) {
        problems.push(`Row ${i + 1}, cell ${j + 1}: "${v}" is not 1, 2, 3 or -`);
        return;
      }
      const from = current(cell);
      if (from !== level) changes.push({ ...cell, from, to: level });
    });
  });
  return { changes, problems };
}
