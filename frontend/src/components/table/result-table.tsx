import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { ResponsiveTable, type TableColumn } from './responsive-table';
import { type Cells, downloadCsv, downloadXlsx } from './table-export';

/** One column of a result table (`TableColumn`; its key defaults to its header). The export always uses `value`. */
export type ResultColumn<R> = Omit<TableColumn<R>, 'key'> & { key?: string };

/**
 * A results table with CSV and XLSX export of exactly what it holds (every row, not just the page shown), laid out by
 * `ResponsiveTable`: scrolls inside its card with the first column and the row actions kept in view, cards on a phone.
 */
export function ResultTable<R>(props: {
  label: string;
  fileName: string;
  columns: ResultColumn<R>[];
  rows: readonly R[];
  footer?: readonly R[];
  empty?: ReactNode;
  rowKey?: (r: R, index: number) => string;
  actions?: (r: R) => ReactNode;
  pageSize?: number;
  highlight?: string | null;
}) {
  // Every value of a result row shows on a phone's card (levels per PO are what the page is for).
  const columns = props.columns.map((c, i) => ({ ...c, key: c.key ?? c.header, priority: c.priority ?? (i === 0 ? 1 : 2) }));
  const cells = (): Cells => [
    columns.map((c) => c.header),
    ...[...props.rows, ...(props.footer ?? [])].map((r) => columns.map((c) => c.value(r))),
  ];
  if (!props.rows.length) return <>{props.empty ?? <p className="hint">Nothing to show yet.</p>}</>;
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
      <ResponsiveTable
        label={props.label}
        rows={props.rows}
        columns={columns}
        footer={props.footer}
        rowKey={props.rowKey}
        actions={props.actions}
        pageSize={props.pageSize}
        highlight={props.highlight}
        dense
      />
    </div>
  );
}
