import { type CampusScope, type YearChoice, chosenYear, currentAcademicYear, defaultResultsYear, todayInIndia } from '@attain/shared-types';
import { campusYearStart } from '../../platform/store/campus-registry.js';

/**
 * The campus's current academic year (NBA's CAY) today in India, from its organization's `academic_year_start_month`
 * (June until set): `currentAcademicYear` with the month `campusYearStart` gives (no DynamoDB call for a campus whose
 * registration the request's scope has read).
 * @param today ISO `yyyy-mm-dd` (default today in India)
 */
export async function campusCurrentYear(scope: CampusScope, today: string = todayInIndia()): Promise<string> {
  return currentAcademicYear(await campusYearStart(scope), today);
}

/**
 * The current academic year of several campuses read together (a group): the newest of their CAYs, so no campus's
 * running year is left out (campuses may start their years in different months). One GetItem per campus.
 */
export async function campusesCurrentYear(scopes: readonly CampusScope[], today: string = todayInIndia()): Promise<string> {
  const years = await Promise.all(scopes.map((s) => campusCurrentYear(s, today)));
  return years.sort().at(-1) ?? currentAcademicYear(undefined, today);
}

/**
 * The year a results page or API shows: `asked` when given (already checked to be `2025-26`-shaped), else
 * `defaultResultsYear` over `withResults` (per campus, its years with results) and `current` (the CAY).
 */
export const resultsYear = (asked: string | undefined, withResults: readonly (readonly string[])[], current: string): YearChoice =>
  asked ? chosenYear(asked, current) : defaultResultsYear(withResults, current);
