import { type RecipientStatus, type SentMail } from '@attain/shared-types';

/** How often mail that is still being sent or delivered is read again, in ms. */
export const MAIL_POLL_MS = 2000;

/** How long after sending a mail's receipts are still awaited (SES's events come within seconds to minutes). */
export const RECEIPTS_AWAITED_MS = 10 * 60_000;

/** Recipient statuses that SES may still change with an event. */
const PENDING: readonly RecipientStatus[] = ['queued', 'sending', 'sent', 'delayed'];

/**
 * Whether nothing more is expected to change on screen for `mail`: the worker is done with it (not `queued` or
 * `sending`), and it is older than `RECEIPTS_AWAITED_MS` or none of its recipients awaits SES's word.
 */
export function mailSettled(mail: Pick<SentMail, 'state' | 'counts' | 'created_at'>, now = Date.now()): boolean {
  if (mail.state === 'queued' || mail.state === 'sending') return false;
  const recent = now - Date.parse(mail.created_at) < RECEIPTS_AWAITED_MS;
  return !(recent && PENDING.some((s) => (mail.counts[s] ?? 0) > 0));
}

/** The poll interval for mails on screen: `MAIL_POLL_MS` while any of them is not settled, else none. */
export const pollWhileUnsettled = (mails: readonly Pick<SentMail, 'state' | 'counts' | 'created_at'>[]): number | false =>
  mails.some((m) => !mailSettled(m)) ? MAIL_POLL_MS : false;
