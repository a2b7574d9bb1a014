import { type SentMail, sentMail } from '@attain/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { showPopup } from '../../app/state';
import { useListQuery } from '../../components/entity/list-cache';
import { LoadMore } from '../../components/entity/load-more';
import { formatDateTime, formatNumber, useLocale } from '../../lib/format/locale';
import { ResponsiveTable, type TableColumn } from '../../components/table/responsive-table';
import { putMail, resumeMail } from './mail-cache';
import { pollWhileUnsettled } from './mail-polling';
import { MailProgress, StatusCounts } from './mail-status-tags';

/**
 * The mails sent from this campus (`GET /api/send-mail`, newest first; "Load more" reads older ones): when, subject,
 * who sent it, how many recipients, its progress or state, and its receipts (recipients per status). While a mail on
 * screen is being sent or awaits SES's events (`mailSettled`), the list is read again every 2 s without covering the
 * page; then it stops. A stopped mail offers Resume. A row opens its receipts (the Receipts button, a click, Enter).
 */
export function SentMailTable(props: { onOpen: (mail: SentMail) => void; highlight?: { id: string; n: number } | null }) {
  const locale = useLocale();
  const list = useListQuery<typeof sentMail, SentMail>(sentMail, {}, pollWhileUnsettled);
  const mails = list.rows;
  const qc = useQueryClient();
  const resume = useMutation({
    mutationFn: (mail: SentMail) => resumeMail(mail.id),
    onSuccess: (mail) => {
      putMail(qc, mail);
      showPopup('success', 'Sending resumed');
    },
  });
  const columns: TableColumn<SentMail>[] = [
    { key: 'created_at', header: 'Date', value: (m) => m.created_at, render: (m) => formatDateTime(m.created_at, locale), priority: 2 },
    { key: 'subject', header: 'Subject', value: (m) => m.subject, priority: 1 },
    { key: 'created_by', header: 'Sent by', value: (m) => m.created_by, priority: 3, wide: true },
    { key: 'total', header: 'Recipients', value: (m) => m.total, render: (m) => formatNumber(m.total, locale), priority: 2 },
    { key: 'state', header: 'Progress', value: (m) => m.state, render: (m) => <MailProgress mail={m} />, priority: 2, sortable: false },
    {
      key: 'receipts',
      header: 'Receipts',
      value: () => '',
      render: (m) => <StatusCounts mail={m} />,
      priority: 2,
      wide: true,
      sortable: false,
    },
  ];
  return (
    <>
      <ResponsiveTable<SentMail>
        label="Sent mail"
        rows={mails}
        rowKey={(m) => m.id}
        columns={columns}
        highlight={props.highlight?.id}
        highlightSeq={props.highlight?.n}
        onOpen={props.onOpen}
        empty={<p className="hint">{list.isPending ? 'Reading the sent mail…' : 'No mail sent yet'}</p>}
        actions={(m) => (
          <>
            {m.state === 'stalled' ? (
              <Button
                label="Resume"
                icon="pi pi-play"
                size="small"
                outlined
                aria-label={`Resume sending ${m.subject}`}
                loading={resume.isPending && resume.variables?.id === m.id}
                onClick={() => resume.mutate(m)}
              />
            ) : null}
            <Button
              label="Receipts"
              icon="pi pi-list"
              size="small"
              text
              aria-label={`Receipts of ${m.subject}`}
              onClick={() => props.onOpen(m)}
            />
          </>
        )}
      />
      {list.isRefetchError || list.isFetchNextPageError ? (
        <p className="hint" role="status">
          The sent mail could not be read just now; try again in a moment.
        </p>
      ) : null}
      <LoadMore list={list} />
    </>
  );
}
