import type { TraceInput } from '@attain/shared-types';
import { nbaYears, numberOf, shiftAcademicYear } from '@attain/shared-types';
import { CRITERION4_2015_CITATION, CRITERION4_2016_CITATION, CRITERION4_2025_CITATION } from '../reports/index.js';
import { type ItemFigures, type Row, type Rule, floorBand, known, score } from './item-figures.js';

/**
 * The formulas of the SAR's Criterion 4 (students' performance), one function per item and format, each citing the
 * NBA document it follows (`CRITERION4_*_CITATION`). The formulas, bands and years are those collected in
 * `docs/nba-sources.md` (A4 for Tier II, Part B for Tier I, C4 for 2025); where a source does not give a
 * formula or a band, the figure has no value and says so. No source states a rounding rule for SI, API or P: every
 * figure is shown to two decimals and the marks are computed from the unrounded averages.
 */

/** One year of study of a batch: students who appeared, who were successful (permitted to the next year), their mean. */
export interface StudyYear {
  /** Year of study, 1 to 4. */
  year: number;
  appeared: number | null;
  successful: number | null;
  /** Mean grade point average of the successful students, 10-point scale. */
  mean_gpa: number | null;
  /** Mean percent of the successful students (0-100), used as percent / 10 where no GPA is given. */
  mean_percent: number | null;
}

/**
 * One batch of a program (students who entered the first year in `entry_year`, `2021-22`), as Criterion 4 counts it.
 * Counts of students; null where not entered. N sanctioned intake, N1 admitted in the first year (net of migration),
 * N2 lateral entries into the second year, N3 separate division, N4 first-year supernumerary quotas (2025), N5
 * joined through multiple entry, N6 left through multiple exit (2025).
 */
export interface Batch {
  entry_year: string;
  sanctioned: number | null;
  admitted: number | null;
  lateral: number | null;
  separate_division: number | null;
  supernumerary: number | null;
  multiple_entry: number | null;
  multiple_exit: number | null;
  /** Graduated with no backlog in any semester or year. */
  graduated_without_backlog: number | null;
  /** Graduated within the stipulated period, with or without backlogs. */
  graduated_in_period: number | null;
  /** Students in the final year (the placement index's N, 2025's FS). */
  final_year: number | null;
  placed: number | null;
  higher_studies: number | null;
  entrepreneurs: number | null;
  study_years: readonly StudyYear[];
}

/** What every Criterion 4 formula reads: the program's batches by entry year, the report's CAY and the program's length. */
export interface Criterion4Input {
  batches: ReadonlyMap<string, Batch>;
  /** The report's current academic year (CAY), `2025-26`. */
  cay: string;
  /** Years of study of the program (4 for a B.E./B.Tech.). */
  duration: number;
}

/** NBA's batch labels (`nbaYears`, the SAR's one vocabulary): LYG entered `duration` years before CAY, LYGm1 and LYGm2 before it. */
export const graduatedBatches = (cay: string, duration: number) =>
  nbaYears(cay, duration)
    .filter((y) => y.label.startsWith('LYG'))
    .map(({ label, year }) => ({ label, entry: year }));
/** CAY, CAYm1, CAYm2 (`nbaYears`): the entry years the enrolment ratio reads. */
const entryYears = (cay: string) =>
  nbaYears(cay)
    .slice(0, 3)
    .map(({ label, year }) => ({ label, entry: year }));
/** CAYm1, CAYm2, CAYm3 (`nbaYears`): the assessment years of the academic performance items. */
const assessmentYears = (cay: string) => nbaYears(cay).slice(1, 4);

/** N, N1 and the other counts of a batch as trace inputs. */
const counts = (b: Batch | undefined, keys: readonly (keyof Batch)[], names: Record<string, string>): TraceInput[] =>
  keys.map((k) => ({ label: names[k] ?? k, value: numberOf(b?.[k]) ?? 'not entered' }));
const NAMES: Record<string, string> = {
  sanctioned: 'N, sanctioned intake',
  admitted: 'N1, admitted in first year',
  lateral: 'N2, lateral entries',
  separate_division: 'N3, separate division',
  supernumerary: 'N4, supernumerary',
  multiple_entry: 'N5, joined by multiple entry',
  multiple_exit: 'N6, left by multiple exit',
  graduated_without_backlog: 'graduated without backlog',
  graduated_in_period: 'graduated in the stipulated period',
  final_year: 'final-year students',
  placed: 'placed',
  higher_studies: 'admitted to higher studies',
  entrepreneurs: 'entrepreneurs',
};

// ---------- 4.1 enrolment ratio ----------

/**
 * 4.1 enrolment ratio (Tier II and Tier I): ER = N1 / N (percent) for the batches entering in CAY, CAYm1 and CAYm2,
 * averaged; marks: average >= 90 %: 20, >= 80 %: 18, >= 70 %: 16, >= 60 %: 14, else 0. Source `CRITERION4_2015_CITATION`.
 */
