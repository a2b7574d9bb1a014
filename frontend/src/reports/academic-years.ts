import { academicYearOf, academicYearsBetween } from '@attain/shared-types';

/** Academic years a report offers: the current one (India's July-June year of `today`) and the five before it, newest first. */
export function recentAcademicYears(today: Date = new Date()): string[] {
  const start = Number(academicYearOf(today.toISOString().slice(0, 10)).slice(0, 4));
  return academicYearsBetween(start - 5, start);
}
