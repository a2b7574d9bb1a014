import { RECIPIENT_STATUS_LABELS, type RecipientStatus } from '@attain/shared-types';
import { Tag } from 'primereact/tag';
import { formatNumber, useLocale } from './locale';

/** How a status looks: delivered green; refused, bounced or complained red; skipped grey; the rest neutral. */
const LOOK: Readonly<Record<RecipientStatus, 'good' | 'bad' | 'neutral' | 'skipped'>> = {
  queued: 'neutral',
  sending: 'neutral',
  sent: 'neutral',
  delayed: 'neutral',
  delivered: 'good',
  bounced: 'bad',
  rejected: 'bad',
  suppressed: 'bad',
  complained: 'bad',
  skipped: 'skipped',
  failed: 'bad',
};
const SEVERITY = { good: 'success', bad: 'danger', skipped: 'secondary', neutral: null } as const;

/**
 * A mail recipient's delivery status (Send Mail's receipts, a survey's invitees) as a coloured tag with its words
 * (and a count: "Delivered 2"); never the colour alone.
 */
export function StatusTag({ status, count }: { status: RecipientStatus; count?: number }) {
  const locale = useLocale();
  const look = LOOK[status] ?? 'neutral';
  const words = RECIPIENT_STATUS_LABELS[status] ?? status;
  return (
    <Tag
      severity={SEVERITY[look]}
      className={`status-tag status-${look}`}
      value={count === undefined ? words : `${words} ${formatNumber(count, locale)}`}
    />
  );
}
