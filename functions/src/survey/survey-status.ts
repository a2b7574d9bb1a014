import type { SurveyStatus } from '@attain/shared-types';

/** Today's date in India (`YYYY-MM-DD`): surveys open and close by the college's calendar day, not UTC's. */
export const todayInIndia = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/**
 * Where a survey stands on `now`'s day in India: `Scheduled` before `start_date`, `Open` from it through `end_date`
 * (both days included), `Closed` after.
 */
export function surveyStatus(s: { start_date: string; end_date: string }, now = new Date()): SurveyStatus {
  const today = todayInIndia(now);
  if (today < s.start_date) return 'Scheduled';
  if (today > s.end_date) return 'Closed';
  return 'Open';
}
