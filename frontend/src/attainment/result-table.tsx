import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { type Cells, downloadCsv, downloadXlsx } from './table-export';

/** One column of a result table: its header and how to read a row's cell (text or number) and show it. */
export interface ResultColumn<R> {
  header: string;
  value: (r: R) => string | number | null | undefined;
  /** Optional display (e.g. a level with a colour); the export always uses `value`. */
  render?: (r: R) => ReactNode;
  /** Cell class (e.g. below target). */
  className?: (r: R) => string | undefined;
}

/**
 * A results table with CSV and XLSX export of exactly what it shows. Scrolls sideways on narrow screens; the first
 * column stays readable.
 */
export function ResultTable<R>(props: {
  label: string;
  fileName: string;
  columns: ResultColumn<R>[];
  rows: R[];
  footer?: R[];
  empty?: string;
}) {
  const cells = (): Cells => [
    props.columns.map((c) => c.header),
    ...[...props.rows, ...(props.footer ?? [])].map((r) => props.columns.map((c) => c.value(r))),
  ];
  if (!props.rows.length) return <p className="hint">{props.empty ?? 'Nothing to show yet.'}</p>;
  const cell = (r: R, c: ResultColumn<R>, j: number) => {
    const v = c.render ? c.render(r) : c.value(r);
    return j === 0 ? (
      <th scope="row" key={j} className={c.className?.(r)}>
        {v ?? '-'}
      </th>
    ) : (
      <td key={j} className={c.className?.(r)}>
        {v ?? '-'}
      </td>
    );
  };
  return (
    <div className="result-block">
      <div className="result-tools">
        <Button
          label="CSV"
          icon="pi pi-download"
          text
          size="small"
          aria-label={`Export ${props.label} as CSV`}
          onClick={() => void downloadCsv(props.fileName, cells())}
        />
        <Button
          label="XLSX"
          icon="pi pi-file-excel"
          text
          size="small"
          aria-label={`Export ${props.label} as XLSX`}
          onClick={() => void downloadXlsx(props.fileName, cells())}
        />
      </div>
      <div className="matrix-scroll">
        <table className="result-table" aria-label={props.label}>
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r, i) => (
              <tr key={i}>{props.columns.map((c, j) => cell(r, c, j))}</tr>
            ))}
          </tbody>
          {props.footer?.length ? (
            <tfoot>
              {props.footer.map((r, i) => (
                <tr key={i}>{props.columns.map((c, j) => cell(r, c, j))}</tr>
              ))}
            </tfoot>
          ) : null}
        </table>
      </div>
    </div>
  );
}
