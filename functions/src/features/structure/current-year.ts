import {
  type CampusScope,
  type YearChoice,
  academicYearOf,
  academicYearSpan,
  chosenYear,
  currentAcademicYear,
  organizationCurrentYear,
  defaultResultsYear,
  formatDate,
  todayInIndia,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { campusYearSettings } from '../../platform/store/campus-registry.js';

/**
 * The campus's current academic year (NBA's CAY): the organization's `current_academic_year` as an administrator set
 * it (an audited save of Configuration > Organization; decision 0046); until one is set, the year today in India falls
 * in by its `academic_year_start_month` (June until set). No DynamoDB call for a campus whose registration the
 * request's scope has read (`campusYearSettings`).
 * @param today ISO `yyyy-mm-dd` (default today in India)
 */
export async function campusCurrentYear(scope: CampusScope, today: string = todayInIndia()): Promise<string> {
  const { month, year } = await campusYearSettings(scope);
  return organizationCurrentYear({ current_academic_year: year, academic_year_start_month: month }, today);
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

/**
 * The academic year an assessment occasion is stored with (decision 0046): the one picked; none picked (a client that
 * does not send it), the year its date falls in by the campus's start month, else the campus's CAY. A date must fall
 * inside the picked year.
 * @param o the occasion's `academic_year` (`2025-26`, checked by the registry) and `held_on` (ISO date) as sent
 * @returns the year to store
 * @throws HttpError 400 (`held_on`) naming the date and the year's first and last days when the date is outside it
 */
export async function occasionAcademicYear(scope: CampusScope, o: { academic_year?: string; held_on?: string }): Promise<string> {
  const { month } = await campusYearSettings(scope);
  if (!o.academic_year) return o.held_on ? academicYearOf(o.held_on, month) : campusCurrentYear(scope);
  if (o.held_on) {
    const span = academicYearSpan(o.academic_year, month);
    if (o.held_on < span.from || o.held_on > span.to) {
      const d = (iso: string) => formatDate(iso, 'en-IN');
      throw new HttpError(400, `${d(o.held_on)} is not in the academic year ${o.academic_year}`, {
        held_on: `${d(o.held_on)} is outside ${o.academic_year} (${d(span.from)} to ${d(span.to)}): pick the year it falls in, or correct the date`,
      });
    }
  }
  return o.academic_year;
}
