import { PutCommand } from '@aws-sdk/lib-dynamodb';
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

/**
 * Receipts Lambda: SES configuration-set events (send, delivery, bounce, complaint, reject, delay) arrive through
 * SNS; each becomes one receipt item per recipient under the mail's SES message id
 * (`PK = MAIL#<messageId>`, `SK = RCPT#<recipient>#<time>#<event>`), which the mail screens read. Bounced and
 * complained addresses are also written to the suppression list (`PK = SUPPRESS`, `SK = <address>`).
 * Malformed records are logged and skipped, never retried forever.
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
    if (!messageId) continue;
    const tenant = e.mail?.tags?.tenant?.[0];
    for (const to of recipientsOf(e)) {
      const address = to.toLowerCase();
      await documentClient().send(
        new PutCommand({
          TableName: config().tableName,
          Item: { PK: `MAIL#${messageId}`, SK: `RCPT#${address}#${now}#${type}`, entityType: 'mail-receipt', recipient: address, event: type, at: now, tenant },
        }),
      );
      if (type === 'bounce' || type === 'complaint') {
        await documentClient().send(
          new PutCommand({ TableName: config().tableName, Item: { PK: 'SUPPRESS', SK: address, entityType: 'suppressed-address', reason: type, at: now } }),
        );
      }
    }
  }
}
