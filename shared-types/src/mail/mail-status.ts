/**
 * Delivery receipts (docs/design.md "Files and mail"): what happened to each recipient's message, from the
 * moment it is queued to SES's last event about it.
 */

/**
 * The SES event types a configuration set publishes, as they appear in an event's `eventType`
 * (https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html).
 */
export const SES_EVENT_TYPES = ['Send', 'Delivery', 'Bounce', 'Complaint', 'Reject', 'DeliveryDelay', 'Open', 'Click'] as const;
export type SesEventType = (typeof SES_EVENT_TYPES)[number];

/**
 * A recipient's status. `queued` -> `sending` (handed to SES by the worker) -> `sent` (SES accepted it) -> `delayed`
 * / `delivered` -> `complained`; or `bounced`, `rejected` (SES refused it, e.g. a virus), `suppressed` (SES's account
 * suppression list refused it), `skipped` (on the campus's suppression list: never sent), `failed` (SES refused the
 * request itself, e.g. a malformed address).
 */
export const RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delayed',
  'delivered',
  'bounced',
  'rejected',
  'suppressed',
  'complained',
  'skipped',
  'failed',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** What people see for a status. */
export const RECIPIENT_STATUS_LABELS: Readonly<Record<RecipientStatus, string>> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delayed: 'Delayed',
  delivered: 'Delivered',
  bounced: 'Bounced',
  rejected: 'Rejected',
  suppressed: 'Suppressed by SES',
  complained: 'Complained',
  skipped: 'Skipped (suppression list)',
  failed: 'Failed',
};

/**
 * How far along a status is. Events can arrive out of order (SNS does not keep order), so a recipient's status only
 * moves to a higher rank: a Delivery after a Complaint leaves `complained`, a late DeliveryDelay leaves `delivered`.
 * `skipped` and `failed` are final at once.
 */
export const STATUS_RANK: Readonly<Record<RecipientStatus, number>> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delayed: 3,
  delivered: 4,
  bounced: 5,
  rejected: 5,
  suppressed: 5,
  complained: 6,
  skipped: 7,
  failed: 7,
};

/** Statuses after which nothing more is expected for a recipient (a complaint may still follow a delivery). */
export const FINAL_STATUSES: ReadonlySet<RecipientStatus> = new Set([
  'delivered',
  'bounced',
  'rejected',
  'suppressed',
  'complained',
  'skipped',
  'failed',
]);

/** The state of a whole mail: being queued and sent by the worker, every recipient handed to SES, or stopped. */
export type MailState = 'queued' | 'sending' | 'sent' | 'stalled' | 'failed';

/** What people see for a mail's state. */
export const MAIL_STATE_LABELS: Readonly<Record<MailState, string>> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  stalled: 'Stopped: resume it',
  failed: 'Failed',
};

/** Why an address is on a campus's suppression list. */
export type SuppressionReason = 'bounce' | 'complaint';