export function enrolment2015({ batches, cay }: Criterion4Input): ItemFigures {
  const rule = { version: 'Tier II (2015)', source: CRITERION4_2015_CITATION };
  const rows = entryYears(cay).map(({ label, entry }): Row => {
    const b = batches.get(entry);
    const inputs = counts(b, ['sanctioned', 'admitted'], NAMES);
    const ok = b && known(b.sanctioned, b.admitted) && (b.sanctioned ?? 0) > 0;
    return {
      label: `${label} ${entry}`,
      formula: 'ER = N1 / N x 100',
      inputs,
      value: ok ? (100 * (b.admitted ?? 0)) / (b.sanctioned ?? 1) : null,
    };
  });
  return score(rows, rule, 'ER (%)', (avg) => ({
    value: floorBand(
      avg,
      [
        [90, 20],
        [80, 18],
        [70, 16],
        [60, 14],
      ],
      0,
    ),
    formula: 'Marks: average ER >= 90 %: 20; >= 80 %: 18; >= 70 %: 16; >= 60 %: 14; else 0',
  }));
}

/**
 * 4.1 enrolment ratio (2025): ER = (N1 + N4) / N (percent) for CAY, CAYm1, CAYm2, averaged; marks: >= 90 %: 20,
 * >= 80 %: 17. Below 80 % the published bands are cut off: no marks are computed, and the figure says so.
 * Source `CRITERION4_2025_CITATION`.
 */
export function enrolment2025({ batches, cay }: Criterion4Input): ItemFigures {
  const rule = { version: '2025 (GAPC v4.0)', source: CRITERION4_2025_CITATION };
  const rows = entryYears(cay).map(({ label, entry }): Row => {
    const b = batches.get(entry);
    const inputs = counts(b, ['sanctioned', 'admitted', 'supernumerary'], NAMES);
    const ok = b && known(b.sanctioned, b.admitted) && (b.sanctioned ?? 0) > 0;
    const n4 = b?.supernumerary ?? 0;
    return {
      label: `${label} ${entry}`,
      formula: 'ER = (N1 + N4) / N x 100',
      inputs,
      value: ok ? (100 * ((b.admitted ?? 0) + n4)) / (b.sanctioned ?? 1) : null,
    };
  });
  return score(rows, rule, 'ER (%)', (avg) => {
    const marks = floorBand(
      avg,
      [
        [90, 20],
        [80, 17],
      ],
      null,
    );
    return {
      value: marks,
      formula: 'Marks: average ER >= 90 %: 20; >= 80 %: 17',
      ...(marks === null ? { note: 'NBA’s marks for an enrolment ratio below 80 % were not found: no marks are computed' } : {}),
    };
  });
}

// ---------- 4.2 success rates ----------

/**
 * Success index of the last three graduated batches (LYG, LYGm1, LYGm2): SI = graduates / (N1 + N2 + N3), averaged;
 * marks = `multiplier` x average SI. `graduates` picks without backlog (4.2.1) or in the stipulated period (4.2.2).
 */
function successIndex(
  { batches, cay, duration }: Criterion4Input,
  graduates: 'graduated_without_backlog' | 'graduated_in_period',
  multiplier: number,
  rule: Rule,
): ItemFigures {
  const rows = graduatedBatches(cay, duration).map(({ label, entry }): Row => {
    const b = batches.get(entry);
    const inputs = counts(b, ['admitted', 'lateral', 'separate_division', graduates], NAMES);
    const entered = b && known(b.admitted) ? (b.admitted ?? 0) + (b.lateral ?? 0) + (b.separate_division ?? 0) : 0;
    const ok = b && known(b[graduates]) && entered > 0;
    return {
      label: `${label} ${entry}`,
      formula: `SI = ${NAMES[graduates]} / (N1 + N2 + N3)`,
      inputs,
      value: ok ? (b[graduates] ?? 0) / entered : null,
    };
  });
  return score(rows, rule, 'SI', (avg) => ({ value: multiplier * avg, formula: `Marks = ${multiplier} x average SI` }));
}

/** 4.2.1 success rate without backlogs (Tier II): 25 x average SI. Source `CRITERION4_2015_CITATION`. */
export const successNoBacklog2015 = (i: Criterion4Input) =>
  successIndex(i, 'graduated_without_backlog', 25, { version: 'Tier II (2015)', source: CRITERION4_2015_CITATION });
/** 4.2.2 success rate in the stipulated period (Tier II): 15 x average SI. Source `CRITERION4_2015_CITATION`. */
export const successStipulated2015 = (i: Criterion4Input) =>
  successIndex(i, 'graduated_in_period', 15, { version: 'Tier II (2015)', source: CRITERION4_2015_CITATION });
