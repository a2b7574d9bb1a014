import { type AttainmentMethod, type IndirectResult, type SurveyEvidence, indirectBands } from '@attain/shared-types';
import { bandLevel, round2 } from './bands.js';

/**
 * Survey (indirect) attainment arithmetic (DESIGN.md "Attainment", shared/data/nba-sar-criteria.md "Survey (indirect)
 * formulas"): pure, no AWS. Percentages are 0-100, levels 0-3.
 */

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * The survey percent of one rating question (or of several pooled): sum(count_k x weight_k) / (respondents x max
 * weight) x 100, respondents = sum(counts). Both published forms are this formula with the point weights as data:
 * - three-point course-exit survey: %Slight x 0.33 + %Moderate x 0.67 + %Substantial x 1.0 (weights 0.33 / 0.67 / 1,
 *   an Indian university's attainment workbook, nba-sar-criteria.md);
 * - five-point: (5 SA + 4 A + 3 N + 2 D + 1 SD) / (respondents x 5) (weights 1..5,
 *   https://www.deepeshdivakaran.com/post/obe-attainment4).
 * @param counts respondents per scale point (online answers and paper counts together), whole numbers >= 0
 * @param weights the scale points' weights, in the order of `counts`
 * @returns percent 0-100, unrounded; null when nobody responded
 * @throws RangeError when the lengths differ, a count is negative or not finite, or the largest weight is not above 0
 */
export function surveyPercent(counts: readonly number[], weights: readonly number[]): number | null {
  if (counts.length !== weights.length) throw new RangeError(`${counts.length} counts for ${weights.length} scale points`);
  const top = weights.length ? Math.max(...weights) : Number.NaN;
  if (!(top > 0)) throw new RangeError('The largest weight of the scale must be above 0');
  if (counts.some((c) => !Number.isFinite(c) || c < 0)) throw new RangeError('Counts must be numbers of respondents (0 or more)');
  const respondents = sum(counts);
  if (respondents === 0) return null;
  return (sum(counts.map((c, k) => c * weights[k])) / (respondents * top)) * 100;
}

/**
 * The 95 % margin of error of a proportion estimated from `respondents` of a `population` (e.g. 40 of a course's 60
 * students answered), at the most uncertain proportion p = 0.5, with the finite population correction:
 * 1.96 x sqrt(p(1 - p) / n) x sqrt((N - n) / (N - 1)) x 100, in percentage points. Standard source: W. G. Cochran,
 * Sampling Techniques, 3rd ed. (Wiley, 1977), ch. 3 (the variance of a sample proportion, PQ/n x (N - n)/(N - 1)).
 * Use it to judge a survey's minimum responses: 25 of 121 gives +/- 17.53 points.
 * @param respondents n, people who answered (>= 0)
 * @param population N, people the survey was for (`Infinity`: a population so large no correction applies)
 * @returns percentage points; null when nobody answered or the population is 1 or less; 0 when everyone answered
 * @throws RangeError when `respondents` is negative or not finite
 */
export function marginOfError(respondents: number, population: number): number | null {
  if (!Number.isFinite(respondents) || respondents < 0) throw new RangeError('Respondents must be 0 or more');
  if (respondents === 0 || !(population > 1)) return null;
  if (respondents >= population) return 0;
  const correction = Number.isFinite(population) ? Math.sqrt((population - respondents) / (population - 1)) : 1;
  return 1.96 * Math.sqrt(0.25 / respondents) * correction * 100;
}

/**
 * The indirect level a survey percent earns: the method's survey bands (`indirect_level3/2/1_percent`, each one not
 * given = the direct band, as the published three-point workbook reads surveys by the direct bands) read by the same
 * rules as the direct side (`band_rule`, `level1_rule`, `fractional_levels`; see `bandLevel`).
 * @param percent survey percent 0-100
 * @returns level 0-3, unrounded
 */
export function indirectLevel(percent: number, m: AttainmentMethod): number {
  return bandLevel(percent, indirectBands(m), m);
}

/**
 * An outcome's indirect result from its survey evidence (percent unrounded): `level` by `indirectLevel` decided on the
 * unrounded percent (59.995 % stays below a 60 % band), then `percent` and `level` rounded to 2 decimals for display;
 * or `level` null and a note when fewer than the method's `min_responses` responded
 * ("12 responses, fewer than the method's minimum of 20: no indirect level used").
 */
export function indirectResult(evidence: SurveyEvidence, m: AttainmentMethod): IndirectResult {
  const percent = round2(evidence.percent);
  if (evidence.respondents < m.min_responses) {
    const n = evidence.respondents;
    return {
      ...evidence,
      percent,
      level: null,
      note: `${n} response${n === 1 ? '' : 's'}, fewer than the method's minimum of ${m.min_responses}: no indirect level used`,
    };
  }
  return { ...evidence, percent, level: round2(indirectLevel(evidence.percent, m)) };
}
