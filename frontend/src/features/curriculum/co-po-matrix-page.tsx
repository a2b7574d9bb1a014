import {
  type CoPoMatrix,
  coPoMatrixRoutes,
  articulationCaption,
  courseArticulation,
  isOneOf,
  CORRELATION_LEVELS,
} from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../app/api-client';
import { DOCUMENT_PATHS, qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';
import { useCoursePicker } from '../../components/entity/course-picker';
import { HistoryButton } from '../../components/entity/history-button';
import { Link, useSearchParams } from 'react-router-dom';
import { hrefWith } from '../../app/navigation';
import { formatDateTime, useLocale } from '../../lib/format/locale';
import { useUnsavedChanges } from '../../components/form/unsaved-changes';

/**
 * `/curriculum/co-po-maping`: the CO-PO matrix editor of one course. Rows are the course's COs, columns the
 * program's POs and PSOs, each cell 1, 2, 3 or "-"; the last row is the course's articulation per PO/PSO under the
 * program's articulation rule (`courseArticulation`, the function the server uses), updated as cells change. Save
 * writes the whole matrix at once and puts the saved matrix into the cache (the course's attainment views are marked
 * stale); if someone saved in between, the save is refused (409) and nothing is lost from the screen.
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
        <div className="matrix-scroll">
          <table className="matrix" aria-label="CO-PO matrix">
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
              {view.cos.map((co) => (
                <tr key={co.id}>
                  <th scope="row" title={co.statement}>
                    {co.code}
                  </th>
                  {view.outcomes.map((o) => (
                    <td key={o.id}>
                      <select
                        aria-label={`${co.code} ${o.po_reference}`}
                        value={cells[co.id]?.[o.id] ?? ''}
                        onChange={(e) => setCell(co.id, o.id, e.target.value)}
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
            {view.updated_by ? ` Last saved by ${view.updated_by} on ${formatDateTime(String(view.updated_at), locale)}.` : ''}
          </p>
        </div>
      ) : null}
    </section>
  );
}
