import type { SurveyHostView } from '@attain/shared-types';

/** How often a survey's hosting view is read again while invitations are being delivered, in ms. */
export const HOST_POLL_MS = 3000;

/** How long after an invitation or reminder its delivery is still awaited (SES's events come within minutes). */
export const DELIVERY_AWAITED_MS = 10 * 60_000;

/** Delivery statuses the mail worker is still working on. */
const WORKING = new Set(['queued', 'sending']);
/** Statuses SES may still change with an event. */
const AWAITING = new Set(['sent', 'delayed']);

/**
 * Whether nothing more is expected to change in the invitees' delivery (as `mailSettled` decides for a mail): no
 * invitation is queued or being sent, and none sent in the last `DELIVERY_AWAITED_MS` still awaits SES's word.
 */
export function deliverySettled(view: Pick<SurveyHostView, 'invitees'>, now = Date.now()): boolean {
  return !view.invitees.some((i) => {
    const status = i.mail_status ?? '';
    if (WORKING.has(status)) return true;
    return AWAITING.has(status) && now - Date.parse(i.reminded_at ?? i.invited_at) < DELIVERY_AWAITED_MS;
  });
}
