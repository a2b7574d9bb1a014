import {
  type CoPoMatrix,
  coPoMatrixRoutes,
  articulationCaption,
  courseArticulation,
  isOneOf,
  CORRELATION_LEVELS,
  textOf,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../app/api-client';
import { DOCUMENT_PATHS, qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { useCoursePicker } from '../../components/entity/course-picker';
import { HistoryButton } from '../../components/entity/history-button';
import { Link, useSearchParams } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { formatDateTime, useLocale } from '../../lib/format/locale';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';
import { useOverflows } from '../../components/table/use-overflows';
import { PastePreview } from '../../components/form/paste-preview';
import { type MatrixCellAt, type MatrixChange, matrixKey, nextCell, pasteIntoMatrix } from './matrix-entry';

/** The position a matrix cell's select carries (`data-cell="row,col"`). */
const cellAt = (el: EventTarget | null): MatrixCellAt | null => {
  const v = el instanceof HTMLElement ? el.dataset.cell : undefined;
  if (!v) return null;
  const [row, col] = v.split(',').map(Number);
  return { row, col };
};

/**
 * `/curriculum/co-po-maping`: the CO-PO matrix editor of one course. Rows are the course's COs, columns the
 * program's POs and PSOs, each cell 1, 2, 3 or "-"; the last row is the course's articulation per PO/PSO under the
 * program's articulation rule (`courseArticulation`, the function the server uses), updated as cells change. Save
 * writes the whole matrix at once and puts the saved matrix into the cache (the course's attainment views are marked
 * stale); if someone saved in between, the save is refused (409) and nothing is lost from the screen.
 *
 * Keyboard entry: in a cell, 1/2/3 set the level and -/0/Delete clear it, each moving on to the next cell; the arrows
 * move between cells. A block pasted from a spreadsheet (TSV) lands from the focused cell, after a preview of the
 * cells it changes. The CO column stays in view while the POs and PSOs scroll sideways, with a hint when they do.
 */
export function CoPoMatrixPage() {
  const { course, picker } = useCoursePicker();
  const [params] = useSearchParams();
  const locale = useLocale();
  const key = qk.record(DOCUMENT_PATHS.coPoMatrix, course ?? '');
  const view =
    useQuery({
      queryKey: key,
      queryFn: async () => (await call(coPoMatrixRoutes.read, { params: { course: course ?? '' } })).data,
      enabled: Boolean(course),
    }).data ?? null;
  const [cells, setCells] = useState<CoPoMatrix['cells']>({});
  const [dirty, setDirty] = useState(false);
  // The cells being edited start from the matrix read (again after a save or for another course).
  useEffect(() => {
    setCells(view?.cells ?? {});
    setDirty(false);
  }, [view]);
  const rule = view?.articulation_rule ?? 'Average';
  const courseRow = useMemo(() => courseArticulation(cells, view?.cos.map((c) => c.id) ?? [], rule), [cells, view, rule]);
  const setCell = (co: string, po: string, v: string) => {
    setCells((old) => {
      const row = { ...(old[co] ?? {}) };
      const level = v ? Number(v) : undefined;
      if (isOneOf(CORRELATION_LEVELS, level)) row[po] = level;
      else delete row[po];
      return { ...old, [co]: row };
    });
    setDirty(true);
  };
  const table = useRef<HTMLTableElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(box, view);
  const [pasted, setPasted] = useState<{ changes: MatrixChange[]; problems: string[] } | null>(null);
  const rows = view?.cos.length ?? 0;
  const cols = view?.outcomes.length ?? 0;
  const focusCell = (at: MatrixCellAt) => table.current?.querySelector<HTMLElement>(`[data-cell="${at.row},${at.col}"]`)?.focus();
  const levelAt = (at: MatrixCellAt) => (view ? cells[view.cos[at.row].id]?.[view.outcomes[at.col].id] : undefined);
  const onCellKey = (e: KeyboardEvent<HTMLSelectElement>) => {
    const at = cellAt(e.target);
    if (!view || !at || e.altKey || e.ctrlKey || e.metaKey) return;
    const effect = matrixKey(e.key, at, rows, cols);
    if (!effect) return;
    e.preventDefault();
    if ('move' in effect) return focusCell(effect.move);
    setCell(view.cos[at.row].id, view.outcomes[at.col].id, effect.set === undefined ? '' : String(effect.set));
    focusCell(nextCell(at, rows, cols));
  };
  const onPaste = (e: ClipboardEvent<HTMLTableElement>) => {
    const at = cellAt(e.target);
    if (!view || !at) return;
    e.preventDefault();
    setPasted(pasteIntoMatrix(e.clipboardData.getData('text/plain'), at, rows, cols, levelAt));
  };
  const applyPaste = () => {
    if (!view || !pasted) return;
    for (const c of pasted.changes) setCell(view.cos[c.row].id, view.outcomes[c.col].id, c.to === undefined ? '' : String(c.to));
    setPasted(null);
  };
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { version: number; cells: CoPoMatrix['cells'] }) =>
      call(coPoMatrixRoutes.save, { params: { course: course ?? '' }, body }),
    onSuccess: (r) => {
      queryClient.setQueryData(key, r.data);
      // A changed mapping changes the course's PO attainment.
      void queryClient.invalidateQueries({ queryKey: qk.attainment() });
      showPopup('success', 'CO-PO matrix successfully updated');
    },
  });
  useUnsavedChanges(dirty, {
    what: 'the CO-PO matrix',
    save: async () =>
      view
        ? save.mutateAsync({ version: view.version, cells }).then(
            () => true,
            () => false,
          )
        : false,
  });
  return (
    <section>
      <div className="page-head">
        <h2>CO-PO Mapping</h2>
        {view && course ? (
          <span className="page-tools">
            <HistoryButton entity="co-po-matrix" id={course} title="CO-PO matrix" label="History" />
            <Button
              label="Save matrix"
              icon="pi pi-check"
              disabled={!dirty}
              onClick={() => save.mutate({ version: view.version, cells })}
            />
          </span>
        ) : null}
      </div>
      {picker}
      {!course ? <p className="hint">Choose a curriculum, term and course to edit its CO-PO matrix.</p> : null}
      {view && !view.cos.length ? (
        <p className="hint">
          This course has no course outcomes yet:{' '}
          <Link to={hrefWith('/curriculum/course-outcome', Object.fromEntries(params))}>add them under Course Outcomes</Link>.
        </p>
      ) : null}
      {view && view.cos.length && !view.outcomes.length ? (
        <p className="hint">
          The course's program has no POs or PSOs yet:{' '}
          <Link to={hrefWith('/configuration/generic-program-outcomes', { program: view.program })}>
            set them up under Configuration &gt; Generic Program Outcomes
          </Link>
          .
        </p>
      ) : null}
      {view && view.cos.length && view.outcomes.length ? (
        <>
          <p className="hint">Type 1, 2, 3 or - in a cell (the arrows move between cells), or paste a block copied from a spreadsheet.</p>
          {overflows ? <p className="hint scroll-hint">More POs and PSOs to the side: scroll the matrix sideways →</p> : null}
          <div className="matrix-scroll" ref={box}>
            <table className="matrix" aria-label="CO-PO matrix" ref={table} onPaste={onPaste}>
              <thead>
                <tr>
                  <th scope="col">CO</th>
                  {view.outcomes.map((o) => (
                    <th key={o.id} scope="col" title={o.statement}>
                      {o.po_reference}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.cos.map((co, row) => (
                  <tr key={co.id}>
                    <th scope="row" title={co.statement}>
                      {co.code}
                    </th>
                    {view.outcomes.map((o, col) => (
                      <td key={o.id}>
                        <select
                          aria-label={`${co.code} ${o.po_reference}`}
                          data-cell={`${row},${col}`}
                          value={cells[co.id]?.[o.id] ?? ''}
                          onChange={(e) => setCell(co.id, o.id, e.target.value)}
                          onKeyDown={onCellKey}
                        >
                          <option value="">-</option>
                          <option value="1">1</option>
                          <option value="2">2</option>
                          <option value="3">3</option>
                        </select>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Course ({rule})</th>
                  {view.outcomes.map((o) => (
                    <td key={o.id} data-testid={`avg-${o.po_reference}`}>
                      {courseRow[o.id] !== undefined ? courseRow[o.id].toFixed(2) : '-'}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
            <p className="hint">
              1 = low, 2 = medium, 3 = high correlation; "-" = none. The last row is the course's articulation: {articulationCaption(rule)}
              {view.updated_by ? ` Last saved by ${view.updated_by} on ${formatDateTime(textOf(view.updated_at), locale)}.` : ''}
            </p>
          </div>
        </>
      ) : null}
      <PastePreview
        header="Paste into the matrix"
        open={pasted !== null}
        itemsLabel="Cells the paste changes"
        items={
          view && pasted
            ? pasted.changes.map((c) => `${view.cos[c.row].code} ${view.outcomes[c.col].po_reference}: ${c.from ?? '-'} → ${c.to ?? '-'}`)
            : []
        }
        empty="The paste changes no cell."
        problemsLabel="Cells left as they are"
        problems={pasted?.problems ?? []}
        applyLabel={`Change ${pasted?.changes.length ?? 0} cells`}
        onApply={applyPaste}
        onCancel={() => setPasted(null)}
      />
    </section>
  );
}
