import { type SurveyStatus, todayInIndia } from '@attain/shared-types';

// Surveys open and close by the college's calendar day in India, not UTC's (the function lives in shared-types, where
// the current academic year is counted from the same day).
export { todayInIndia };

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
