import {
  type CampusScope,
  type MailRecipient,
  type MailState,
  RECIPIENT_STATUSES,
  type RecipientEvent,
  type RecipientStatus,
  type SentMail,
  type StoredFile,
  TABLE,
  mailRecipientSk,
  mailRecipientsPk,
  recordPk,
  sentMail,
} from '@attain/shared-types';

/**
 * How a mail and its recipients are stored (decisions.md "Send Mail"):
 * - the mail: `PK = T#<campus>#sent-mail`, `SK = <mail id>` (a UUIDv7, so a Query newest-first lists by time), with
 *   `counts` (recipients per status, kept by the same transactions that change a status), `cursor` (the next
 *   recipient the worker looks at) and the worker's lease;
 * - each recipient: `PK = T#<campus>#mail#<mail id>`, `SK = R#<index>`, with its status and history.
 */

/** A stored mail item (without its keys): the API's `SentMail` minus what is derived at read time, plus the worker's state. */
export interface MailItem {
  id: string;
  to: string[];
  cc: string[];
  subject: string;
  email_body: string;
  signature?: string;
  role?: SentMail['role'];
  department?: string;
  attachments: StoredFile[];
  /** Stored state; `stalled` is derived when a lease ran out (`mailState`). */
  state: Exclude<MailState, 'stalled'>;
  total: number;
  counts: Record<RecipientStatus, number>;
  opened: number;
  clicked: number;
  /** Index of the next recipient the worker looks at. */
  cursor: number;
  /** The sender address, read from the campus's configuration when the mail was queued. */
  from: string;
  error?: string;
  send_rate?: number;
  purpose?: SentMail['purpose'];
  /** Worker lease: who holds it and until when (ms since the epoch). */
  lease_owner?: string;
  lease_until?: number;
  /** Recipients the last pass left `sending` with no word from SES yet (see `mail-worker.ts`). */
  in_doubt?: number;
  created_by: string;
  /** The sender's user id: faculty list only their own mails. */
  created_by_sub: string;
  created_at: string;
  updated_at: string;
}

/** A stored recipient item (without its keys). */
export interface RecipientItem {
  index: number;
  address: string;
  kind: 'to' | 'cc';
  status: RecipientStatus;
  status_at: string;
  message_id?: string;
  note?: string;
  history: RecipientEvent[];
  /** Set while a worker hands it to SES: the worker's lease id and when (ms). */
  sending_by?: string;
  sending_at?: number;
  opened_at?: string;
  clicked_at?: string;
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

/** A stored mail as the API shows it (worker bookkeeping left out). */
export function toSentMail(m: MailItem, now = Date.now()): SentMail {
  const counts: SentMail['counts'] = {};
  for (const s of RECIPIENT_STATUSES) if (m.counts?.[s]) counts[s] = m.counts[s];
  return {
    id: m.id,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    email_body: m.email_body,
    ...(m.signature ? { signature: m.signature } : {}),
    ...(m.role ? { role: m.role } : {}),
    ...(m.department ? { department: m.department } : {}),
    attachments: m.attachments ?? [],
    state: mailState(m, now),
    total: m.total,
    counts,
    opened: m.opened ?? 0,
    clicked: m.clicked ?? 0,
    // Handed to SES or settled without it: everyone no longer waiting for the worker (`sending` counts as queued).
    processed: m.total - (m.counts?.queued ?? 0),
    ...(m.error ? { error: m.error } : {}),
    ...(m.send_rate ? { send_rate: m.send_rate } : {}),
    purpose: m.purpose ?? 'mail',
    created_by: m.created_by,
    created_at: m.created_at,
    updated_at: m.updated_at,
  };
}

/** A stored recipient as the API shows it. */
export const toRecipient = (r: RecipientItem): MailRecipient => ({
  address: r.address,
  kind: r.kind,
  status: r.status,
  status_at: r.status_at,
  ...(r.message_id ? { message_id: r.message_id } : {}),
  ...(r.note ? { note: r.note } : {}),
  history: r.history ?? [],
});

/** Removes the table's key attributes from an item. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { PK: _pk, SK: _sk, entityType: _e, ...rest } = item;
  return rest as T;
}
