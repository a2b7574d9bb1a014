import * as z from 'zod/mini';
import { RECORD_ID, type RecipientStatus, SES_EVENT_TYPES, type SesEventType } from '@attain/shared-types';

/**
 * SES configuration-set events as SNS delivers them (the Message is JSON). The shapes are SES's "event publishing"
 * records (https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html): `eventType`,
 * `mail` (with the tags the sender set) and one object named after the type. Only the fields Attain reads are
 * checked; others pass.
 */
const address = z.string().check(z.maxLength(320));
const time = z.string().check(z.refine((v) => !Number.isNaN(Date.parse(v)), 'Not a time'));
const recipients = z.array(z.object({ emailAddress: address }));

const mailPart = z.object({
  timestamp: time,
  messageId: z.string().check(z.minLength(1), z.maxLength(200)),
  destination: z.array(address).check(z.minLength(1)),
  tags: z.record(z.string(), z.array(z.string())),
});

const sesEventSchema = z.object({
  eventType: z.enum(SES_EVENT_TYPES),
  mail: mailPart,
  send: z.optional(z.object({})),
  delivery: z.optional(z.object({ timestamp: time, recipients: z.array(address), smtpResponse: z.optional(z.string()) })),
  bounce: z.optional(
    z.object({
      bounceType: z.enum(['Permanent', 'Transient', 'Undetermined']),
      bounceSubType: z.string(),
      bouncedRecipients: recipients,
      timestamp: time,
    }),
  ),
  complaint: z.optional(z.object({ complainedRecipients: recipients, timestamp: time, complaintFeedbackType: z.optional(z.string()) })),
  reject: z.optional(z.object({ reason: z.string() })),
  deliveryDelay: z.optional(z.object({ timestamp: time, delayType: z.string(), delayedRecipients: z.optional(recipients) })),
  open: z.optional(z.object({ timestamp: time })),
  click: z.optional(z.object({ timestamp: time, link: z.optional(z.string()) })),
});
export type SesEvent = z.infer<typeof sesEventSchema>;

/** The SES message tags every mail carries, naming the campus, the mail and the recipient's number in it. */
export const MAIL_TAGS = { campus: 'tenant', mail: 'mail', recipient: 'recipient' } as const;

/** What one SES event means for one recipient of one of our mails. */
export interface Receipt {
  campus: string;
  mailId: string;
  index: number;
  /** The recipient's address, lower case, as SES names it. */
  address: string;
  messageId: string;
  type: SesEventType;
  /** When SES says it happened (ISO). */
  at: string;
  /** The status it moves the recipient to; none for Open and Click. */
  status?: RecipientStatus;
  /** SES's words ("Permanent bounce: General (smtp; 550 5.1.1 user unknown)"). */
  detail?: string;
  /** The address goes on the campus's suppression list (hard bounce, complaint). */
  suppress?: 'bounce' | 'complaint';
}

/** The first value of a tag, if it is the shape `pattern` wants. */
const tag = (e: SesEvent, name: string, pattern: RegExp) => {
  const v = e.mail.tags[name]?.[0];
  return v !== undefined && pattern.test(v) ? v : undefined;
};

/**
 * Reads one SNS message as an SES event about one of our mails.
 * @returns the receipt, or a sentence saying why it is refused (not JSON, not an SES event, a type Attain does not
 *   record, no campus/mail/recipient tags, or more than one destination: Attain sends one message per recipient)
 */
export function readSesEvent(message: string): Receipt | string {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return 'not JSON';
  }
  const parsed = sesEventSchema.safeParse(json);
  if (!parsed.success) return `not an SES event: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`;
  const e = parsed.data;
  const campus = tag(e, MAIL_TAGS.campus, RECORD_ID);
  const mailId = tag(e, MAIL_TAGS.mail, RECORD_ID);
  const index = tag(e, MAIL_TAGS.recipient, /^\d{1,6}$/);
  if (!campus || !mailId || index === undefined) return `a ${e.eventType} event without Attain's campus, mail and recipient tags`;
  if (e.mail.destination.length !== 1) return `a ${e.eventType} event of a message with ${e.mail.destination.length} recipients`;
  const base = {
    campus,
    mailId,
    index: Number(index),
    address: e.mail.destination[0].trim().toLowerCase(),
    messageId: e.mail.messageId,
    type: e.eventType,
    at: e.mail.timestamp,
  };
  switch (e.eventType) {
    case 'Send':
      return { ...base, status: 'sent' };
    case 'Delivery':
      return e.delivery
        ? { ...base, at: e.delivery.timestamp, status: 'delivered', detail: e.delivery.smtpResponse }
        : 'a Delivery event without delivery';
    case 'Bounce': {
      const b = e.bounce;
      if (!b) return 'a Bounce event without bounce';
      const suppressedBySes = b.bounceSubType === 'OnAccountSuppressionList' || b.bounceSubType === 'OnSuppressionList';
      return {
        ...base,
        at: b.timestamp,
        status: suppressedBySes ? 'suppressed' : 'bounced',
        detail: `${b.bounceType} bounce: ${b.bounceSubType}`,
        ...(b.bounceType === 'Permanent' ? { suppress: 'bounce' as const } : {}),
      };
    }
    case 'Complaint':
      return e.complaint
        ? {
            ...base,
            at: e.complaint.timestamp,
            status: 'complained',
            detail: `Complaint${e.complaint.complaintFeedbackType ? `: ${e.complaint.complaintFeedbackType}` : ''}`,
            suppress: 'complaint',
          }
        : 'a Complaint event without complaint';
    case 'Reject':
      return { ...base, status: 'rejected', detail: e.reject?.reason };
    case 'DeliveryDelay':
      return e.deliveryDelay
        ? { ...base, at: e.deliveryDelay.timestamp, status: 'delayed', detail: e.deliveryDelay.delayType }
        : 'a DeliveryDelay event without deliveryDelay';
    case 'Open':
      return e.open ? { ...base, at: e.open.timestamp } : 'an Open event without open';
    case 'Click':
      return e.click ? { ...base, at: e.click.timestamp, detail: e.click.link } : 'a Click event without click';
  }
}
