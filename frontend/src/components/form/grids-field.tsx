import { type GridTable, gridRows } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type ReactNode, useEffect, useState } from 'react';

/** A table a `grids` field offers: its title and column headings. */
export interface GridShape {
  title: string;
  columns: readonly string[];
}

/**
 * `tables` with table `shape` holding `rows` (a table with no rows taken out), in the order of `order` (the titles the
 * form offers); the stored columns are the shape's.
 */
export function withTable(tables: readonly GridTable[], shape: GridShape, rows: string[][], order: readonly string[]): GridTable[] {
  const rest = tables.filter((t) => t.title !== shape.title);
  const next = rows.length ? [...rest, { title: shape.title, columns: [...shape.columns], rows }] : rest;
  return next.sort((a, b) => order.indexOf(a.title) - order.indexOf(b.title));
}

/** The tables of a `grids` value (anything else reads as none). */
export const gridTables = (value: unknown): GridTable[] =>
  Array.isArray(value)
    ? value.filter((t): t is GridTable => typeof t === 'object' && t !== null && typeof t.title === 'string' && Array.isArray(t.rows))
    : [];

/**
 * Tables typed in a form (a SAR item's NBA tables): each offered table (`shapes`; without them, the tables the value
 * holds) as a grid of text inputs under its title, with "Add row" below and a remove button on each row; a wide table
 * scrolls sideways on a phone. Every input is labelled with its column and row, so the grid is complete from the
 * keyboard. `extra` draws a table's own actions (a "Fill from Attain" button); a table the value holds that is not
 * offered (the item changed) is shown with a note, so nothing typed disappears. Emits the tables with rows only.
 */
export function GridsField(props: {
  id: string;
  value: unknown;
  onChange: (v: GridTable[]) => void;
  shapes?: readonly GridShape[];
  extra?: (shape: GridShape, rows: readonly string[][]) => ReactNode;
  /** The most rows of a table. */
  maxRows?: number;
  /** The most characters of a cell. */
  maxLength?: number;
}) {
  const tables = gridTables(props.value);
  // A row just added takes the focus in its first cell, so a keyboard user types on.
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus, props.value]);
  const offered = props.shapes ?? tables;
  const stray = props.shapes ? tables.filter((t) => !props.shapes?.some((s) => s.title === t.title)) : [];
  const shown: { shape: GridShape; offered: boolean }[] = [
    ...offered.map((shape) => ({ shape, offered: true })),
    ...stray.map((shape) => ({ shape, offered: false })),
  ];
  // A table stored under other columns (its definition changed) shows each cell under its column's heading.
  const rowsOf = (shape: GridShape) => {
    const t = tables.find((x) => x.title === shape.title);
    return t ? gridRows(t, shape.columns) : [];
  };
  const put = (shape: GridShape, rows: string[][]) =>
    props.onChange(
      withTable(
        tables,
        shape,
        rows,
        shown.map((x) => x.shape.title),
      ),
    );
  if (!shown.length) return <p className="hint">NBA asks for no table with this item.</p>;
  return (
    <div className="grids-field" id={props.id}>
      {shown.map(({ shape, offered: isOffered }, k) => {
        const rows = rowsOf(shape);
        const set = (i: number, j: number, v: string) =>
          put(
            shape,
            rows.map((r, m) => (m === i ? r.map((c, n) => (n === j ? v : c)) : r)),
          );
        return (
          <section key={shape.title} className="grid-table" aria-label={shape.title}>
            <div className="grid-table-head">
              <h4>{shape.title}</h4>
              {props.extra?.(shape, rows)}
            </div>
            {isOffered ? null : (
              <p className="hint">Not one of NBA’s tables for this item: remove its rows, or choose the item it was written for.</p>
            )}
            <div className="grid-scroll">
              <table>
                <thead>
                  <tr>
                    {shape.columns.map((c) => (
                      <th key={c} scope="col">
                        {c}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i}>
                      {shape.columns.map((c, j) => (
                        <td key={c}>
                          <InputText
                            id={`${props.id}-${k}-${i}-${j}`}
                            aria-label={`${c}, row ${i + 1} of ${shape.title}`}
                            value={row[j] ?? ''}
                            maxLength={props.maxLength ?? 1000}
                            onChange={(e) => set(i, j, e.target.value)}
                          />
                        </td>
                      ))}
                      <td>
                        <Button
                          type="button"
                          icon="pi pi-trash"
                          text
                          severity="danger"
                          aria-label={`Remove row ${i + 1} of ${shape.title}`}
                          onClick={() =>
                            put(
                              shape,
                              rows.filter((_, m) => m !== i),
                            )
                          }
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {rows.length ? null : <p className="hint">No rows yet.</p>}
            <Button
              type="button"
              label="Add row"
              icon="pi pi-plus"
              size="small"
              outlined
              aria-label={`Add a row to ${shape.title}`}
              disabled={rows.length >= (props.maxRows ?? 300)}
              onClick={() => {
                put(shape, [...rows, shape.columns.map(() => '')]);
                setFocus(`${props.id}-${k}-${rows.length}-0`);
              }}
            />
          </section>
        );
      })}
    </div>
  );
}
