/** Whether text is an academic year as colleges write it: `2025-26` (the second year is the first plus one). */
export function isAcademicYear(text: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  return Boolean(m) && (Number(m![1]) + 1) % 100 === Number(m![2]);
}

/**
 * The academic year (Indian, July-June) an ISO date falls in: `2025-08-14` -> `2025-26`, `2026-03-01` -> `2025-26`.
 */
export function academicYearOf(isoDate: string): string {
  const [y, mo] = isoDate.split('-').map(Number);
  const start = mo >= 7 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The academic years from `first` to `last` start years, newest first: `(2019, 2023)` -> `2023-24` .. `2019-20`. */
export function academicYearsBetween(first: number, last: number): string[] {
  const out: string[] = [];
  for (let y = last; y >= first; y--) out.push(academicYearStarting(y));
  return out;
}

/** The academic year starting in `start` (a calendar year): `2025` -> `2025-26`. */
export const academicYearStarting = (start: number): string => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;

/** The calendar year an academic year starts in: `2025-26` -> 2025. */
export const academicYearStart = (year: string): number => Number(year.slice(0, 4));

/** The academic year `by` years after `year` (before it when negative): (`2025-26`, -2) -> `2023-24`. */
export const shiftAcademicYear = (year: string, by: number): string => academicYearStarting(academicYearStart(year) + by);

/** The first and last days (ISO) of an Indian academic year (July-June): `2025-26` -> `2025-07-01`, `2026-06-30`. */
export function academicYearSpan(year: string): { from: string; to: string } {
  const start = academicYearStart(year);
  return { from: `${start}-07-01`, to: `${start + 1}-06-30` };
}
