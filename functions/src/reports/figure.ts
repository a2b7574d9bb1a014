import type { Figure, Trace } from '@attain/shared-types';

/** The rounding rule of every two-decimal figure of the reports (JavaScript's `Math.round` on hundredths). */
export const TWO_DECIMALS = 'two decimals (hundredths rounded half up)';
/** The rounding rule of counts and other whole figures. */
export const WHOLE = 'none (a count)';

/** `n` rounded to two decimals, as `TWO_DECIMALS` states. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * A computed figure: `value` (null when it cannot be computed) rounded by `digits` (2 by default, 0 for counts), its
 * text (`-` when null, else the number with up to `digits` decimals) and its trace. `rounding` defaults to the rule
 * that matches `digits`.
 */
export function figure(
  value: number | null,
  trace: Omit<Trace, 'rounding'> & { rounding?: string },
  opts: { digits?: 0 | 2; note?: string; suffix?: string } = {},
): Figure {
  const digits = opts.digits ?? 2;
  const v = value === null || !Number.isFinite(value) ? null : digits === 0 ? Math.round(value) : round2(value);
  return {
    value: v,
    text: v === null ? '-' : `${v}${opts.suffix ?? ''}`,
    trace: { ...trace, rounding: trace.rounding ?? (digits === 0 ? WHOLE : TWO_DECIMALS) },
    ...(opts.note ? { note: opts.note } : {}),
  };
}

/** A figure that cannot be computed: no value, `-`, and `note` saying why (its trace still names the rule). */
export const notAvailable = (trace: Omit<Trace, 'rounding'>, note: string): Figure =>
  figure(null, { ...trace, rounding: 'not computed' }, { note });
