import { Paginator } from 'primereact/paginator';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type CellValue, sortRows } from './sort-rows';
import { usePhone } from './use-media-query';
import { useOverflows } from './use-overflows';

/** One column of a table: its header, the value a row has in it, and optionally how that value is shown. */
export interface TableColumn<R> {
  /** Unique among the table's columns (a field name, or the header). */
  key: string;
  header: string;
  /** The cell's value: what sorting, searching and export read. */
  value: (r: R) => CellValue;
  /** What the cell shows, when not the value itself (a link, an input, a coloured level). */
  render?: (r: R) => ReactNode;
  /** The cell's class (e.g. `below` for a level under its target). */
  className?: (r: R) => string | undefined;
  /**
   * How much the column matters on a phone, where each row is a card: 1 = the card's title, 2 = on the card,
   * 3 = under the card's "More". Default: the first column 1, the next three 2, the rest 3.
   */
  priority?: 1 | 2 | 3;
  /** Whether its header sorts the rows (default: the table's `sortable`). Off for columns people type into. */
  sortable?: boolean;
  /** On a phone's card, the field takes the card's whole width (long text, an e-mail, an input). */
  wide?: boolean;
  /** In the table, the column's least width (CSS, e.g. `22rem`): a column of sentences reads as a line or two. */
  minWidth?: string;
}

/** Page sizes offered; the first is the default. */
export const PAGE_SIZES = [20, 50, 100] as const;

const priorityOf = <R,>(c: TableColumn<R>, i: number): 1 | 2 | 3 => c.priority ?? (i === 0 ? 1 : i < 4 ? 2 : 3);
const shown = <R,>(c: TableColumn<R>, r: R): ReactNode => {
  const v = c.render ? c.render(r) : c.value(r);
  return v === null || v === undefined || v === '' ? '-' : v;
};

/**
 * The one table of the app: entity lists, marks lists and attainment results all use it, so every screen behaves
 * alike.
 *
 * - Wide screens: a table that scrolls sideways inside its card, never past it; the first column (what the row is)
 *   stays at the left edge and the row actions at the right edge while the rest scrolls.
 * - Phones (`PHONE_MAX_WIDTH` and narrower): one card per row: the priority-1 column as its title beside the actions,
 *   priority-2 columns as label and value, priority-3 columns under "More".
 * - Long lists page (`pageSize` rows, 20 by default; 0 = never). Headers sort (numbers by value, text naturally).
 * - `highlight`: the key of the row just saved: the table turns to its page, marks it and scrolls it into view.
 * - `onOpen`: a row (or card) opens on a click or on Enter when it has the focus, besides the button among its
 *   actions that does the same (clicks on the row's own buttons and links stay theirs).
 */
