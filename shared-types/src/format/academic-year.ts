/**
 * Academic years as Indian colleges write them (`2025-26`) and NBA's year labels. The one definition of the current
 * academic year (CAY) and of the year a results page opens on lives here (`currentAcademicYear`, `assessmentYears`,
 * `defaultResultsYear`): every page and API that defaults a year calls these, so no two pages disagree.
 */

/**
 * The month (1-12) an academic year starts in when a campus has not set its own (the organization's
 * `academic_year_start_month`): June, when most Indian colleges open (AICTE's academic calendar starts classes for
 * continuing students in June/July).
 */
export const DEFAULT_ACADEMIC_YEAR_START_MONTH = 6;

/** English month names, January first: `MONTH_NAMES[startMonth - 1]`. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * Today's date in India (`Asia/Kolkata`), ISO `yyyy-mm-dd`: the day every campus's current academic year and survey
 * windows are counted from (the server runs in UTC, where the date changes 5 h 30 min later).
 */
export const todayInIndia = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Whether text is an academic year as colleges write it: `2025-26` (the second year is the first plus one). */
export function isAcademicYear(text: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(text);
  return m !== null && (Number(m[1]) + 1) % 100 === Number(m[2]);
}

/** A start month as given (1-12), else the default (June) for a missing or out-of-range one. */
const monthOrDefault = (startMonth: number | null | undefined): number =>
  typeof startMonth === 'number' && Number.isInteger(startMonth) && startMonth >= 1 && startMonth <= 12
    ? startMonth
    : DEFAULT_ACADEMIC_YEAR_START_MONTH;

/**
 * The academic year an ISO date (`yyyy-mm-dd`, or a full ISO timestamp) falls in, for years starting on the 1st of
 * `startMonth` (1-12; default June): `2025-08-14` -> `2025-26`, `2026-03-01` -> `2025-26`, `2026-06-01` -> `2026-27`.
 * A missing or out-of-range month is taken as June.
 */
export function academicYearOf(isoDate: string, startMonth: number = DEFAULT_ACADEMIC_YEAR_START_MONTH): string {
  const [y, mo] = isoDate.slice(0, 10).split('-').map(Number);
  return academicYearStarting(mo >= monthOrDefault(startMonth) ? y : y - 1);
}

/**
 * The current academic year (NBA's CAY) of a campus: the academic year containing `today`, for years starting in
 * `startMonth` (the organization's `academic_year_start_month`, 1-12; missing or out of range: June).
 * @param today the campus's date, ISO `yyyy-mm-dd` (India: `todayInIndia()`); a timestamp is read by its date
 * @returns e.g. `2026-27` for 25/11/2026 with a June start, `2025-26` for 25/05/2026; with a January start the
 *   academic year is the calendar year, named by its first year (25/11/2026 -> `2026-27`)
 */
