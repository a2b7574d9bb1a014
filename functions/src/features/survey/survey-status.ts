import { type SurveyStatus, todayInIndia } from '@attain/shared-types';

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
