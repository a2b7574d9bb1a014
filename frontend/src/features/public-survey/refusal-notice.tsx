import { DEFAULT_LOCALE, formatDate } from '@attain/shared-types';
import type { Refusal } from './api';

/** The heading and sentence a refusal shows, by its reason. */
export function refusalWords(r: Refusal): { title: string; text: string } {
  switch (r.reason) {
    case 'used':
      return { title: 'You have answered this survey', text: 'Your answers were recorded earlier. Thank you for taking part.' };
    case 'expired':
      return {
        title: 'This link has expired',
        text: 'Survey links work for a limited time. If the survey is still open, ask the college for a new invitation.',
      };
    case 'closed':
      return r.opensOn
        ? {
            title: 'This survey is not open yet',
            text: `It opens on ${formatDate(r.opensOn, DEFAULT_LOCALE)}. Please open this link again then.`,
          }
        : { title: 'This survey is closed', text: 'It no longer takes answers. Thank you for your interest.' };
    case 'audience':
      // The server's sentence names whom the survey asks ("This survey asks students only.").
      return {
        title: 'This survey is for another group',
        text: r.detail || 'It asks another group of people. Thank you for your interest.',
      };
    case 'busy':
      return { title: 'Many people are answering just now', text: 'Please try again in a moment.' };
    default:
      return {
        title: 'This link does not open a survey',
        text: 'Check that you opened the whole link from your invitation mail. If it still does not work, ask the college for a new invitation.',
      };
  }
}

/** A refused link's page: a clear heading and sentence for its reason (never a form), and Try again when busy. */
export function RefusalNotice({ refusal, onRetry }: { refusal: Refusal; onRetry: () => void }) {
  const { title, text } = refusalWords(refusal);
  return (
    <section className={`public-refusal refusal-${refusal.reason}`} aria-labelledby="refusal-title">
      <h1 id="refusal-title">{title}</h1>
      <p>{text}</p>
      {refusal.reason === 'busy' ? (
        <button type="button" className="p-button p-component public-button" onClick={onRetry}>
          <span className="p-button-label">Try again</span>
        </button>
      ) : null}
    </section>
  );
}
