import type { Figure, Criterion5Version, TraceInput } from '@attain/shared-types';
import { roundHalfAway } from '@attain/shared-types';
import { figure, notAvailable } from '../reports/index.js';
import { CRITERION5_2019_CITATION, CRITERION5_2025_CITATION } from '../reports/index.js';

/**
 * The formulas of the SAR's Criterion 5 (faculty information), one set per SAR version a program can follow. Every
 * formula is as published by a secondary source (NBA's own SAR PDFs could not be retrieved); the sources and their
 * trust levels are in `docs/nba-sources.md` ("Criterion 5"), cited on each set. Where a source does not give a formula,
 * the figure is returned with no value and a note saying so, never a guess.
 */

/** Faculty counted in one academic year, by cadre (designation). Counts of people. */
export interface CadreCounts {
  /** Professors (AF1). */
  professors: number;
  /** Associate professors (AF2). */
  associates: number;
  /** Assistant professors and lecturers (AF3). */
  assistants: number;
}

/**
 * One assessment year's inputs: the year (`2025-26`), students S (UG 2nd to 4th year as sanctioned intake plus
 * lateral entries), faculty in position F, of them regular (permanent), with a PhD (X), with an M.Tech/M.E. as their
 * highest degree (Y), and by cadre.
 */
export interface FacultyYear {
  year: string;
  students: number;
  faculty: number;
  regular: number;
  phd: number;
  mtech: number;
  cadre: CadreCounts;
}

/**
 * Retention inputs: faculty in position in CAYm2 (the base) and how many of them are still in position in CAY, the
 * completed years of service in CAY of each faculty member then in position, and the required faculty RF of CAY.
 */
export interface RetentionInputs {
  base: number;
  retained: number;
  serviceYears: number[];
  required: number;
}

/** Student-faculty ratio: S/F per year (null where F = 0), their average, and the marks for the average. */
export interface SfrFigures {
  ratios: Figure[];
  average: Figure;
  marks: Figure;
}

/** One version's Criterion 5 formulas, with the source they are taken from. */
export interface Criterion5Formulas {
  version: Criterion5Version;
  source: string;
  sfr(years: readonly FacultyYear[]): SfrFigures;
  cadre(y: FacultyYear): Figure;
  qualification(y: FacultyYear): Figure;
  retention(r: RetentionInputs): Figure;
}

/** Marks by the first band whose `upTo` (inclusive) the value does not exceed; above all bands, `above`. */
function bandMarks(value: number, bands: readonly (readonly [upTo: number, marks: number])[], above: number): number {
  for (const [upTo, marks] of bands) if (value <= upTo) return marks;
  return above;
}

/** Marks by the first band whose `atLeast` the value reaches; below all bands, 0. */
function floorMarks(value: number, bands: readonly (readonly [atLeast: number, marks: number])[]): number {
  for (const [atLeast, marks] of bands) if (value >= atLeast) return marks;
  return 0;
}

const yearInputs = (y: FacultyYear, ...keys: ('S' | 'F' | 'X' | 'Y' | 'AF')[]): TraceInput[] =>
  keys.flatMap((k): TraceInput[] => {
    if (k === 'S') return [{ label: `S, students (${y.year})`, value: y.students }];
    if (k === 'F') return [{ label: `F, faculty in position (${y.year})`, value: y.faculty }];
    if (k === 'X') return [{ label: `X, faculty with a PhD (${y.year})`, value: y.phd }];
    if (k === 'Y') return [{ label: `Y, faculty with an M.Tech/M.E. (${y.year})`, value: y.mtech }];
    return [
      { label: `AF1, professors (${y.year})`, value: y.cadre.professors },
      { label: `AF2, associate professors (${y.year})`, value: y.cadre.associates },
      { label: `AF3, assistant professors (${y.year})`, value: y.cadre.assistants },
    ];
  });

/** S/F of each year: shared by both versions (the ratio's definition is the same; the marks differ). */
function ratios(years: readonly FacultyYear[], version: Criterion5Version, source: string): Figure[] {
  return years.map((y) =>
    y.students <= 0
      ? notAvailable(
          { formula: 'SFR = S / F', inputs: yearInputs(y, 'S', 'F'), version, source },
          `No students counted in ${y.year}: list the intake`,
        )
      : y.faculty > 0
        ? figure(y.students / y.faculty, { formula: 'SFR = S / F', inputs: yearInputs(y, 'S', 'F'), version, source })
        : notAvailable({ formula: 'SFR = S / F', inputs: yearInputs(y, 'S', 'F'), version, source }, `No faculty in position in ${y.year}`),
  );
}

