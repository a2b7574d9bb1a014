import { recordHistoryRoute } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { ApiError } from '../../app/api';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { formatDateTime, useLocale } from '../../lib/format/locale';
import { ACTION_LABELS, useAuditText } from './audit-text';

/**
 * One record's audit history (`GET /api/audit/history/{entity}/{id}`), newest first: each entry's date and time in
 * the campus's format, who, what they did, and a table of each changed field's old and new value. Read fresh each
 * time it opens; a record with no entry (older than the audit trail) says so.
 */
export function HistoryDialog(props: { entity: string; id: string; title: string; visible: boolean; onHide: () => void }) {
  const locale = useLocale();
  const history = useQuery({
    queryKey: qk.auditHistory(props.entity, props.id),
    queryFn: async () => {
      try {
        // `entity`: a registry name, a document kind or `marks`.
        return (await call(recordHistoryRoute, { params: { entity: props.entity, id: props.id } }, { quiet: true })).data;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return [];
        throw e;
      }
    },
    enabled: props.visible,
    staleTime: 0,
  });
  const entries = history.data ?? [];
  const { text } = useAuditText(entries);
  return (
    <Dialog
      header={`History: ${props.title}`}
      visible={props.visible}
      onHide={props.onHide}
      style={{ width: 'min(44rem, 96vw)' }}
      className="history-dialog"
    >
      {history.isPending ? <p className="hint">Reading the history…</p> : null}
      {history.isError ? <p className="hint">The history could not be read; try again.</p> : null}
      {history.isSuccess && !entries.length ? <p className="hint">No change has been recorded for this yet.</p> : null}
      <ol className="history-list" aria-label={`History of ${props.title}`}>
        {entries.map((e) => (
          <li key={e.id} className="history-entry">
            <p>
              <strong>{formatDateTime(e.at, locale)}</strong> · {e.user} · {ACTION_LABELS[e.action] ?? e.action}
              {e.reason ? ` · ${e.reason}` : ''}
            </p>
            {e.changes.length ? (
              <div className="table-scroll">
                <table className="history-changes">
                  <thead>
                    <tr>
                      <th scope="col">Field</th>
                      <th scope="col">Old</th>
                      <th scope="col">New</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.changes.map((c) => (
                      <tr key={c.field}>
                        <th scope="row">{c.label ?? c.field}</th>
                        <td>{text(e.entity, c, 'old')}</td>
                        <td>{text(e.entity, c, 'new')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="hint">No field changed.</p>
            )}
            {e.truncated ? <p className="hint">{`…and ${e.truncated} more changes`}</p> : null}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}

/** A row's History button (one click): opens `HistoryDialog` for the record. */
export function HistoryButton(props: { entity: string; id: string; title: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        icon="pi pi-history"
        rounded={!props.label}
        text={!props.label}
        outlined={Boolean(props.label)}
        label={props.label}
        aria-label={`History of ${props.title}`}
        onClick={() => setOpen(true)}
      />
      {open ? <HistoryDialog entity={props.entity} id={props.id} title={props.title} visible={open} onHide={() => setOpen(false)} /> : null}
    </>
  );
}
