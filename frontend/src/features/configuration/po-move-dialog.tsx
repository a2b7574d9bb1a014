import { type PoMovePreview, programOutcomeMovePreviewRoute, programOutcomeMoveRoute } from '@attain/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { showPopup } from '../../app/state';

/** The preview of moving a program's POs to its format's (`GET /api/po-move/{program}`). */
function usePoMovePreview(programId: string, enabled: boolean) {
  return useQuery({
    queryKey: qk.poMove(programId),
    queryFn: async () => (await call(programOutcomeMovePreviewRoute, { params: { program: programId } })).data,
    enabled: enabled && Boolean(programId),
  });
}

/** A PO survey the move changes, as the preview names it. */
const surveyText = (s: PoMovePreview['surveys'][number]) => `${s.name} (${s.academic_year}, ${s.questions} questions)`;

/** What the preview lists: each PO's reference and title before and after, the matrices and the surveys it changes. */
function MovePreview({ v }: { v: PoMovePreview }) {
  return (
    <>
      <p>{v.text}</p>
      <h3>Program outcomes</h3>
      <div className="table-scroll">
        <table className="report-table po-move-outcomes">
          <thead>
            <tr>
              <th scope="col">Now</th>
              <th scope="col">Becomes</th>
              <th scope="col">Title after the move</th>
            </tr>
          </thead>
          <tbody>
            {v.outcomes.map((o) => (
              <tr key={o.id}>
                <td>
                  {o.from} {o.title_before}
                </td>
                <td>{o.merged ? `joins ${o.to}` : o.to}</td>
                <td>{o.title_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Course matrices whose levels change ({v.matrices.length})</h3>
      {v.matrices.length ? (
        v.matrices.map((m) => (
          <div key={m.course} className="table-scroll">
            <table className="report-table po-move-matrix">
              <caption>
                {m.code} {m.title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">CO</th>
                  <th scope="col">Now</th>
                  <th scope="col">After the move</th>
                </tr>
              </thead>
              <tbody>
                {m.cells.map((c) => (
                  <tr key={c.co}>
                    <td>{c.co}</td>
                    <td>{c.before}</td>
                    <td>{c.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      ) : (
        <p className="hint">No course matrix maps PO7, so no level changes.</p>
      )}
      <p className="hint">
        {v.renumbered} other matrices keep every level under the new numbers.{' '}
        {v.surveys.length
          ? `PO surveys whose questions are counted under the new numbers: ${v.surveys.map(surveyText).join('; ')}.`
          : 'No PO survey names a PO that moves.'}
      </p>
    </>
  );
}

/**
 * Configuration > Generic Program Outcomes, "Move to the format's 11 POs": a dialog that reads the preview of the move (each
 * PO, each matrix row whose levels change, the PO surveys that follow) and writes nothing until "Move the POs" is
 * pressed. A move the server refuses (a frozen year, POs that are not NBA's 12) says why in the dialog.
 */
export function PoMoveDialog({ programId, visible, onHide }: { programId: string; visible: boolean; onHide: () => void }) {
  const queryClient = useQueryClient();
  const preview = usePoMovePreview(programId, visible);
  const move = useMutation({
    mutationFn: () => call(programOutcomeMoveRoute, { params: { program: programId } }),
    onSuccess: (res) => {
      showPopup('success', res.message ?? 'Moved');
      onHide();
    },
    // The POs, every matrix, the readiness page and the results all change.
    onSettled: () => queryClient.invalidateQueries(),
  });
  const v = preview.data;
  return (
    <Dialog
      header="Move to the format’s 11 POs"
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(48rem, 96vw)' }}
      footer={
        <div className="filter-bar">
          <Button
            type="button"
            label="Move the POs"
            icon="pi pi-check"
            disabled={!v || Boolean(v.blocked) || move.isPending}
            onClick={() => move.mutate()}
          />
          <Button type="button" outlined label="Cancel" onClick={onHide} />
        </div>
      }
    >
      {preview.isPending ? <p className="hint">Reading the program’s POs, matrices and surveys…</p> : null}
      {preview.error ? <p role="alert">{preview.error.message}</p> : null}
      {v?.blocked ? (
        <p className="field-error" role="alert">
          {v.blocked}
        </p>
      ) : null}
      {v && !v.blocked ? <MovePreview v={v} /> : null}
      {move.error ? <p role="alert">{move.error.message}</p> : null}
    </Dialog>
  );
}
