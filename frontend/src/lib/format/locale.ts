import { type CampusLocale, DEFAULT_LOCALE } from '@attain/shared-types';
import { useAtomValue } from 'jotai';
import { profileAtom } from '../../app/state';

// The pure formats live in shared-types, so the server's documents (the faculty CV) write values as the pages do.
export { formatDate, formatDateTime, formatNumber } from '@attain/shared-types';

/** The signed-in campus's locale (its organization's `locale`; `en-IN` until chosen or while signed out). */
export const useLocale = (): CampusLocale => useAtomValue(profileAtom)?.locale ?? DEFAULT_LOCALE;

/** PrimeReact Calendar's `dateFormat` for the locale: day first except in the United States. */
export const calendarDateFormat = (locale: CampusLocale): string => (locale === 'en-US' ? 'mm/dd/yy' : 'dd/mm/yy');
