import type { Figure } from '@attain/shared-types';

/**
 * A computed figure's trace in one line, for its tooltip: `S/F = 180 / 12; S (CAY) = 180, F = 12; rounded to 2
 * decimals`, and why it is missing when it has no value.
 */
export function traceSummary(f: Figure): string {
  const inputs = f.trace.inputs.map((i) => `${i.label} = ${i.value}`).join(', ');
  return [f.note, f.trace.formula, inputs, f.trace.rounding].filter(Boolean).join('; ');
}
