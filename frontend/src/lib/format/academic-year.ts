import { currentAcademicYear, todayInIndia } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { profileAtom } from '../../app/state';

/**
 * The signed-in campus's current academic year (NBA's CAY, e.g. `2026-27`): `currentAcademicYear` with the
 * organization's start month from the profile (June until chosen or while it loads) and today's date in India.
 */
export function useCurrentAcademicYear(now: Date = new Date()): string {
  const startMonth = useAtomValue(profileAtom)?.academic_year_start_month;
  return currentAcademicYear(startMonth, todayInIndia(now));
}