/** 4.2.1 success rate without backlogs (Tier I): 15 x average SI. Source `CRITERION4_2016_CITATION`. */
export const successNoBacklog2016 = (i: Criterion4Input) =>
  successIndex(i, 'graduated_without_backlog', 15, { version: 'Tier I (2016)', source: CRITERION4_2016_CITATION });
/** 4.2.2 success rate in the stipulated period (Tier I): 5 x average SI. Source `CRITERION4_2016_CITATION`. */
export const successStipulated2016 = (i: Criterion4Input) =>
  successIndex(i, 'graduated_in_period', 5, { version: 'Tier I (2016)', source: CRITERION4_2016_CITATION });

/**
 * The 2025 floor of a denominator (a batch's students A, its final-year students FS): where `value` < N + N2 it is
 * N + N2 with N2 capped at 10 % of N. Null when N is not entered.
 */
function floored(value: number, b: Batch): number | null {
  if (!known(b.sanctioned)) return null;
  const n = b.sanctioned ?? 0;
  const n2 = b.lateral ?? 0;
  return value < n + n2 ? n + Math.min(n2, 0.1 * n) : value;
}

/** The 2025 students of a batch: A = N1 + N2 + N3 + N5 - N6, floored (`floored`). Null when N or N1 is not entered. */
function floorCount(b: Batch): number | null {
  if (!known(b.admitted)) return null;
  return floored((b.admitted ?? 0) + (b.lateral ?? 0) + (b.separate_division ?? 0) + (b.multiple_entry ?? 0) - (b.multiple_exit ?? 0), b);
}

/**
 * 4.2 success rate in the stipulated period (2025): per batch LYG, LYGm1, LYGm2, SR = B / A x 100 with B the graduates
 * in the stipulated period and A as `floorCount`; marks = 1.5 x average SR / 10. Source `CRITERION4_2025_CITATION`.
 */
export function success2025({ batches, cay, duration }: Criterion4Input): ItemFigures {
  const rule = { version: '2025 (GAPC v4.0)', source: CRITERION4_2025_CITATION };
  const rows = graduatedBatches(cay, duration).map(({ label, entry }): Row => {
    const b = batches.get(entry);
    const a = b ? floorCount(b) : null;
    const inputs = [
      ...counts(
        b,
        ['sanctioned', 'admitted', 'lateral', 'separate_division', 'multiple_entry', 'multiple_exit', 'graduated_in_period'],
        NAMES,
      ),
      { label: 'A = N1 + N2 + N3 + N5 - N6 (at least N + N2, N2 up to 10 % of N)', value: a ?? 'not entered' },
    ];
    const ok = b && a && known(b.graduated_in_period);
    return {
      label: `${label} ${entry}`,
      formula: 'SR = B / A x 100, B graduated in the stipulated period',
      inputs,
      value: ok ? (100 * (b.graduated_in_period ?? 0)) / a : null,
    };
  });
  return score(rows, rule, 'SR (%)', (avg) => ({ value: (1.5 * avg) / 10, formula: 'Marks = 1.5 x average SR / 10' }));
}

// ---------- academic performance ----------

/**
 * Academic performance index of year of study `study` over the assessment years CAYm1, CAYm2, CAYm3 (the batch in that
 * year of study then): API = X x Y / Z, X the mean GPA of the successful students (or their mean percent / 10), Y
 * successful (permitted to the next year), Z appeared; marks = `multiplier` x average API.
 */
function academicPerformance({ batches, cay }: Criterion4Input, study: number, multiplier: number, rule: Rule): ItemFigures {
  const rows = assessmentYears(cay).map(({ label, year }): Row => {
    const entry = shiftAcademicYear(year, -(study - 1));
    const s = batches.get(entry)?.study_years.find((y) => y.year === study);
    const x = s?.mean_gpa ?? (typeof s?.mean_percent === 'number' ? s.mean_percent / 10 : null);
    const inputs: TraceInput[] = [
      { label: 'Batch (entry year)', value: entry },
      { label: 'X, mean GPA of successful students (or mean % / 10)', value: x ?? 'not entered' },
      { label: 'Y, successful', value: s?.successful ?? 'not entered' },
      { label: 'Z, appeared', value: s?.appeared ?? 'not entered' },
    ];
    const ok = s && known(x, s.successful, s.appeared) && (s.appeared ?? 0) > 0;
    return {
      label: `${label} ${year}`,
      formula: 'API = X x Y / Z',
      inputs,
      value: ok ? ((x ?? 0) * (s.successful ?? 0)) / (s.appeared ?? 1) : null,
    };
  });
  return score(rows, rule, 'API', (avg) => ({
    value: multiplier * avg,
    formula: multiplier === 1 ? 'Marks = average API' : `Marks = ${multiplier} x average API`,
  }));
}

