import {
  type MailRecipient,
  RECIPIENT_STATUSES,
  RECIPIENT_STATUS_LABELS,
  type RecipientStatus,
  sentMail,
  isOneOf,
  mailDetailRoute,
} from '@attain/shared-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { call } from '../../app/api-client';
import { qk } from '../../app/query-keys';
import { AttachmentList } from '../../components/files/attachments-field';
import { StatusTag } from '../../lib/format/delivery-status-tag';
import { formatDateTime, formatNumber, useLocale } from '../../lib/format/locale';
import { ResponsiveTable } from '../../components/table/responsive-table';
import { MAIL_POLL_MS, mailSettled } from './mail-polling';
import { MailProgress, StatusCounts } from './mail-status-tags';

/** An event of a recipient's history in words: `delivery` -> `Delivery`, `deliverydelay` -> `Delivery delay`. */
export const eventText = (event: string): string => {
  const spaced = event.replace(/^deliverydelay$/i, 'delivery delay').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/**
 * One mail with every recipient (`GET /api/send-mail/{id}`), read again every 2 s while it is not settled (without
 * covering the page; see `mailSettled`).
 */
export function useMailDetail(id: string) {
  const qc = useQueryClient();
  const key = qk.record(sentMail.path, id);
  return useQuery({
    queryKey: key,
    queryFn: async () =>
      (
        await call(
          mailDetailRoute,
          { params: { mail: id } },
          {
            background: Boolean(qc.getQueryData(key)),
            quiet: Boolean(qc.getQueryData(key)),
          },
        )
      ).data,
    refetchInterval: (q) => (q.state.data && !mailSettled(q.state.data) ? MAIL_POLL_MS : false),
  });
}

/** A recipient's history: each event with its time and what it says, folded behind its count. */
function History({ recipient }: { recipient: MailRecipient }) {
  const locale = useLocale();
  const events = recipient.history ?? [];
  if (!events.length) return null;
  return (
    <details className="mail-history">
      <summary>{`${events.length} event${events.length === 1 ? '' : 's'}`}</summary>
      <ol>
        {events.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at}>{formatDateTime(h.at, locale)}</time> <strong>{eventText(h.event)}</strong>
            {h.detail ? <span>: {h.detail}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

/**
 * A mail's receipts (spec part 2 Utilities; docs/design.md "Files and mail"): the message as it was sent (subject, the
 * sanitised body, signature, attachments to download), where the sending stands, the recipients per status, and
 * every recipient with their status, when it last changed, a note (why it was skipped, an auto-reply) and their
 * history; filtered by status or address. Read again every 2 s until nothing more is expected.
 */
export function MailReceipts({ id, onClose }: { id: string; onClose: () => void }) {
  const locale = useLocale();
  const read = useMailDetail(id);
  const detail = read.data;
  const [status, setStatus] = useState<RecipientStatus | null>(null);
  const [search, setSearch] = useState('');
  const recipients = useMemo(() => detail?.recipients ?? [], [detail]);
  const q = search.trim().toLowerCase();
  const shown = useMemo(
    () => recipients.filter((r) => (!status || r.status === status) && (!q || r.address.includes(q))),
    [recipients, status, q],
  );
  const statusChoices = RECIPIENT_STATUSES.filter((s) => (detail?.counts[s] ?? 0) > 0 || s === status).map((s) => ({
    value: s,
    label: `${RECIPIENT_STATUS_LABELS[s]} (${formatNumber(detail?.counts[s] ?? 0, locale)})`,
  }));
  return (
    <Dialog
      header={detail ? `Receipts: ${detail.subject}` : 'Receipts'}
      visible
      onHide={onClose}
      className="mail-receipts"
      style={{ width: 'min(72rem, 96vw)' }}
      draggable={false}
    >
      {detail ? (
        <>
          <dl className="record-card-fields mail-facts">
            <div>
              <dt>Sent by</dt>
              <dd>{detail.created_by}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatDateTime(detail.created_at, locale)}</dd>
            </div>
            <div>
              <dt>Recipients</dt>
              <dd>{formatNumber(detail.total, locale)}</dd>
            </div>
            <div>
              <dt>Progress</dt>
              <dd>
                <MailProgress mail={detail} />
              </dd>
            </div>
            <div className="wide">
              <dt>Receipts</dt>
              <dd>
                <StatusCounts mail={detail} />
              </dd>
            </div>
          </dl>
          <section className="mail-message" aria-label="Message">
            <h3>{detail.subject}</h3>
            <div className="mail-body" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(detail.email_body ?? '') }} />
            {detail.signature ? <p className="mail-signature">{detail.signature}</p> : null}
            {detail.attachments?.length ? <AttachmentList files={detail.attachments} /> : null}
          </section>
          <h3>Recipients</h3>
          {detail.recipients_hidden ? (
            <p className="hint">
              This mail belongs to an anonymous survey: who it went to is not shown, since a reminder's recipients are the people who have
              not answered. The counts above are complete.
            </p>
          ) : (
            <>
              <div className="table-search">
                <span className="filter">
                  <label htmlFor="receipts-status">Status</label>
                  <Dropdown
                    inputId="receipts-status"
                    value={status}
                    options={statusChoices}
                    placeholder="Every status"
                    showClear
                    onChange={(e) => setStatus(isOneOf(RECIPIENT_STATUSES, e.value) ? e.value : null)}
                  />
                </span>
                <span className="filter">
                  <label htmlFor="receipts-search">Address</label>
                  <InputText id="receipts-search" placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
                </span>
                <span className="row-count" aria-live="polite">
                  {`${formatNumber(shown.length, locale)} of ${formatNumber(recipients.length, locale)}`}
                </span>
              </div>
              <ResponsiveTable<MailRecipient>
                label="Recipients"
                rows={shown}
                rowKey={(r) => `${r.kind}:${r.address}`}
                empty={<p className="hint">No recipient with this status.</p>}
                columns={[
                  { key: 'address', header: 'Address', value: (r) => r.address, priority: 1, wide: true },
                  { key: 'kind', header: 'To / Cc', value: (r) => (r.kind === 'cc' ? 'Cc' : 'To'), priority: 2 },
                  {
                    key: 'status',
                    header: 'Status',
                    value: (r) => RECIPIENT_STATUS_LABELS[r.status] ?? r.status,
                    render: (r) => <StatusTag status={r.status} />,
                    priority: 2,
                  },
                  {
                    key: 'status_at',
                    header: 'When',
                    value: (r) => r.status_at,
                    render: (r) => formatDateTime(r.status_at, locale),
                    priority: 2,
                  },
                  { key: 'note', header: 'Note', value: (r) => r.note ?? '', priority: 2, wide: true },
                  {
                    key: 'history',
                    header: 'History',
                    value: () => '',
                    render: (r) => <History recipient={r} />,
                    priority: 3,
                    sortable: false,
                  },
                ]}
              />
            </>
          )}
        </>
      ) : (
        <p className="hint" role={read.isError ? 'alert' : undefined}>
          {read.isError ? 'These receipts could not be read.' : 'Reading the receipts…'}
        </p>
      )}
    </Dialog>
  );
}
