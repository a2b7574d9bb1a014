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
  for (let y = last; y >= first; y--) out.push(`${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  return out;
}
