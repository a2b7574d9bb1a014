import { parse } from '@aws-lambda-powertools/parser';
import * as z from 'zod/mini';
import { type ReceiptOutcome, applyReceipt } from '../../features/mail/apply-receipt.js';
import { readSesEvent } from '../../features/mail/ses-event.js';
import { log, loggedHandler, setLogCampus } from '../../platform/lib/log.js';

/**
 * The parts of one SNS record the handler reads (a Standard Schema, `zod/mini`, validated by the Powertools parser):
 * the topic it came from and the message, SES's event as JSON (checked by `readSesEvent`).
 */
const SNS_RECORD = z.object({ Sns: z.object({ TopicArn: z.optional(z.string()), Message: z.string() }) });

/** An SNS delivery to Lambda: the parts the receipts handler reads. */
export interface SnsEvent {
  Records?: { Sns?: { Message?: string; TopicArn?: string } }[];
}

/** How many records of one delivery were recorded, repeated, or refused. */
export type ReceiptsSummary = Record<ReceiptOutcome, number>;

/**
 * Receipts Lambda (docs/design.md "Files and mail"): SES configuration-set events (Send, Delivery, Bounce, Complaint,
 * Reject, DeliveryDelay, Open, Click) arrive through SNS; each is checked against its schema (`readSesEvent`) and
 * recorded on the recipient it names (`applyReceipt`). Each record is read through the Powertools parser
 * (`SNS_RECORD`) and refusals are logged (`log`: JSON, the invocation's `request_id`, the receipt's `campus` when it
 * names one; never the address). Records from another topic than `MAIL_EVENTS_TOPIC_ARN` (when
 * set), malformed or forged ones are logged and skipped, never retried; a failure of the table is thrown so Lambda
 * retries the delivery (recording is idempotent).
 * @returns the count of each outcome (logged; the tests read it)
 */
export const handler = loggedHandler(async (event: SnsEvent): Promise<ReceiptsSummary> => {
  const summary: ReceiptsSummary = { applied: 0, duplicate: 0, refused: 0 };
  const topic = process.env.MAIL_EVENTS_TOPIC_ARN;
  for (const raw of event.Records ?? []) {
    setLogCampus(undefined);
    const rec = parse(raw, undefined, SNS_RECORD, true);
    const sns = rec.success ? rec.data.Sns : { TopicArn: raw.Sns?.TopicArn, Message: '' };
    if (topic && sns.TopicArn !== topic) {
      log.warn('mail-receipts: refused a record from another topic');
      summary.refused++;
      continue;
    }
    const receipt = readSesEvent(sns.Message);
    if (typeof receipt === 'string') {
      log.warn(`mail-receipts: refused ${receipt}`);
      summary.refused++;
      continue;
    }
    setLogCampus(receipt.campus);
    const outcome = await applyReceipt(receipt);
    if (outcome === 'refused') log.warn(`mail-receipts: refused a ${receipt.type} event that names no such recipient`);
    summary[outcome]++;
  }
  return summary;
});
