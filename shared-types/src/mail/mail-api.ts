import type { StoredFile } from '../files/stored-file.js';
import type { MailRole } from './sent-mail.js';
import type { MailState, RecipientStatus, SuppressionReason } from './mail-status.js';

/**
 * A sent mail as `GET /api/send-mail` lists it (newest first; admins see the campus's, faculty their own) and
 * `POST /api/send-mail` answers (201 `{ message, data, skipped }`). `counts` holds the recipients per status (absent
 * = 0; one being handed to SES counts as `queued`); `total` = every `to` and `cc` address, each once; `opened` /
 * `clicked` count recipients with an Open / Click
 * event (SES tracks them only where the configuration set enables it).
 */
export interface SentMail {
  id: string;
  to: string[];
  cc: string[];
  subject: string;
  /** Sanitised rich text, as sent. */
  email_body: string;
  signature?: string;
  role?: MailRole;
  /** Department record id. */
  department?: string;
  attachments: StoredFile[];
  state: MailState;
  total: number;
  counts: Partial<Record<RecipientStatus, number>>;
  opened: number;
  clicked: number;
  /** Recipients handed to SES so far (progress of a queued send). */
  processed: number;
  /** Why the worker stopped, for `failed`. */
  error?: string;
  /** Messages per second the worker sends at (SES's `MaxSendRate` for the account). */
  send_rate?: number;
  /**
   * What the mail is for when the product sent it (`invitation` for a new user's, `password-reset` for a link
   * "Forgot password?" asked for, `survey` for survey invitations and reminders).
   */
  purpose?: 'mail' | 'invitation' | 'password-reset' | 'survey';
  /**
   * The recipients are not shown (`to`, `cc` and the receipts' addresses left out; counts kept): an anonymous survey's
   * invitations and reminders, whose recipient list would tell who has not answered.
   */
  recipients_hidden?: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One event in a recipient's history: a status change (`queued`, `skipped`...) or an SES event, with its time. */
export interface RecipientEvent {
  /** `queued`, `skipped`, `failed` (ours) or an SES event type in lower case (`delivery`, `bounce`, `open`...). */
  event: string;
  /** ISO time: SES's own timestamp for SES events. */
  at: string;
  /** What the event says beyond its type ("Permanent bounce: General", "Auto-reply", the clicked link). */
  detail?: string;
}

/** One recipient of a mail with its status and history (`GET /api/send-mail/{id}`). */
export interface MailRecipient {
  address: string;
  kind: 'to' | 'cc';
  status: RecipientStatus;
  /** When the status was last changed (ISO). */
  status_at: string;
  /** SES's message id, once SES accepted the message. */
  message_id?: string;
  /** A line for people: why it was skipped or failed, an auto-reply. */
  note?: string;
  history: RecipientEvent[];
}

/** `GET /api/send-mail/{id}`: the mail and every recipient, in the order given. */
export interface SentMailDetail extends SentMail {
  recipients: MailRecipient[];
}

/** An address the mail of this campus skips (`GET /api/mail-suppression`); an admin may remove it. */
export interface SuppressedAddress {
  address: string;
  reason: SuppressionReason;
  /** When it was added (ISO). */
  at: string;
  /** SES's words for it ("Permanent bounce: General", "Complaint: abuse"). */
  detail?: string;
  /** The mail whose event put it there. */
  mail?: string;
}

/** `POST /api/send-mail` answer: the queued mail and the addresses not sent to, with why. */
export interface SendMailResponse {
  message: string;
  data: SentMail;
  skipped: { address: string; reason: string }[];
}

/** Path of the campus's suppression list: `GET` lists it, `DELETE /{address}` removes one (campus admins only). */
export const MAIL_SUPPRESSION_PATH = '/api/mail-suppression';
