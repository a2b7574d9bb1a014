import { organizationCurrentYear, todayInIndia } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { profileAtom } from '../../app/state';

/**
 * The signed-in campus's current academic year (NBA's CAY, e.g. `2025-26`): the one its administrators set, from the
 * profile; until set, the year today in India falls in by the organization's start month (`organizationCurrentYear`).
 */
export function useCurrentAcademicYear(now: Date = new Date()): string {
  const profile = useAtomValue(profileAtom);
  return organizationCurrentYear(profile ?? undefined, todayInIndia(now));
}