/** 4.3 academic performance in third year (Tier II): 1.5 x average API. Source `CRITERION4_2015_CITATION`. */
export const apiThirdYear2015 = (i: Criterion4Input) =>
  academicPerformance(i, 3, 1.5, { version: 'Tier II (2015)', source: CRITERION4_2015_CITATION });
/** 4.4 academic performance in second year (Tier II): 1.5 x average API. Source `CRITERION4_2015_CITATION`. */
export const apiSecondYear2015 = (i: Criterion4Input) =>
  academicPerformance(i, 2, 1.5, { version: 'Tier II (2015)', source: CRITERION4_2015_CITATION });
/** 4.3 academic performance in second year (Tier I): the average API. Source `CRITERION4_2016_CITATION`. */
export const apiSecondYear2016 = (i: Criterion4Input) =>
  academicPerformance(i, 2, 1, { version: 'Tier I (2016)', source: CRITERION4_2016_CITATION });
/** 4.3, 4.4, 4.5 academic performance in the first, second, third year (2025): the average API. `CRITERION4_2025_CITATION`. */
export const api2025 = (study: 1 | 2 | 3) => (i: Criterion4Input) =>
  academicPerformance(i, study, 1, { version: '2025 (GAPC v4.0)', source: CRITERION4_2025_CITATION });

// ---------- placement ----------

/**
 * Placement index of the last three graduated batches: P = (x + y + z) / N with x placed, y admitted to higher studies,
 * z entrepreneurs and N the final-year students; marks = `multiplier` x average P (Tier II 40, Tier I 30).
 */
function placement({ batches, cay, duration }: Criterion4Input, multiplier: number, rule: Rule): ItemFigures {
  const rows = graduatedBatches(cay, duration).map(({ label, entry }): Row => {
    const b = batches.get(entry);
    const inputs = counts(b, ['final_year', 'placed', 'higher_studies', 'entrepreneurs'], NAMES);
    const ok = b && known(b.final_year, b.placed, b.higher_studies, b.entrepreneurs) && (b.final_year ?? 0) > 0;
    const sum = (b?.placed ?? 0) + (b?.higher_studies ?? 0) + (b?.entrepreneurs ?? 0);
    return { label: `${label} ${entry}`, formula: 'P = (x + y + z) / N', inputs, value: ok ? sum / (b.final_year ?? 1) : null };
  });
  return score(rows, rule, 'P', (avg) => ({ value: multiplier * avg, formula: `Marks = ${multiplier} x average P` }));
}

/** 4.5 placement, higher studies and entrepreneurship (Tier II): 40 x average P. Source `CRITERION4_2015_CITATION`. */
export const placement2015 = (i: Criterion4Input) => placement(i, 40, { version: 'Tier II (2015)', source: CRITERION4_2015_CITATION });
/** 4.4 placement, higher studies and entrepreneurship (Tier I): 30 x average P. Source `CRITERION4_2016_CITATION`. */
export const placement2016 = (i: Criterion4Input) => placement(i, 30, { version: 'Tier I (2016)', source: CRITERION4_2016_CITATION });

/**
 * 4.6 placement, higher studies and entrepreneurship (2025): P = (X + Y + Z) / FS x 100 per batch LYG, LYGm1, LYGm2,
 * FS the final-year students floored as `floorCount` (N + N2, N2 up to 10 % of N); marks = 0.3 x average P.
 * Source `CRITERION4_2025_CITATION`.
 */
export function placement2025({ batches, cay, duration }: Criterion4Input): ItemFigures {
  const rule = { version: '2025 (GAPC v4.0)', source: CRITERION4_2025_CITATION };
  const rows = graduatedBatches(cay, duration).map(({ label, entry }): Row => {
    const b = batches.get(entry);
    const fs = b && known(b.final_year) ? floored(b.final_year ?? 0, b) : null;
    const inputs = [
      ...counts(b, ['sanctioned', 'lateral', 'final_year', 'placed', 'higher_studies', 'entrepreneurs'], NAMES),
      { label: 'FS = final-year students, at least N + N2 (N2 up to 10 % of N)', value: fs ?? 'not entered' },
    ];
    const ok = b && fs && known(b.placed, b.higher_studies, b.entrepreneurs);
    const sum = (b?.placed ?? 0) + (b?.higher_studies ?? 0) + (b?.entrepreneurs ?? 0);
    return { label: `${label} ${entry}`, formula: 'P = (X + Y + Z) / FS x 100', inputs, value: ok ? (100 * sum) / fs : null };
  });
  return score(rows, rule, 'P (%)', (avg) => ({ value: 0.3 * avg, formula: 'Marks = 0.3 x average P' }));
}
