import { restoreCell, safeCsvRow } from '@attain/shared-types';

/**
 * Table exports: CSV through papaparse (cells a spreadsheet would run as formulas neutralized, restored on
 * reading) and XLSX through write-excel-file, both loaded only when a person exports
 * (they are not on the first page's budget). `rows` are cells by row, header first.
 */
export type Cells = (string | number | null | undefined)[][];

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_');

/** Downloads `rows` as `<name>.csv` (UTF-8 with a byte-order mark so spreadsheet programs read accents). */
export async function downloadCsv(name: string, rows: Cells): Promise<void> {
  const { default: Papa } = await import('papaparse');
  const text = Papa.unparse(rows.map(safeCsvRow));
  save(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), `${safeName(name)}.csv`);
}

/** Downloads `rows` as `<name>.xlsx`, numbers as numbers, the header row bold. */
export async function downloadXlsx(name: string, rows: Cells): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const data = rows.map((r, i) =>
    r.map((c) =>
      c === null || c === undefined || c === ''
        ? null
        : typeof c === 'number'
          ? { value: c, type: Number }
          : { value: String(c), type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) },
    ),
  );
  const blob = await writeXlsxFile(data as never).toBlob();
  save(blob, `${safeName(name)}.xlsx`);
}

/** Reads the first sheet of an XLSX file into rows of text cells (numbers as typed, blanks as ''). */
export async function readXlsx(file: File): Promise<string[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  const rows = (await readSheet(file)) as unknown[][];
  return rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString().slice(0, 10) : String(c))));
}

/** Reads a CSV file into rows of text cells (papaparse), neutralized formula cells restored. */
export async function readCsv(file: File): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const text = (await file.text()).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data.map((r) => r.map(restoreCell));
}