export function ResponsiveTable<R>(props: {
  /** Names the table for screen readers (and the phone's card list). */
  label: string;
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  /** A row's stable key (its id); default its position. */
  rowKey?: (r: R, index: number) => string;
  /** Buttons of a row (Edit, Delete, Marks…), kept in view at the right edge. */
  actions?: (r: R) => ReactNode;
  /** Summary rows after the data rows (averages, targets); never sorted or paged. */
  footer?: readonly R[];
  pageSize?: number;
  sortable?: boolean;
  highlight?: string | null;
  /** Bumped on every save, so saving the same record again turns to it again. */
  highlightSeq?: number;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** Many short values (levels per PO): a phone's card packs them several to a line. */
  dense?: boolean;
  /** Opens a row (its details): on a click on the row, or Enter on the focused row. */
  onOpen?: (r: R) => void;
}) {
  const phone = usePhone();
  const { columns, actions } = props;
  const keyOf = (r: R, i: number) => props.rowKey?.(r, i) ?? String(i);
  const [sort, setSort] = useState<{ key: string; dir: 1 | -1 } | null>(null);
  const sortColumn = sort ? columns.find((c) => c.key === sort.key) : undefined;
  const rows = useMemo(
    () => (sort && sortColumn ? sortRows(props.rows, sortColumn.value, sort.dir) : props.rows),
    [props.rows, sort, sortColumn],
  );
  const pageSize = props.pageSize ?? PAGE_SIZES[0];
  const [page, setPage] = useState({ first: 0, rows: pageSize });
  const paged = pageSize > 0 && rows.length > pageSize;
  // A shorter list (a filter changed) starts again on its first page.
  const first = page.first < rows.length ? page.first : 0;
  const visible = paged ? rows.slice(first, first + page.rows) : rows;

  // The saved row: turn to its page once per save, then scroll it into view.
  const scrolled = useRef<string | null>(null);
  // A table wider than the page (its last columns under the row actions) says so above it.
  const scroller = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(scroller, `${phone}:${visible.length}:${columns.length}`);
  const highlight = props.highlight ?? null;
  const saveMark = `${highlight}#${props.highlightSeq ?? 0}`;
  const at = highlight === null ? -1 : rows.findIndex((r, i) => keyOf(r, i) === highlight);
  useEffect(() => {
    if (at < 0 || scrolled.current === saveMark) return;
    const want = paged ? Math.floor(at / page.rows) * page.rows : 0;
    if (want !== first) return setPage((p) => ({ ...p, first: want }));
    scrolled.current = saveMark;
    [...document.querySelectorAll('[data-row-key]')]
      .find((el) => el.getAttribute('data-row-key') === highlight)
      ?.scrollIntoView?.({ block: 'center' });
  }, [at, highlight, saveMark, first, paged, page.rows]);

  if (!props.rows.length) return <>{props.empty ?? <p className="hint">Nothing to show yet.</p>}</>;
  const canSort = (c: TableColumn<R>) => c.sortable ?? props.sortable ?? true;
  const toggle = (key: string) => {
    setSort((s) => (s?.key === key ? (s.dir === 1 ? { key, dir: -1 } : null) : { key, dir: 1 }));
    setPage((p) => ({ ...p, first: 0 }));
  };
  const rowClass = (r: R, i: number) =>
    [highlight !== null && keyOf(r, i) === highlight ? 'row-saved' : '', props.onOpen ? 'row-opens' : ''].join(' ').trim() || undefined;
  const { onOpen } = props;
  // A row that opens: focusable, opened by a click outside its own controls or by Enter on the row itself.
  const opener = (r: R) =>
    onOpen
      ? {
          tabIndex: 0,
          onClick: (e: MouseEvent) => {
            if (!(e.target as Element).closest('button, a, input, select, textarea, summary, [role="button"]')) onOpen(r);
          },
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
            e.preventDefault();
            onOpen(r);
          },
        }
      : {};

  const pager = paged ? (
    <Paginator
      first={first}
      rows={page.rows}
      totalRecords={rows.length}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(e) => setPage({ first: e.first, rows: e.rows })}
      // A phone has room for one line: previous, where we are, next.
      template={
        phone
          ? 'PrevPageLink CurrentPageReport NextPageLink'
          : 'FirstPageLink PrevPageLink CurrentPageReport NextPageLink LastPageLink RowsPerPageDropdown'
      }
      currentPageReportTemplate="{first}-{last} of {totalRecords}"
    />
  ) : null;

  if (phone) {
    const card = (r: R, i: number, summary: boolean) => {
      const title = columns.find((c, j) => priorityOf(c, j) === 1) ?? columns[0];
      const on = columns.filter((c, j) => c !== title && priorityOf(c, j) === 2);
      const more = columns.filter((c, j) => c !== title && priorityOf(c, j) === 3);
      const fields = (cs: readonly TableColumn<R>[]) => (
        <dl className="record-card-fields">
          {cs.map((c) => (
            <div key={c.key} className={[c.wide ? 'wide' : '', c.className?.(r) ?? ''].join(' ').trim() || undefined}>
              <dt>{c.header}</dt>
              <dd>{shown(c, r)}</dd>
            </div>
          ))}
        </dl>
      );
      return (
        <li
          key={keyOf(r, i)}
          data-row-key={keyOf(r, i)}
          className={['record-card', summary ? 'summary' : '', rowClass(r, i) ?? ''].join(' ').trim()}
          {...(summary ? {} : opener(r))}
        >
          <div className="record-card-head">
            <span className={`record-card-title ${title.className?.(r) ?? ''}`}>{shown(title, r)}</span>
            {actions && !summary ? <span className="row-actions">{actions(r)}</span> : null}
          </div>
          {on.length ? fields(on) : null}
          {more.length ? (
            <details className="record-card-more">
              <summary>More</summary>
              {fields(more)}
            </details>
          ) : null}
        </li>
      );
    };
    return (
      <div className="responsive-table">
        <ol className={`record-cards${props.dense ? ' dense' : ''}`} aria-label={props.label}>
          {visible.map((r, i) => card(r, first + i, false))}
          {(props.footer ?? []).map((r, i) => card(r, -1 - i, true))}
        </ol>
        {pager}
      </div>
    );
  }

  const cell = (r: R, c: TableColumn<R>, j: number) => {
    const cls = [j === 0 ? 'col-first' : '', c.className?.(r) ?? ''].join(' ').trim() || undefined;
    return j === 0 ? (
      <th scope="row" key={c.key} className={cls}>
        {shown(c, r)}
      </th>
    ) : (
      <td key={c.key} className={cls}>
        {shown(c, r)}
      </td>
    );
  };
  return (
    <div className="responsive-table">
      {overflows ? (
        <p className="hint scroll-hint" aria-hidden>
          More columns to the side: scroll the table sideways →
        </p>
      ) : null}
      {/* Focusable so the keyboard can scroll it sideways. */}
      <div className="table-scroll" role="region" aria-label={`${props.label} (scrolls sideways)`} tabIndex={0} ref={scroller}>
        <table className="data-table" aria-label={props.label}>
          <thead>
            <tr>
              {columns.map((c, j) => {
                const dir = sort?.key === c.key ? sort.dir : 0;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    className={j === 0 ? 'col-first' : undefined}
                    style={c.minWidth ? { minWidth: c.minWidth } : undefined}
                    aria-sort={dir === 1 ? 'ascending' : dir === -1 ? 'descending' : undefined}
                  >
                    {canSort(c) ? (
                      <button type="button" className="sort-button" onClick={() => toggle(c.key)}>
                        {c.header}
                        <i
                          className={`pi ${dir === 1 ? 'pi-sort-amount-up-alt' : dir === -1 ? 'pi-sort-amount-down' : 'pi-sort-alt'}`}
                          aria-hidden
                        />
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
              {actions ? (
                <th scope="col" className="col-actions">
                  Actions
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {visible.map((r, i) => (
              <tr key={keyOf(r, first + i)} data-row-key={keyOf(r, first + i)} className={rowClass(r, first + i)} {...opener(r)}>
                {columns.map((c, j) => cell(r, c, j))}
                {actions ? (
                  <td className="col-actions">
                    <span className="row-actions">{actions(r)}</span>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          {props.footer?.length ? (
            <tfoot>
              {props.footer.map((r, i) => (
                <tr key={i}>
                  {columns.map((c, j) => cell(r, c, j))}
                  {actions ? <td className="col-actions" /> : null}
                </tr>
              ))}
            </tfoot>
          ) : null}
        </table>
      </div>
      {pager}
    </div>
  );
}
