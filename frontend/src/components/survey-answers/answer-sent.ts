import type { PublicSurveyRefusal } from '@attain/shared-types';

/** Why a survey takes no answer from this person now: the server's reason, its sentence, and when a survey opens. */
export interface Refusal {
  reason: PublicSurveyRefusal;
  detail: string;
  opensOn?: string;
}

/** What sending the answers gave: thanks, answers the server refused (per question), a refusal, or no answer. */
export type AnswerSent =
  | { kind: 'thanks'; endText?: string; message?: string }
  | { kind: 'invalid'; detail: string; fields: Record<string, string> }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'unreachable' };

/** The reason a refusal's status means, when the body does not say (a proxy's own 429, a bare 404). */
const BY_STATUS: Readonly<Record<number, PublicSurveyRefusal>> = { 404: 'invalid', 409: 'used', 410: 'expired', 429: 'busy' };

/**
 * What a failed answer means to the form: a 400 is answers refused per question; a refusal carries its reason (the
 * body's `errors.reason` when it gives one, else the status's: 404 invalid, 409 used, 410 expired, 429 busy); status 0
 * (no answer) or another is "unreachable", the answers kept.
 */
export function failedAnswer(
  status: number,
  errors: { detail?: string; fields?: Record<string, string>; reason?: PublicSurveyRefusal; opensOn?: string },
): AnswerSent {
  if (status === 400) return { kind: 'invalid', detail: errors.detail ?? 'Some answers could not be taken', fields: errors.fields ?? {} };
  const reason = errors.reason ?? BY_STATUS[status];
  return reason
    ? { kind: 'refused', refusal: { reason, detail: errors.detail ?? '', ...(errors.opensOn ? { opensOn: errors.opensOn } : {}) } }
    : { kind: 'unreachable' };
}