/** The average of the years' ratios that have a value (null when none has). */
function averageRatio(rs: readonly Figure[], years: readonly FacultyYear[], version: Criterion5Version, source: string): Figure {
  // A year without students or faculty has no ratio and is left out of the average.
  const known = rs.flatMap((r, i) => (r.value === null ? [] : [{ year: years[i].year, value: r.value }]));
  const inputs = known.map((k) => ({ label: `SFR ${k.year}`, value: k.value }));
  const formula = 'Average SFR = (SFR of CAY + SFR of CAYm1 + SFR of CAYm2) / 3';
  if (!known.length) return notAvailable({ formula, inputs, version, source }, 'No year has both students and faculty');
  // The average of the unrounded ratios; the inputs show the rounded ones the table shows.
  const unrounded = years.filter((y) => y.faculty > 0 && y.students > 0).map((y) => y.students / y.faculty);
  return figure(
    unrounded.reduce((a, b) => a + b, 0) / unrounded.length,
    { formula, inputs, version, source },
    known.length < years.length ? { note: `Averaged over the ${known.length} years with faculty` } : {},
  );
}

/**
 * The 2019 SAR (UG Tier II). Source: `CRITERION5_2019_CITATION`.
 * - 5.1 SFR = S/F per year, averaged over CAY, CAYm1, CAYm2; marks <= 15: 20, <= 17: 18, <= 19: 16, <= 21: 14,
 *   <= 23: 12, <= 25: 10, above 25: 0.
 * - 5.2 cadre proportion: the formula is an image the source could not show; only "zero when AF1 = AF2 = 0" is known.
 * - 5.3 FQ = 2.0 x (10X + 4Y) / F with F = S / 20 (faculty required for SFR 1:20); no cap is given.
 * - 5.4 retention, base CAYm2: >= 90 % retained: 10, >= 75 %: 8, >= 60 %: 6, >= 50 %: 4, else 0.
 */
export const SAR_2019: Criterion5Formulas = {
  version: 'SAR 2019 (UG Tier II)',
  source: CRITERION5_2019_CITATION,
  sfr(years) {
    const rs = ratios(years, this.version, this.source);
    const average = averageRatio(rs, years, this.version, this.source);
    const formula = 'Marks: SFR <= 15: 20; <= 17: 18; <= 19: 16; <= 21: 14; <= 23: 12; <= 25: 10; > 25: 0';
    const trace = { formula, inputs: [{ label: 'Average SFR', value: average.text }], version: this.version, source: this.source };
    const marks =
      average.value === null
        ? notAvailable(trace, 'No student-faculty ratio to mark')
        : figure(
            bandMarks(
              average.value,
              [
                [15, 20],
                [17, 18],
                [19, 16],
                [21, 14],
                [23, 12],
                [25, 10],
              ],
              0,
            ),
            trace,
            { digits: 0 },
          );
    return { ratios: rs, average, marks };
  },
  cadre(y) {
    const trace = {
      formula: 'Not available: the 2019 SAR gives this formula as an image the source could not show',
      inputs: yearInputs(y, 'AF'),
      version: this.version,
      source: this.source,
    };
    if (y.cadre.professors === 0 && y.cadre.associates === 0)
      return figure(
        0,
        { ...trace, formula: 'Cadre marks = 0 when AF1 = AF2 = 0 (stated by the source; the rest of the formula is not available)' },
        { digits: 0 },
      );
    return notAvailable(trace, 'Formula not available (2019 SAR); the counts are shown, no marks are computed');
  },
  qualification(y) {
    const required = y.students / 20;
    const formula = 'FQ = 2.0 x (10X + 4Y) / F, F = S / 20';
    const inputs = [...yearInputs(y, 'X', 'Y', 'S'), { label: 'F = S / 20, faculty required', value: roundHalfAway(required) }];
    if (required <= 0)
      return notAvailable({ formula, inputs, version: this.version, source: this.source }, `No students counted in ${y.year}`);
    return figure((2.0 * (10 * y.phd + 4 * y.mtech)) / required, { formula, inputs, version: this.version, source: this.source });
  },
  retention(r) {
    const formula = 'Retained % = retained / base x 100; marks >= 90 %: 10, >= 75 %: 8, >= 60 %: 6, >= 50 %: 4, else 0';
    const inputs = [
      { label: 'Base: faculty in position in CAYm2', value: r.base },
      { label: 'Of them, still in position in CAY', value: r.retained },
    ];
    const trace = { formula, inputs, version: this.version, source: this.source };
    if (r.base === 0) return notAvailable(trace, 'No faculty in position in CAYm2');
    const percent = (r.retained / r.base) * 100;
    return figure(
      floorMarks(percent, [
        [90, 10],
        [75, 8],
        [60, 6],
        [50, 4],
      ]),
      { ...trace, inputs: [...inputs, { label: 'Retained %', value: roundHalfAway(percent) }] },
      { digits: 0 },
    );
  },
};

