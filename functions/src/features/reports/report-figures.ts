import { type Figure, type Trace, type TraceInput, roundHalfAway } from '@attain/shared-types';

/** The rounding rule of figures shown with two decimals (levels, averages, percents). */
export const TWO_DECIMALS = 'two decimals, half away from zero';
/** The rounding rule of counts and sums of whole numbers: none is needed. */
export const EXACT = 'none (exact)';

/**
 * A computed figure: `value` rounded half away from zero to `digits` decimals (default 2; 0 for counts), its text
 * written with exactly that many decimals (`2.50`, `12`) and `suffix` (e.g. `%`), and its trace; the trace's rounding
 * rule defaults to the one `digits` gives. A null (or not finite) value shows `-` and says why in `note`.
 */
export function figure(
  value: number | null,
  trace: Omit<Trace, 'rounding'> & { rounding?: string },
  opts: { digits?: number; suffix?: string; note?: string } = {},
): Figure {
  const digits = opts.digits ?? 2;
  const v = value === null || !Number.isFinite(value) ? null : roundHalfAway(value, digits);
  return {
    value: v,
    text: v === null ? '-' : `${v.toFixed(digits)}${opts.suffix ?? ''}`,
    trace: { ...trace, rounding: trace.rounding ?? (digits === 0 ? EXACT : TWO_DECIMALS) },
    ...(opts.note ? { note: opts.note } : {}),
  };
}

/** The rounding rule of a figure that cannot be computed (`notAvailable`). */
export const NOT_COMPUTED = 'not computed';

/** A figure that cannot be computed: no value, `-`, and `note` saying why (its trace still names the rule). */
export const notAvailable = (trace: Omit<Trace, 'rounding'>, note: string): Figure =>
  figure(null, { ...trace, rounding: NOT_COMPUTED }, { note });

const values = (inputs: readonly TraceInput[]) => inputs.map((i) => Number(i.value));
const names = (inputs: readonly TraceInput[]) => inputs.map((i) => i.label);

/**
 * The sum of `inputs` (`name = a + b + c`), exact when every input is whole, else to two decimals. An empty sum is 0.
 * @param name what the sum is, as the formula names it (e.g. `Credits of Term 1`)
 */
export function sumFigure(name: string, inputs: readonly TraceInput[], source?: string): Figure {
  const v = values(inputs).reduce((s, n) => s + n, 0);
  const whole = values(inputs).every(Number.isInteger);
  return figure(
    v,
    {
      formula: `${name} = ${inputs.length ? names(inputs).join(' + ') : '0'}`,
      inputs: [...inputs],
      rounding: whole ? EXACT : TWO_DECIMALS,
      source,
    },
    { digits: whole ? 0 : 2 },
  );
}

/**
 * The mean of `inputs` (`name = (a + b) / 2`) to two decimals, half away from zero; null (shown `-`) when there are
 * no inputs, with `note` saying so.
 */
export function meanFigure(name: string, inputs: readonly TraceInput[], source?: string): Figure {
  const n = inputs.length;
  const v = n ? values(inputs).reduce((s, x) => s + x, 0) / n : null;
  return figure(
    v,
    { formula: `${name} = (${n ? names(inputs).join(' + ') : 'nothing'}) / ${n}`, inputs: [...inputs], rounding: TWO_DECIMALS, source },
    n ? {} : { note: 'Nothing to average' },
  );
}

/** The largest of `inputs` (`name = max(a, b)`), exact; null (shown `-`) when there are none. */
export function maxFigure(name: string, inputs: readonly TraceInput[], source?: string): Figure {
  const v = inputs.length ? Math.max(...values(inputs)) : null;
  return figure(v, { formula: `${name} = max(${names(inputs).join(', ')})`, inputs: [...inputs], rounding: EXACT, source }, { digits: 0 });
}

/**
 * `part` as a percent of `whole` (0-100, two decimals, half away from zero, shown with `%`); null when `whole` is 0.
 * @param name e.g. `Share of CO1`; the inputs' labels name the part and the whole (e.g. `Marks on CO1`, `Paper total`)
 */
export function percentFigure(name: string, part: TraceInput, whole: TraceInput): Figure {
  const w = Number(whole.value);
  return figure(
    w ? (Number(part.value) / w) * 100 : null,
    { formula: `${name} = ${part.label} / ${whole.label} x 100`, inputs: [part, whole], rounding: TWO_DECIMALS },
    { suffix: '%', ...(w ? {} : { note: 'The total is 0' }) },
  );
}

/** How many records of a kind there are (`name = count of <what>`), exact, with each counted record as an input. */
export function countFigure(name: string, what: string, items: readonly TraceInput[]): Figure {
  return figure(items.length, { formula: `${name} = count of ${what}`, inputs: [...items], rounding: EXACT }, { digits: 0 });
}

/** A trace input: a label and a value as used. */
export const input = (label: string, value: string | number): TraceInput => ({ label, value });
