import { formatCsv, restoreCell } from '@attain/shared-types';
import { saveFile } from '../../app/save-file';
import { XLSX_MESSAGES, XLSX_READ_TIMEOUT_MS, type XlsxReply } from './xlsx-limits';

/**
 * Table exports: CSV written by `formatCsv` and read through papaparse (cells a spreadsheet would run as formulas
 * neutralized, restored on reading) and XLSX through write-excel-file, both loaded only when a person exports
 * (they are not on the first page's budget). `rows` are cells by row, header first.
 */
export type Cells = (string | number | null | undefined)[][];

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * `rows` as CSV text with every cell as it is, to send to the API (which reads values, never formulas): a sheet read
 * from an XLSX file, or a CSV file's rows (`readCsv`) written again.
 */
export async function csvText(rows: Cells): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c)))));
}

/**
 * Downloads `rows` as `<name>.csv` (UTF-8 with a byte-order mark so spreadsheet programs read accents), written by
 * `formatCsv` as the server writes its CSV: formula cells neutralized, cells with any common separator quoted.
 */
export async function downloadCsv(name: string, rows: Cells): Promise<void> {
  const text = formatCsv(rows);
  saveFile(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), `${safeName(name)}.csv`);
}

/**
 * How a downloaded sheet is laid out: column widths (in characters), the rows and columns that stay in view while
 * the rest scrolls ("frozen"), and what each column's cells accept (`validations`).
 */
export interface XlsxLayout {
  widths?: readonly number[];
  frozenRows?: number;
  frozenColumns?: number;
  validations?: readonly XlsxValidation[];
}

/**
 * What a block of cells accepts while a person types into the file in Excel, LibreOffice or Google Sheets:
 * `formula(cell)`, written for the block's top-left cell (`C4` gives `OR(UPPER(C4)="AB",AND(ISNUMBER(C4),C4>=0,C4<=5))`),
 * must be true, else the spreadsheet refuses the value with `message`. Rows and columns are 0-based, both ends included.
 */
export interface XlsxValidation {
  firstRow: number;
  lastRow: number;
  column: number;
  formula: (cell: string) => string;
  message: string;
}

/** Downloads `rows` as `<name>.xlsx`, numbers as numbers, the header row bold, laid out by `layout`. */
export async function downloadXlsx(name: string, rows: Cells, layout: XlsxLayout = {}): Promise<void> {
  const [{ default: writeXlsxFile }, xml] = await Promise.all([import('write-excel-file/browser'), import('write-excel-file/utility')]);
  const data = rows.map((r, i) =>
    r.map((c) =>
      c === null || c === undefined || c === ''
        ? null
        : typeof c === 'number'
          ? { value: c, type: Number }
          : { value: String(c), type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) },
    ),
  );
  const validations = layout.validations ?? [];
  /** One `<dataValidation>` element: a custom formula over a block of one column, refused values told `message`. */
  const rule = (v: XlsxValidation) => {
    const [from, to] = [xml.getCellAddress(v.firstRow, v.column), xml.getCellAddress(v.lastRow, v.column)];
    const attributes = `type="custom" allowBlank="1" showErrorMessage="1" errorTitle="Not accepted"`;
    const formula = `<formula1>${xml.sanitizeTextContent(v.formula(from))}</formula1>`;
    return `<dataValidation ${attributes} error="${xml.sanitizeAttributeValue(v.message)}" sqref="${from}:${to}">${formula}</dataValidation>`;
  };
  // Data validation is written through the library's documented extension point (a "feature" adding the sheet's
  // `<dataValidations>` element in its place among its siblings).
  const dataValidation = {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transform: (content: string) =>
            validations.length
              ? xml.insertElementMarkupAccordingToOrderOfSiblings(
                  content,
                  `<dataValidations count="${validations.length}">${validations.map(rule).join('')}</dataValidations>`,
                  xml.getOrderOfSiblings('xl/worksheets/sheet{id}.xml', 'worksheet') ?? [],
                  'worksheet',
                )
              : content,
        },
      },
    },
  };
  const blob = await writeXlsxFile(
    data as never,
    {
      columns: layout.widths?.map((width) => ({ width })),
      stickyRowsCount: layout.frozenRows,
      stickyColumnsCount: layout.frozenColumns,
    },
    { features: [dataValidation] },
  ).toBlob();
  saveFile(blob, `${safeName(name)}.xlsx`);
}

/**
 * Reads the first sheet of an XLSX file into rows of text cells (numbers as typed, blanks as '') in a Web Worker
 * (`xlsx-worker.ts`) stopped after `XLSX_READ_TIMEOUT_MS`, so a broken or inflating file cannot freeze the tab.
 * @throws Error with a sentence for the page (`XLSX_MESSAGES`)
 */
export function readXlsx(file: File): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), { type: 'module' });
    const done = () => {
      clearTimeout(timer);
      worker.terminate();
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(XLSX_MESSAGES.timeout));
    }, XLSX_READ_TIMEOUT_MS);
    worker.onmessage = (e: MessageEvent<XlsxReply>) => {
      done();
      if (e.data.ok) resolve(e.data.rows);
      else reject(new Error(XLSX_MESSAGES[e.data.reason]));
    };
    worker.onerror = () => {
      done();
      reject(new Error(XLSX_MESSAGES.corrupt));
    };
    void file.arrayBuffer().then((buf) => worker.postMessage(buf, [buf]));
  });
}

/** Reads a CSV file into rows of text cells (papaparse), neutralized formula cells restored. */
export async function readCsv(file: File): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const text = (await file.text()).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data.map((r) => r.map(restoreCell));
}
