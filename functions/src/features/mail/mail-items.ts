import {
  type CampusScope,
  type MailRecipient,
  type MailState,
  RECIPIENT_STATUSES,
  type RecipientStatus,
  type SentMail,
  TABLE,
  mailRecipientSk,
  mailRecipientsPk,
  recordPk,
  sentMail,
} from '@attain/shared-types';

/**
 * How a mail and its recipients are stored (docs/decisions/0019-send-mail.md):
 * - the mail: `PK = T#<campus>#sent-mail`, `SK = <mail id>` (a UUIDv7, so a Query newest-first lists by time), with
 *   `counts` (recipients per status, kept by the same transactions that change a status), `cursor` (the next
 *   recipient the worker looks at) and the worker's lease;
 * - each recipient: `PK = T#<campus>#mail#<mail id>`, `SK = R#<index>`, with its status and history.
 */

/**
 * A stored mail item (without its keys): the API's `SentMail`, with the state as stored (`stalled` is derived when a
 * lease ran out, `mailState`), every status in `counts`, `processed` left to be derived, and the worker's bookkeeping.
 */
export interface MailItem extends Omit<SentMail, 'state' | 'counts' | 'processed'> {
  state: Exclude<MailState, 'stalled'>;
  counts: Record<RecipientStatus, number>;
  /** Index of the next recipient the worker looks at. */
  cursor: number;
  /** The sender address, read from the campus's configuration when the mail was queued. */
  from: string;
  /** Worker lease: who holds it and until when (ms since the epoch). */
  lease_owner?: string;
  lease_until?: number;
  /** Recipients the last pass left `sending` with no word from SES yet (see `mail-worker.ts`). */
  in_doubt?: number;
  /** The sender's user id: faculty list only their own mails. */
  created_by_sub: string;
}

/** A stored recipient item (without its keys): the API's `MailRecipient` plus the worker's claim and engagement times. */
export interface RecipientItem extends MailRecipient {
  index: number;
  /** Set while a worker hands it to SES: the worker's lease id and when (ms). */
  sending_by?: string;
  sending_at?: number;
  opened_at?: string;
  clicked_at?: string;
  /** The SES events already recorded (`<type>@<time>`), so a repeated delivery is recorded once. */
  seen?: Set<string>;
  /** This recipient's own link (a survey invitation's), put where the body has `PERSONAL_LINK`; never shown by the API. */
  link?: string;
}

/** The table key of a mail. */
export const mailKey = (campus: string, id: string) => ({ [TABLE.partitionKey]: recordPk(campus, sentMail.name), [TABLE.sortKey]: id });
/** The table key of one recipient of a mail. */
export const recipientKey = (campus: string, mailId: string, index: number) => ({
  [TABLE.partitionKey]: mailRecipientsPk(campus, mailId),
  [TABLE.sortKey]: mailRecipientSk(index),
});
/** The scope's campus partition of mails. */
export const mailsPk = (scope: CampusScope) => recordPk(scope.campus, sentMail.name);

/**
 * The status a recipient is counted under in its mail's `counts`: one being handed to SES (`sending`) still counts
 * as `queued`, so a worker's claim is a single conditional write, not a transaction on the mail.
 */
export const countedAs = (s: RecipientStatus): RecipientStatus => (s === 'sending' ? 'queued' : s);

/** Every status at 0: a new mail's `counts`, so the transactions can `ADD` to any of them. */
export const zeroCounts = (): Record<RecipientStatus, number> =>
  Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<RecipientStatus, number>;

/** How long a worker's lease lasts without renewal (ms); the worker renews it on every batch. */
export const LEASE_MS = 30_000;
/** A mail still `queued` this long after it was made has lost its queue message (ms): it reads as stalled. */
export const QUEUED_STALL_MS = 15 * 60_000;

/**
 * The state people see: `stalled` when a `sending` mail's worker lease ran out, or a `queued` one was never picked
 * up within `QUEUED_STALL_MS` (the worker died or its queue message was lost); it can then be resumed.
 */
export function mailState(m: Pick<MailItem, 'state' | 'lease_until' | 'created_at'>, now = Date.now()): MailState {
  if (m.state === 'sending' && (m.lease_until ?? 0) < now) return 'stalled';
  if (m.state === 'queued' && Date.parse(m.created_at) + QUEUED_STALL_MS < now) return 'stalled';
  return m.state;
}

/** A stored mail as the API shows it (worker bookkeeping left out, statuses at 0 omitted). */
export function toSentMail(m: MailItem, now = Date.now()): SentMail {
  const { cursor: _c, from: _f, lease_owner: _o, lease_until: _u, in_doubt: _d, created_by_sub: _s, ...shown } = m;
  const counts: SentMail['counts'] = {};
  for (const s of RECIPIENT_STATUSES) if (m.counts?.[s]) counts[s] = m.counts[s];
  return {
    ...shown,
    // An anonymous survey's mail shows counts, never who it went to.
    ...(m.recipients_hidden ? { to: [], cc: [] } : {}),
    attachments: m.attachments ?? [],
    state: mailState(m, now),
    counts,
    opened: m.opened ?? 0,
    clicked: m.clicked ?? 0,
    // Handed to SES or settled without it: everyone no longer waiting for the worker (`sending` counts as queued).
    processed: m.total - (m.counts?.queued ?? 0),
    purpose: m.purpose ?? 'mail',
  };
}

/** A stored recipient as the API shows it. */
export function toRecipient(r: RecipientItem): MailRecipient {
  const { index: _i, sending_by: _b, sending_at: _a, opened_at: _o, clicked_at: _c, seen: _s, link: _l, ...shown } = r;
  return { ...shown, history: r.history ?? [] };
}

/** Removes the table's key attributes from an item. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { PK: _pk, SK: _sk, entityType: _e, ...rest } = item;
  return rest as T;
}
