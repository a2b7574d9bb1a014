import { type AttainmentMethod, type IndirectResult, type SurveyEvidence, indirectBands } from '@attain/shared-types';
import { bandLevel, round2 } from '../course-inputs/index.js';

/**
 * Survey (indirect) attainment arithmetic (docs/design.md "Attainment", docs/nba-sources.md "Survey (indirect)
 * formulas"): pure, no AWS. Percentages are 0-100, levels 0-3.
 */

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * The survey percent of one rating question (or of several pooled): sum(count_k x weight_k) / (respondents x max
 * weight) x 100, respondents = sum(counts). Both published forms are this formula with the point weights as data:
 * - three-point course-exit survey: %Slight x 0.33 + %Moderate x 0.67 + %Substantial x 1.0 (weights 0.33 / 0.67 / 1,
 *   an Indian university's attainment workbook, docs/nba-sources.md);
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
 * @returns percentage points; null when nobody answered; 0 when everyone answered
 * @throws RangeError when `respondents` is negative or not finite
 */
export function marginOfError(respondents: number, population: number): number | null {
  if (!Number.isFinite(respondents) || respondents < 0) throw new RangeError('Respondents must be 0 or more');
  if (respondents === 0) return null;
  if (respondents >= population) return 0;
  const correction = Number.isFinite(population) ? Math.sqrt((population - respondents) / (population - 1)) : 1;
  return 1.96 * Math.sqrt(0.25 / respondents) * correction * 100;
}

/**
 * The fewest respondents from `population` whose 95 % margin of error (`marginOfError`) is within `maxMargin`
 * percentage points: 26 of 60 and 10 of 12 at 15 points; the whole population when only a census reaches it.
 * @param population people the survey was for (>= 0)
 * @param maxMargin percentage points (> 0)
 */
export function responsesNeeded(population: number, maxMargin: number): number {
  const n = Math.max(0, Math.floor(population));
  // The margin falls as respondents rise, so the first n that meets it is the answer (binary search over 1..n).
  let lo = 1;
  let hi = Math.max(1, n);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((marginOfError(mid, n) ?? Infinity) <= maxMargin + 1e-9) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Whether a survey's answers may give an indirect level (the method's validity rule, both for attainment and for the
 * survey report): at least `min_responses` answered, and the 95 % margin of error of the answers from their
 * population is within `max_margin_of_error` points. Decided on the unrounded margin.
 * @param respondents people who answered (online and on paper)
 * @param population people the survey was for; fewer than `respondents` (e.g. a paper count above the invitees) reads
 *   as `respondents`
 * @returns the margin (percentage points, unrounded; null when nobody answered), the population used, the respondents
 *   needed, whether a level may be read, and when not, the `shortfall` in words ("12 of 60 responded; a survey level
 *   needs 26 for a 95 % margin of error within ± 15 points (this survey's: ± 24.53)", or "...; the method's minimum
 *   is 20")
 */
export function surveyValidity(
  respondents: number,
  population: number,
  m: Pick<AttainmentMethod, 'min_responses' | 'max_margin_of_error'>,
): { margin: number | null; population: number; needed: number; valid: boolean; shortfall?: string } {
  const everyone = Math.max(population, respondents);
  const margin = marginOfError(respondents, everyone);
  const needed = Math.max(m.min_responses, responsesNeeded(everyone, m.max_margin_of_error));
  const valid = respondents >= needed && margin !== null && margin <= m.max_margin_of_error + 1e-9;
  if (valid) return { margin, population: everyone, needed, valid };
  const why =
    respondents < m.min_responses
      ? `the method's minimum is ${m.min_responses}`
      : `a survey level needs ${needed} for a 95 % margin of error within ± ${m.max_margin_of_error} points` +
        (margin === null ? '' : ` (this survey's: ± ${round2(margin).toFixed(2)})`);
  return { margin, population: everyone, needed, valid, shortfall: `${respondents} of ${everyone} responded; ${why}` };
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
 * An outcome's indirect result from its survey evidence (percent unrounded): when `surveyValidity` allows, `level` by
 * `indirectLevel` decided on the unrounded percent (59.995 % stays below a 60 % band), then `percent`, `level` and the
 * margin rounded to 2 decimals for display; otherwise `level` null and the validity note ("12 of 60 responded; a
 * survey level needs 26 ...").
 */
export function indirectResult(evidence: SurveyEvidence, m: AttainmentMethod): IndirectResult {
  const v = surveyValidity(evidence.respondents, evidence.population ?? evidence.respondents, m);
  const shown = {
    ...evidence,
    population: v.population,
    percent: round2(evidence.percent),
    margin_of_error: v.margin === null ? null : round2(v.margin),
    needed: v.needed,
  };
  if (!v.valid) return { ...shown, level: null, note: `${v.shortfall}: no indirect level used` };
  return { ...shown, level: round2(indirectLevel(evidence.percent, m)) };
}
