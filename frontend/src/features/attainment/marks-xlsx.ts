import { ABSENT_MARK, type MarksSheetView } from '@attain/shared-types';
import type { Cells, XlsxLayout } from '../../components/table/table-export';

/** The template's rows above the students: the header (`roll_no, name, <questions>`), `max_marks` and `co`. */
const HEAD_ROWS = 3;

/**
 * A marks template (`marksTemplate`) as the XLSX writes it: maximum marks and entered marks as numbers, `AB` and
 * blanks as text, so the spreadsheet adds and checks them as numbers.
 */
export function marksXlsxRows(rows: readonly (readonly string[])[]): Cells {
  return rows.map((r, i) =>
    i === 0 || i === 2 ? [...r] : r.map((c, j) => (j > 1 && c !== '' && c !== ABSENT_MARK && Number.isFinite(Number(c)) ? Number(c) : c)),
  );
}

/**
 * How the marks file is laid out in a spreadsheet: roll number and name wide enough to read, the header, maximum
 * marks and CO rows and the two student columns frozen, and each question's cells accepting a mark from 0 to the
 * question's maximum or `AB` (absent), the same rule the upload checks.
 */
export function marksXlsxLayout(sheet: Pick<MarksSheetView, 'questions' | 'students'>): XlsxLayout {
  const lastRow = HEAD_ROWS + Math.max(sheet.students.length, 1) - 1;
  return {
    widths: [14, 28, ...sheet.questions.map((q) => Math.max(8, q.number.length + 2))],
    frozenRows: HEAD_ROWS,
    frozenColumns: 2,
    validations: sheet.questions.map((q, i) => ({
      firstRow: HEAD_ROWS,
      lastRow,
      column: 2 + i,
      formula: (cell: string) => `OR(UPPER(${cell})="${ABSENT_MARK}",AND(ISNUMBER(${cell}),${cell}>=0,${cell}<=${q.max_marks}))`,
      message: `Question ${q.number}: a mark from 0 to ${q.max_marks}, or ${ABSENT_MARK} for absent`,
    })),
  };
}
