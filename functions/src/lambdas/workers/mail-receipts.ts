import { type ReceiptOutcome, applyReceipt } from '../../features/mail/apply-receipt.js';
import { readSesEvent } from '../../features/mail/ses-event.js';

/** An SNS delivery to Lambda: the parts the receipts handler reads. */
export interface SnsEvent {
  Records?: { Sns?: { Message?: string; TopicArn?: string } }[];
}

/** How many records of one delivery were recorded, repeated, or refused. */
export type ReceiptsSummary = Record<ReceiptOutcome, number>;

/**
 * Receipts Lambda (DESIGN.md "Files and mail"): SES configuration-set events (Send, Delivery, Bounce, Complaint,
 * Reject, DeliveryDelay, Open, Click) arrive through SNS; each is checked against its schema (`readSesEvent`) and
 * recorded on the recipient it names (`applyReceipt`). Records from another topic than `MAIL_EVENTS_TOPIC_ARN` (when
 * set), malformed or forged ones are logged and skipped, never retried; a failure of the table is thrown so Lambda
 * retries the delivery (recording is idempotent).
 * @returns the count of each outcome (logged; the tests read it)
 */
export async function handler(event: SnsEvent): Promise<ReceiptsSummary> {
  const summary: ReceiptsSummary = { applied: 0, duplicate: 0, refused: 0 };
  const topic = process.env.MAIL_EVENTS_TOPIC_ARN;
  for (const rec of event.Records ?? []) {
    if (topic && rec.Sns?.TopicArn !== topic) {
      console.warn('mail-receipts: refused a record from another topic');
      summary.refused++;
      continue;
    }
    const receipt = readSesEvent(rec.Sns?.Message ?? '');
    if (typeof receipt === 'string') {
      console.warn(`mail-receipts: refused ${receipt}`);
      summary.refused++;
      continue;
    }
    const outcome = await applyReceipt(receipt);
    if (outcome === 'refused') console.warn(`mail-receipts: refused a ${receipt.type} event that names no such recipient`);
    summary[outcome]++;
  }
  return summary;
}
