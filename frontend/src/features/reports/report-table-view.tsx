import { type ReportCell, type ReportTable, cellText, isFigure } from '@attain/shared-types';
import { type ResultColumn, ResultTable } from '../../components/table/result-table';
import { FigureButton } from './figure-button';

type Row = Record<string, ReportCell>;

/** What a cell exports and sorts by: numbers as numbers, a figure (or anything else) as the text it shows. */
const exported = (c: ReportCell | undefined) => (typeof c === 'number' ? c : cellText(c));

/**
 * One table of a report (`ReportTable`) through `ResultTable`: its title, every row (never paged, so it prints whole),
 * the summary rows under them, CSV and XLSX export of exactly those rows as shown (file `<fileBase>-<table id>`),
 * cards on a phone, and its notes. Plain cells show as text; computed figures as `FigureButton`s opening their trace.
 */
export function ReportTableView({ table, fileBase }: { table: ReportTable; fileBase: string }) {
  const first = table.columns[0]?.key;
  const columns: ResultColumn<Row>[] = table.columns.map((col) => ({
    key: col.key,
    header: col.unit ? `${col.label} (${col.unit})` : col.label,
    value: (r) => exported(r[col.key]),
    render: (r) => {
      const c = r[col.key];
      return isFigure(c) ? (
        <FigureButton figure={c} label={`${col.label} of ${cellText(first ? r[first] : null) || table.title}`} />
      ) : (
        cellText(c)
      );
    },
  }));
  return (
    <div className="report-table">
      <h4>{table.title}</h4>
      <ResultTable<Row>
        label={table.title}
        fileName={`${fileBase}-${table.id}`}
        columns={columns}
        rows={table.rows}
        footer={table.footer}
        pageSize={0}
        empty={<p className="hint">No rows.</p>}
      />
      {table.notes?.length ? (
        <ul className="notes">
          {table.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
