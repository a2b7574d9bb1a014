import type { AttainmentMethod, LevelBands } from '@attain/shared-types';

/**
 * The one band function of the attainment computation: direct levels (`levelFor` in compute.ts, percent of students
 * at the threshold) and indirect levels (`indirectLevel` in survey-math.ts, survey percent) both read their percent
 * here, each with its own bands. Pure, no AWS.
 */

/** Tolerance of a band edge (percent): a percent this close to an edge counts as on it (`7 / 10 * 100` is 70.000...01). */
const EDGE = 1e-9;

/** The method's rules a band reading follows. */
export type BandRules = Pick<AttainmentMethod, 'band_rule' | 'level1_rule' | 'fractional_levels'>;

/**
 * The level a percent earns against three bands, by the method's rules:
 * - `band_rule` `At least`: a band is reached at its percent (>=); `More than`: only above it (>);
 * - `level1_rule` `Any student (> 0 %)`: the level-1 band is 0 % and always "more than" (level 1 whenever the
 *   percent is above 0), whatever `band_rule` says;
 * - whole levels (`fractional_levels` false): 3, 2, 1 from the level-3, -2, -1 bands, else 0;
 * - fractional levels: 3 from the level-3 band; between the level-2 and level-3 bands 2 + the fraction of the way
 *   from one to the other, between the level-1 and level-2 bands 1 + that fraction; below the level-1 band 0. With
 *   `Any student`, from just above 0 % up to the level-2 band 1 + percent / level-2 band (level 1 still starts at
 *   any student; 0 % stays 0). The level rises continuously from the level-1 band up, so `band_rule` only decides
 *   the edge of level 1 there.
 * @param percent 0-100 (percent of students at the threshold, or a survey percent)
 * @param bands percent edges of level 3 >= level 2 >= level 1 (see `methodProblems`)
 * @returns level 0-3, unrounded
 */
export function bandLevel(percent: number, bands: LevelBands, rules: BandRules): number {
  const anyStudent = rules.level1_rule === 'Any student (> 0 %)';
  const strict = rules.band_rule === 'More than';
  const reaches = (edge: number, above: boolean) => (above ? percent > edge + EDGE : percent >= edge - EDGE);
  const level1 = anyStudent ? 0 : bands.level1;
  if (reaches(bands.level3, strict)) return 3;
  const at2 = reaches(bands.level2, strict);
  const at1 = reaches(level1, strict || anyStudent);
  if (!rules.fractional_levels) return at2 ? 2 : at1 ? 1 : 0;
  if (at2) return 2 + between(percent, bands.level2, bands.level3);
  if (at1) return 1 + between(percent, level1, bands.level2);
  return 0;
}

/** How far `percent` is from `low` to `high`, 0-1 (1 for an empty interval, which a reached band never leaves). */
const between = (percent: number, low: number, high: number) => (high > low ? Math.min(1, Math.max(0, (percent - low) / (high - low))) : 1);

/** Rounds an output to 2 decimals (percentages and levels as results show them; inputs are never rounded). */
export const round2 = (n: number) => Math.round(n * 100) / 100;