/**
 * The 2025 SAR (GAPC v4.0). Source: `CRITERION5_2025_CITATION`.
 * - RF (required faculty) = S / 20; required cadre ratio 1 : 2 : 6, so RF1 = RF/9, RF2 = 2RF/9, RF3 = 6RF/9.
 * - Cadre marks = (AF1/RF1 + 0.6 x AF2/RF2 + 0.4 x AF3/RF3) x 12.5, capped at 25.
 * - FQI = 2.5 x (10X + 4Y) / RF, capped at 25.
 * - Retention = ((0A + 1B + 2C + 3D + 4E) / RF) x 2.5, capped at 10, A..E counting faculty by completed years of
 *   service; the source does not state the bands, so retention is not computed (the years of service are shown).
 * - SFR: the ratio S/F as in every version; the source gives no marks for it.
 */
export const SAR_2025: Criterion5Formulas = {
  version: 'SAR 2025 (GAPC v4)',
  source: CRITERION5_2025_CITATION,
  sfr(years) {
    const rs = ratios(years, this.version, this.source);
    const average = averageRatio(rs, years, this.version, this.source);
    const marks = notAvailable(
      {
        formula: 'Not available: the 2025 source gives the required faculty RF = S / 20 but no marks for the ratio',
        inputs: [{ label: 'Average SFR', value: average.text }],
        version: this.version,
        source: this.source,
      },
      'Marks not available (2025 SAR): the ratio is shown',
    );
    return { ratios: rs, average, marks };
  },
  cadre(y) {
    const rf = y.students / 20;
    const formula = 'Cadre = min(25, (AF1/RF1 + 0.6 x AF2/RF2 + 0.4 x AF3/RF3) x 12.5), RF = S/20, RF1 = RF/9, RF2 = 2RF/9, RF3 = 6RF/9';
    const inputs = [...yearInputs(y, 'S', 'AF'), { label: 'RF = S / 20', value: roundHalfAway(rf) }];
    if (rf <= 0) return notAvailable({ formula, inputs, version: this.version, source: this.source }, `No students counted in ${y.year}`);
    const raw =
      (y.cadre.professors / (rf / 9) + (0.6 * y.cadre.associates) / ((2 * rf) / 9) + (0.4 * y.cadre.assistants) / ((6 * rf) / 9)) * 12.5;
    return figure(
      Math.min(25, raw),
      { formula, inputs, version: this.version, source: this.source },
      raw > 25 ? { note: `Capped at 25 (computed ${roundHalfAway(raw)})` } : {},
    );
  },
  qualification(y) {
    const rf = y.students / 20;
    const formula = 'FQI = min(25, 2.5 x (10X + 4Y) / RF), RF = S / 20';
    const inputs = [...yearInputs(y, 'X', 'Y', 'S'), { label: 'RF = S / 20', value: roundHalfAway(rf) }];
    if (rf <= 0) return notAvailable({ formula, inputs, version: this.version, source: this.source }, `No students counted in ${y.year}`);
    const raw = (2.5 * (10 * y.phd + 4 * y.mtech)) / rf;
    return figure(
      Math.min(25, raw),
      { formula, inputs, version: this.version, source: this.source },
      raw > 25 ? { note: `Capped at 25 (computed ${roundHalfAway(raw)})` } : {},
    );
  },
  retention(r) {
    return notAvailable(
      {
        formula: 'Retention = min(10, ((0A + 1B + 2C + 3D + 4E) / RF) x 2.5); the service bands A..E are not stated by the source',
        inputs: [
          { label: 'RF (CAY)', value: roundHalfAway(r.required) },
          { label: 'Completed years of service in CAY, each member', value: r.serviceYears.join(', ') || 'none' },
        ],
        version: this.version,
        source: this.source,
      },
      'Not computed: the 2025 service bands A..E are not in the sources',
    );
  },
};

/** The formulas of each version. */
export const CRITERION5_FORMULAS: Readonly<Record<Criterion5Version, Criterion5Formulas>> = {
  'SAR 2019 (UG Tier II)': SAR_2019,
  'SAR 2025 (GAPC v4)': SAR_2025,
};
