import { type CampusLocale, PERSONAL_LINK, type SurveyHostView, formatDate } from '@attain/shared-types';

type HostedSurvey = Pick<SurveyHostView['survey'], 'name' | 'end_date'>;

/** The invitation's subject as first offered: `Your feedback: <survey name>`. */
export const invitationSubject = (s: HostedSurvey): string => `Your feedback: ${s.name}`;

/**
 * The invitation's message as first offered: a polite request with the closing date and `PERSONAL_LINK` on a line of
 * its own, where each person's own link goes.
 */
export function invitationMessage(s: HostedSurvey, locale: CampusLocale): string {
  return [
    'Dear participant,',
    `We would value your views in our survey "${s.name}". It takes only a few minutes, and your answers help us improve our teaching and programs.`,
    `Please answer it through your own link below by ${formatDate(s.end_date, locale)}. The link is for you alone and can be used once.`,
    PERSONAL_LINK,
    'Thank you for your time.',
  ].join('\n\n');
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The message typed as plain text, as the mail's HTML: a paragraph per blank-line-separated block, a line break per
 * single newline, the text escaped (the server sanitises it again). `PERSONAL_LINK` passes through unchanged.
 */
export function messageHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p>${escapeHtml(block.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