export function currentAcademicYear(startMonth: number | null | undefined, today: string): string {
  return academicYearOf(today, monthOrDefault(startMonth));
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

/**
 * The first and last days (ISO) of an academic year starting on the 1st of `startMonth` (default June):
 * `2025-26` -> `2025-06-01`, `2026-05-31`; with July, `2025-07-01`, `2026-06-30`.
 */
export function academicYearSpan(year: string, startMonth: number = DEFAULT_ACADEMIC_YEAR_START_MONTH): { from: string; to: string } {
  const start = academicYearStart(year);
  const m = monthOrDefault(startMonth);
  const from = `${start}-${String(m).padStart(2, '0')}-01`;
  // The day before the next year's first day.
  const next = new Date(Date.UTC(start + 1, m - 1, 1) - 86_400_000).toISOString().slice(0, 10);
  return { from, to: next };
}

/**
 * NBA's year labels from the current academic year (source: NBA's SAR formats, "Year labels used by every format":
 * CAY = current academic year; CAYm1 = CAY minus 1 = the current assessment year, the last completed one; CAYm2,
 * CAYm3 the years before; LYG = the batch that graduated last, named by its entry year, CAY minus the program's
 * duration (CAYm4 for a 4-year program); LYGm1 and LYGm2 the two batches before it).
 */
export interface AssessmentYears {
  cay: string;
  caym1: string;
  caym2: string;
  caym3: string;
  /** Entry year of the last graduated batch (LYG). */
  lyg: string;
  lygm1: string;
  lygm2: string;
}

/**
 * NBA's labelled years for a CAY (`2026-27`) and a program of `durationYears` years (default 4, a B.E./B.Tech.):
 * `assessmentYears('2026-27')` -> CAYm1 `2025-26`, CAYm2 `2024-25`, CAYm3 `2023-24`, LYG `2022-23`.
 * @throws RangeError when `cay` is not an academic year or the duration is not a whole number of years from 1 to 10
 */
export function assessmentYears(cay: string, durationYears = 4): AssessmentYears {
  if (!isAcademicYear(cay)) throw new RangeError(`Not an academic year: ${cay}`);
  if (!Number.isInteger(durationYears) || durationYears < 1 || durationYears > 10)
    throw new RangeError(`Not a program duration in years: ${durationYears}`);
  const at = (by: number) => shiftAcademicYear(cay, -by);
  return {
    cay,
    caym1: at(1),
    caym2: at(2),
    caym3: at(3),
    lyg: at(durationYears),
    lygm1: at(durationYears + 1),
    lygm2: at(durationYears + 2),
  };
}

/**
 * The year a results page shows and why (`defaultResultsYear`, or `chosenYear` when the person picked one):
 * - `year`: the academic year shown (`2025-26`); `current`: the campus's CAY;
 * - `reason`: `chosen` (asked for), `current` (a campus: its current academic year, as its administrators set it),
 *   `course` (a course page: the course has no results in CAY, so its newest year with results), `common` (a group:
 *   the newest year with results in every campus that has any), `results` (a group: the newest year any campus has),
 *   `none` (a group with no results yet: CAYm1, the current assessment year);
 * - `text`: the caption pages show, e.g. "2025-26: the current academic year".
 */
export interface YearChoice {
  year: string;
  current: string;
  reason: 'chosen' | 'current' | 'course' | 'results' | 'common' | 'none';
  text: string;
}

const REASON_TEXT: Readonly<Record<YearChoice['reason'], string>> = {
  chosen: 'the year chosen',
  current: 'the current academic year',
  course: "the course's newest year with results",
  results: 'the newest year with results',
  common: 'the newest year with results in every campus that has any',
  none: 'no results yet, so the last completed year (CAYm1)',
};

const choice = (year: string, current: string, reason: YearChoice['reason']): YearChoice => ({
  year,
  current,
  reason,
  text: reason === 'current' ? `${year}: ${REASON_TEXT.current}` : `${year}: ${REASON_TEXT[reason]} (current academic year ${current})`,
});

/**
 * The year every results page (attainment, dashboard, reports, the SAR) opens on when none is asked for (decision
 * 0046: chosen, never inferred from results):
 * - one campus (one list): its current academic year `current` (`campusCurrentYear`: set by its administrators), with
 *   or without results there, so marks entered for another year never move a campus's pages;
 * - several campuses (a group): the newest year, not after the group's CAY, that every campus with results has, so
 *   campuses are compared on the same year (else the newest any has; none at all: CAYm1).
 * @param withResults per campus, the academic years it has results in (any order; anything not written `2025-26`,
 *   such as `undated`, is ignored)
 * @param current the campus's (or group's) CAY
 */
export function defaultResultsYear(withResults: readonly (readonly string[])[], current: string): YearChoice {
  if (withResults.length <= 1) return choice(current, current, 'current');
  const sets = withResults.map((years) => new Set(years.filter((y) => isAcademicYear(y) && y <= current))).filter((s) => s.size);
  const all = [...new Set(sets.flatMap((s) => [...s]))].sort().reverse();
  if (!all.length) return choice(shiftAcademicYear(current, -1), current, 'none');
  const common = all.find((y) => sets.every((s) => s.has(y)));
  if (common) return choice(common, current, 'common');
  return choice(all[0], current, 'results');
}

/**
 * The year a course's pages (CO attainment, students, improvement plan) open on: the campus's CAY when the course has
 * results then, else the course's newest year with results before CAY, else its newest one after CAY (a course taught
 * in another year still opens on its figures), else CAY.
 * @param years the course's academic years with results (`undated` and the like ignored)
 */
export function courseResultsYear(years: readonly string[], current: string): YearChoice {
  const real = years.filter(isAcademicYear).sort().reverse();
  if (!real.length || real.includes(current)) return choice(current, current, 'current');
  return choice(real.find((y) => y <= current) ?? real[0], current, 'course');
}

/** The choice for a year the person asked for (`?year=2024-25`), with the same caption shape. */
export const chosenYear = (year: string, current: string): YearChoice => choice(year, current, 'chosen');

/**
 * NBA's label of `year` relative to the current academic year `current` (source: NBA's SAR formats, "Year labels used
 * by every format"): `CAY` for the year itself, `CAYm1`, `CAYm2`... for the years before it, `CAYp1`... after it
 * (marks dated ahead of time): (`2024-25`, `2026-27`) -> `CAYm2`; '' for what is not an academic year (`undated`).
 */
export function nbaYearLabel(year: string, current: string): string {
  if (!isAcademicYear(year) || !isAcademicYear(current)) return '';
  const back = academicYearStart(current) - academicYearStart(year);
  return back === 0 ? 'CAY' : back > 0 ? `CAYm${back}` : `CAYp${-back}`;
}

/** The years a year picker offers: CAY and the five before it, newest first (`2026-27` .. `2021-22`). */
export const pickerYears = (current: string): string[] => academicYearsBetween(academicYearStart(current) - 5, academicYearStart(current));

/** One of NBA's year labels of a SAR: academic years `CAY` to `CAYm3`, graduated batches `LYG` to `LYGm2`. */
export type NbaYearLabel = 'CAY' | 'CAYm1' | 'CAYm2' | 'CAYm3' | 'LYG' | 'LYGm1' | 'LYGm2';

/**
 * The one vocabulary of a SAR's years (source: NBA's SAR formats, "Year labels used by every format"; the same in
 * Tier II, Tier I and 2025): for a SAR made for `cay` (the report year; docs/decisions/0045) and a program of
 * `durationYears` years (default 4), each label with its academic year, CAY to CAYm3 then LYG to LYGm2 (a batch named
 * by its entry year): `nbaYears('2025-26')` -> CAY 2025-26, CAYm1 2024-25, CAYm2 2023-24, CAYm3 2022-23,
 * LYG 2021-22, LYGm1 2020-21, LYGm2 2019-20. Every header, table and note of the SAR names its years from this list.
 * @throws RangeError as `assessmentYears`
 */
export function nbaYears(cay: string, durationYears = 4): { label: NbaYearLabel; year: string }[] {
  const a = assessmentYears(cay, durationYears);
  return [
    { label: 'CAY', year: a.cay },
    { label: 'CAYm1', year: a.caym1 },
    { label: 'CAYm2', year: a.caym2 },
    { label: 'CAYm3', year: a.caym3 },
    { label: 'LYG', year: a.lyg },
    { label: 'LYGm1', year: a.lygm1 },
    { label: 'LYGm2', year: a.lygm2 },
  ];
}

/**
 * A campus's current academic year (CAY) from its organization's settings: `current_academic_year` as its
 * administrators set it (decision 0046), else the year `today` falls in by its `academic_year_start_month`.
 * @param today ISO `yyyy-mm-dd` (India: `todayInIndia()`)
 */
export function organizationCurrentYear(
  org: { current_academic_year?: string | null; academic_year_start_month?: number | null } | undefined,
  today: string,
): string {
  return org?.current_academic_year && isAcademicYear(org.current_academic_year)
    ? org.current_academic_year
    : currentAcademicYear(org?.academic_year_start_month, today);
}
