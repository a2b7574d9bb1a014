import type { SarFormatDef } from './sar-format.js';

/** NBA's possible decisions. */
export type AccreditationOutcome = 'Accredited for 6 years' | 'Accredited for 3 years' | 'Not accredited';

/** A criterion's standing: its marks (awarded by formula or claimed), its maximum, and the percent of it (0-100). */
export interface CriterionStanding {
  number: string;
  marks: number;
  max: number;
  percent: number;
}

/** What the rule projects: the total, each criterion's standing, the outcome, and the criteria below each line. */
export interface Projection {
  /** Total marks (out of 1000). */
  total: number;
  criteria: CriterionStanding[];
  outcome: AccreditationOutcome;
  /** Criteria below the six-year per-criterion line (empty where the format states none). */
  belowSixYears: string[];
  /** Criteria below the three-year per-criterion line (empty where the format states none). */
  belowThreeYears: string[];
  /** Marks the total lacks for six years (0 when reached). */
  shortOfSixYears: number;
}

/**
 * Applies a format's decision rule (`SarFormatDef.rule`) to each criterion's marks (by criterion number; a criterion
 * without marks counts 0). Six years needs the total to reach `sixYears.total` and every criterion to reach
 * `sixYears.criterionPercent` of its marks (when the format states one); three years the same with `threeYears`;
 * anything else is not accredited. Marks are compared as given (no rounding): 749.9 is below 750 and 59.9 % below
 * 60 %. Percent is 100 × marks / max.
 */
export function projectOutcome(format: SarFormatDef, marks: ReadonlyMap<string, number>): Projection {
  const criteria = format.criteria.map((c) => {
    const m = marks.get(c.number) ?? 0;
    return { number: c.number, marks: m, max: c.marks, percent: (100 * m) / c.marks };
  });
  const total = criteria.reduce((s, c) => s + c.marks, 0);
  const below = (pct: number | null) => (pct === null ? [] : criteria.filter((c) => c.percent < pct).map((c) => c.number));
  const { sixYears, threeYears } = format.rule;
  const belowSixYears = below(sixYears.criterionPercent);
  const belowThreeYears = below(threeYears.criterionPercent);
  const outcome: AccreditationOutcome =
    total >= sixYears.total && !belowSixYears.length
      ? 'Accredited for 6 years'
      : total >= threeYears.total && !belowThreeYears.length
        ? 'Accredited for 3 years'
        : 'Not accredited';
  return { total, criteria, outcome, belowSixYears, belowThreeYears, shortOfSixYears: Math.max(0, sixYears.total - total) };
}
