import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { RECORD_ID, mailReceiptPk, suppressionPk } from '@attain/shared-types';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';

/** The parts of an SES event (as delivered through SNS) that the receipts record keeps. */
interface SesEvent {
  eventType?: string;
  notificationType?: string;
  mail?: { messageId?: string; destination?: string[]; tags?: Record<string, string[]> };
  bounce?: { bouncedRecipients?: { emailAddress: string }[]; bounceType?: string };
  complaint?: { complainedRecipients?: { emailAddress: string }[] };
  delivery?: { recipients?: string[] };
}

/** Recipients an SES event is about (falls back to every destination of the mail). */
function recipientsOf(e: SesEvent): string[] {
  return (
    e.bounce?.bouncedRecipients?.map((r) => r.emailAddress) ??
    e.complaint?.complainedRecipients?.map((r) => r.emailAddress) ??
    e.delivery?.recipients ??
    e.mail?.destination ??
    []
  );
}

/** The SES message tag that carries the campus a mail was sent for (set on every send). */
export const CAMPUS_TAG = 'tenant';

/**
 * Receipts Lambda: SES configuration-set events (send, delivery, bounce, complaint, reject, delay, open, click)
 * arrive through SNS; each becomes one receipt item per recipient under the campus and the mail's SES message id
 * (`PK = T#<campus>#mail#<messageId>`, `SK = RCPT#<recipient>#<time>#<event>`), which the mail screens read.
 * Bounced and complained addresses also go on that campus's suppression list (`PK = T#<campus>#suppression`,
 * `SK = <address>`). The campus comes from the mail's `tenant` tag; events without one, and malformed records, are
 * logged and skipped, never retried forever.
 */
export async function handler(event: { Records?: { Sns?: { Message?: string } }[] }): Promise<void> {
  const now = new Date().toISOString();
  for (const rec of event.Records ?? []) {
    let e: SesEvent;
    try {
      e = JSON.parse(rec.Sns?.Message ?? '');
    } catch {
      console.warn('mail-receipts: skipped a message that is not JSON');
      continue;
    }
    const type = (e.eventType ?? e.notificationType ?? 'Unknown').toLowerCase();
    const messageId = e.mail?.messageId;
    const campus = e.mail?.tags?.[CAMPUS_TAG]?.[0];
    if (!messageId || !campus || !RECORD_ID.test(campus)) {
      console.warn(`mail-receipts: skipped a ${type} event without a message id or campus tag`);
      continue;
    }
    for (const to of recipientsOf(e)) {
      const address = to.toLowerCase();
      await documentClient().send(
        new PutCommand({
          TableName: config().tableName,
          Item: {
            PK: mailReceiptPk(campus, messageId),
            SK: `RCPT#${address}#${now}#${type}`,
            entityType: 'mail-receipt',
            recipient: address,
            event: type,
            at: now,
          },
        }),
      );
      if (type === 'bounce' || type === 'complaint') {
        await documentClient().send(
          new PutCommand({
            TableName: config().tableName,
            Item: { PK: suppressionPk(campus), SK: address, entityType: 'suppressed-address', reason: type, at: now },
          }),
        );
      }
    }
  }
}
