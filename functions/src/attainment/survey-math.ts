// Placeholder until the method branch lands (same signatures); replaced by that branch's file at merge.
export function surveyPercent(counts: readonly number[], weights: readonly number[]): number | null {
  if (counts.length !== weights.length) throw new RangeError('counts and weights differ in length');
  const max = Math.max(...weights);
  if (!(max > 0)) throw new RangeError('no weight above 0');
  const n = counts.reduce((a, b) => a + b, 0);
  if (!n) return null;
  return (counts.reduce((s, c, k) => s + c * weights[k], 0) / (n * max)) * 100;
}
export function marginOfError(n: number, N: number): number | null {
  if (n <= 0 || N <= 1) return null;
  if (n >= N) return 0;
  return 1.96 * Math.sqrt(0.25 / n) * Math.sqrt((N - n) / (N - 1)) * 100;
}
import type { AttainmentMethod } from '@attain/shared-types';
export function indirectLevel(percent: number, m: AttainmentMethod): number {
  if (percent >= (m.indirect_level3_percent ?? m.level3_percent)) return 3;
  if (percent >= (m.indirect_level2_percent ?? m.level2_percent)) return 2;
  if (percent >= (m.indirect_level1_percent ?? m.level1_percent)) return 1;
  return 0;
}
