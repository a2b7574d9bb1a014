import { MAIL_STATE_LABELS, RECIPIENT_STATUSES, type SentMail } from '@attain/shared-types';
import { ProgressBar } from 'primereact/progressbar';
import { StatusTag } from '../../lib/format/delivery-status-tag';
import { formatNumber, useLocale } from '../../lib/format/locale';

/** A mail's receipts: how many recipients are at each status (in the order a message goes), and opens and clicks. */
export function StatusCounts({ mail }: { mail: Pick<SentMail, 'counts' | 'opened' | 'clicked'> }) {
  const locale = useLocale();
  const shown = RECIPIENT_STATUSES.filter((s) => (mail.counts[s] ?? 0) > 0);
  return (
    <span className="status-counts">
      {shown.map((s) => (
        <StatusTag key={s} status={s} count={mail.counts[s]} />
      ))}
      {mail.opened ? <span className="hint">{`Opened ${formatNumber(mail.opened, locale)}`}</span> : null}
      {mail.clicked ? <span className="hint">{`Clicked ${formatNumber(mail.clicked, locale)}`}</span> : null}
    </span>
  );
}

/** Words for a mail's progress: "840 of 2,000 sent". */
export const progressText = (mail: Pick<SentMail, 'processed' | 'total'>, locale: Parameters<typeof formatNumber>[1]): string =>
  `${formatNumber(mail.processed, locale)} of ${formatNumber(mail.total, locale)} sent`;

/**
 * Where a mail stands: while it is queued or being sent, a bar of the recipients handed to SES so far ("840 of
 * 2,000 sent"); after, its state in words (and why, when it failed).
 */
export function MailProgress({ mail }: { mail: Pick<SentMail, 'state' | 'processed' | 'total' | 'error'> }) {
  const locale = useLocale();
  if (mail.state !== 'queued' && mail.state !== 'sending')
    return (
      <span className={`mail-state mail-state-${mail.state}`}>
        {MAIL_STATE_LABELS[mail.state] ?? mail.state}
        {mail.state === 'failed' && mail.error ? `: ${mail.error}` : ''}
      </span>
    );
  const text = progressText(mail, locale);
  return (
    <span className="mail-progress">
      <ProgressBar value={mail.total ? Math.round((mail.processed / mail.total) * 100) : 0} showValue={false} aria-label={text} />
      <small>
        {MAIL_STATE_LABELS[mail.state]}: {text}
      </small>
    </span>
  );
}
