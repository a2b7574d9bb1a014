import { nbaYears } from '@attain/shared-types';
import { CRITERION8_2015_CITATION } from '../reports/index.js';
import { type ItemFigures, type Row, known, score } from './item-figures.js';

/**
 * The formulas of the SAR's Criterion 8 (first year academics) under the Tier II and Tier I formats, each citing
 * `CRITERION8_2015_CITATION` (sources in `docs/nba-sources.md` A8: SKIT and a published Criterion 8 text).
 * Each is computed per academic year CAY, CAYm1, CAYm2 and averaged; figures to two decimals, marks from the
 * unrounded average. The 2025 format's first-year ratio (9.1) has no established formula and is not computed here.
 */

/**
 * One academic year of the first year (`year`, `2025-26`): students (the approved first-year intake), faculty teaching
 * first-year common courses counted by their fractional load (full-time equivalents), of them regular faculty with a
 * Ph.D. (x) and with a PG degree as their highest (y), and the first-year results: appeared, successful (permitted to
 * the second year), the successful students' mean GPA (10-point) or mean percent.
 */
export interface FirstYear {
  year: string;
  students: number | null;
  faculty: number | null;
  phd: number | null;
  pg: number | null;
  appeared: number | null;
  successful: number | null;
  mean_gpa: number | null;
  mean_percent: number | null;
}

const RULE = { version: 'Tier II (2015)', source: CRITERION8_2015_CITATION };
/** The years Criterion 8 reports, newest first, in NBA's labels (`nbaYears`): CAY, CAYm1, CAYm2 of `cay`. */
export const FIRST_YEAR_YEARS = (cay: string) => nbaYears(cay).slice(0, 3);

/** FYSFR = first-year students / faculty (fractional load); null unless both are entered and faculty > 0. */
export const fysfr = (y: Pick<FirstYear, 'students' | 'faculty'> | undefined): number | null =>
  y && known(y.students, y.faculty) && (y.faculty ?? 0) > 0 ? (y.students ?? 0) / (y.faculty ?? 1) : null;
const entered = (v: number | null | undefined) => (typeof v === 'number' ? v : 'not entered');

/**
 * 8.1 first-year student-faculty ratio: per year FYSFR = students / faculty (fractional load) and its assessment
 * 5 x 20 / FYSFR, limited to 5, and 0 when FYSFR > 25; marks = the average of the three years' assessments.
 */
export function firstYearSfr(years: ReadonlyMap<string, FirstYear>, cay: string): ItemFigures {
  const rows = FIRST_YEAR_YEARS(cay).map(({ label, year }): Row => {
    const y = years.get(year);
    const ratio = fysfr(y);
    const inputs = [
      { label: 'Students (first-year intake)', value: entered(y?.students) },
      { label: 'Faculty (fractional load)', value: entered(y?.faculty) },
      { label: 'FYSFR = students / faculty', value: ratio === null ? 'not computed' : ratio.toFixed(2) },
    ];
    const value = ratio === null ? null : ratio > 25 ? 0 : Math.min(5, (5 * 20) / ratio);
    return { label: `${label} ${year}`, formula: 'Assessment = min(5, 5 x 20 / FYSFR); 0 when FYSFR > 25', inputs, value };
  });
  return score(rows, RULE, 'assessment', (avg) => ({ value: avg, formula: 'Marks = average assessment of CAY, CAYm1, CAYm2' }));
}

/**
 * 8.2 qualification of faculty teaching first-year common courses: per year (5x + 3y) / RF, x regular faculty with a
 * Ph.D., y with a PG degree, RF = students / 20 (faculty required at 20:1), limited to 5; marks = the average.
 */
export function firstYearQualification(years: ReadonlyMap<string, FirstYear>, cay: string): ItemFigures {
  const rows = FIRST_YEAR_YEARS(cay).map(({ label, year }): Row => {
    const y = years.get(year);
    const rf = y && known(y.students) ? (y.students ?? 0) / 20 : null;
    const ok = y && rf && known(y.phd, y.pg);
    const inputs = [
      { label: 'x, regular faculty with a Ph.D.', value: entered(y?.phd) },
      { label: 'y, regular faculty with a PG degree', value: entered(y?.pg) },
      { label: 'RF = students / 20', value: rf === null ? 'not entered' : rf.toFixed(2) },
    ];
    return {
      label: `${label} ${year}`,
      formula: 'Assessment = min(5, (5x + 3y) / RF)',
      inputs,
      value: ok ? Math.min(5, (5 * (y.phd ?? 0) + 3 * (y.pg ?? 0)) / rf) : null,
    };
  });
  return score(rows, RULE, 'assessment', (avg) => ({ value: avg, formula: 'Marks = average assessment of CAY, CAYm1, CAYm2' }));
}

/**
 * 8.3 first-year academic performance: per year API = X x Y / Z, X the successful students' mean GPA (or mean percent
 * / 10), Y successful, Z appeared; marks = the average API (out of 10).
 */
export function firstYearPerformance(years: ReadonlyMap<string, FirstYear>, cay: string): ItemFigures {
  const rows = FIRST_YEAR_YEARS(cay).map(({ label, year }): Row => {
    const y = years.get(year);
    const x = y?.mean_gpa ?? (typeof y?.mean_percent === 'number' ? y.mean_percent / 10 : null);
    const ok = y && known(x, y.successful, y.appeared) && (y.appeared ?? 0) > 0;
    const inputs = [
      { label: 'X, mean GPA of successful students (or mean % / 10)', value: x ?? 'not entered' },
      { label: 'Y, successful', value: entered(y?.successful) },
      { label: 'Z, appeared', value: entered(y?.appeared) },
    ];
    return {
      label: `${label} ${year}`,
      formula: 'API = X x Y / Z',
      inputs,
      value: ok ? ((x ?? 0) * (y.successful ?? 0)) / (y.appeared ?? 1) : null,
    };
  });
  return score(rows, RULE, 'API', (avg) => ({ value: avg, formula: 'Marks = average API' }));
}
