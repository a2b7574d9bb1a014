import { addToMail, appendReceiptEvent, getRecipient, raiseRecipient } from './recipient-store.js';
import type { Receipt } from './ses-event.js';
import { suppressAddress } from './suppression-store.js';

/** What became of one receipt: recorded, a repeat of one already recorded (SNS delivers at least once), or refused. */
export type ReceiptOutcome = 'applied' | 'duplicate' | 'refused';

/**
 * Records one SES event on the recipient it is about: appends it to the recipient's history, raises the status
 * (`raiseRecipient`: never backwards), counts the first Open / Click, and puts hard-bounced and complaining
 * addresses on the campus's suppression list.
 *
 * The recipient must exist under the tagged campus and mail, with the same address and, once known, the same SES
 * message id; anything else (a forged event, one naming another campus, an old mail's id) is refused without a
 * write. The same event twice (same type and time) is recorded once.
 */
export async function applyReceipt(r: Receipt): Promise<ReceiptOutcome> {
  const seenKey = `${r.type}@${r.at}`;
  const old = await appendReceiptEvent(r, seenKey);
  if (!old) {
    const now = await getRecipient(r.campus, r.mailId, r.index);
    const same = now && now.address === r.address && (!now.message_id || now.message_id === r.messageId);
    return same && now.seen?.has(seenKey) ? 'duplicate' : 'refused';
  }
  if (r.status) await raiseRecipient(r.campus, r.mailId, r.index, r.status, old.status);
  if (r.type === 'Open' && !old.opened_at) await addToMail(r.campus, r.mailId, 'opened', 1);
  if (r.type === 'Click' && !old.clicked_at) await addToMail(r.campus, r.mailId, 'clicked', 1);
  if (r.suppress) await suppressAddress(r.campus, r.address, r.suppress, r.at, r.detail, r.mailId);
  return 'applied';
}
