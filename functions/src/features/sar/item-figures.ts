import type { Figure, TraceInput } from '@attain/shared-types';
import { figure, notAvailable } from '../reports/index.js';

/*
 * What the SAR's computed items share: a row per year or batch, their average, and marks from that average, each a
 * figure with its trace (`criterion4-formulas.ts`, `criterion8-formulas.ts`).
 */

/** Whether every value is entered (a finite number). */
export const known = (...xs: (number | null | undefined)[]): boolean => xs.every((x) => typeof x === 'number' && Number.isFinite(x));

/** An item's figures: one row per year or batch (labelled in NBA's words, e.g. `LYG 2021-22`), their average, its marks. */
export interface ItemFigures {
  rows: { label: string; figure: Figure }[];
  average: Figure;
  marks: Figure;
}

/** One row's value before it becomes a figure: what it is, its inputs and either its value or why there is none. */
export interface Row {
  label: string;
  formula: string;
  inputs: TraceInput[];
  value: number | null;
  missing?: string;
}

/** The rule a figure follows: its version (e.g. `Tier II (2015)`) and the NBA document and item it cites. */
export interface Rule {
  version: string;
  source: string;
}

/**
 * The rows as figures, their average over the rows with a value, and the marks `mark` gives that (unrounded) average.
 * @param mark the marks for an average, with the marking formula, or null marks with the reason
 */
export function score(
  rows: Row[],
  rule: Rule,
  averageName: string,
  mark: (avg: number) => { value: number | null; formula: string; note?: string },
): ItemFigures {
  const trace = (formula: string, inputs: TraceInput[]) => ({ formula, inputs, version: rule.version, source: rule.source });
  const figures = rows.map((r) => ({
    label: r.label,
    figure:
      r.value === null ? notAvailable(trace(r.formula, r.inputs), r.missing ?? 'Not entered') : figure(r.value, trace(r.formula, r.inputs)),
  }));
  const values = rows.flatMap((r) => (r.value === null ? [] : [r.value]));
  const avgInputs = figures.map((f) => ({ label: `${averageName} (${f.label})`, value: f.figure.text }));
  const avgFormula = `Average ${averageName} = mean of the ${rows.length} values with data`;
  if (!values.length) {
    const none = notAvailable(trace(avgFormula, avgInputs), `No ${averageName} can be computed: enter the batches' figures`);
    return { rows: figures, average: none, marks: notAvailable(trace('Marks from the average', avgInputs), 'No average to mark') };
  }
  const avg = values.reduce((s, v) => s + v, 0) / values.length;
  const partial = values.length < rows.length ? `Average of ${values.length} of ${rows.length}: the others lack data` : undefined;
  const m = mark(avg);
  // The marks' trace names every row's value and the unrounded average it was computed from.
  const marksTrace = trace(m.formula, [...avgInputs, { label: `Average ${averageName}`, value: avg.toFixed(4) }]);
  return {
    rows: figures,
    average: figure(avg, trace(avgFormula, avgInputs), partial ? { note: partial } : {}),
    marks: m.value === null ? notAvailable(marksTrace, m.note ?? 'No marks') : figure(m.value, marksTrace, m.note ? { note: m.note } : {}),
  };
}

/** Marks by the first band whose `atLeast` the value reaches; below every band, `below`. */
export const floorBand = (v: number, bands: readonly (readonly [atLeast: number, marks: number])[], below: number | null) => {
  for (const [atLeast, marks] of bands) if (v >= atLeast) return marks;
  return below;
};
