import { type NbaYearLabel, type SarCriterionDef, nbaYearLabel, nbaYears } from '@attain/shared-types';

/** One labelled year of a SAR: NBA's label and the academic year (a batch's entry year for `LYG`..). */
export interface LabelledYear {
  label: NbaYearLabel;
  year: string;
}

/**
 * The labelled years of a SAR made for `cay` (`nbaYears`, the one vocabulary) that `labels` names, in its order:
 * a format item's `years` (`CAY, CAYm1, CAYm2`, `LYG, LYGm1, LYGm2`); a label that is not NBA's is left out.
 */
export function pickYears(cay: string, duration: number, labels: string): LabelledYear[] {
  const all = nbaYears(cay, duration);
  return labels
    .split(',')
    .map((l) => all.find((y) => y.label === l.trim()))
    .filter((y): y is LabelledYear => Boolean(y));
}

/** An academic year as the SAR made for `cay` names it: `CAYm1 2024-25` (`nbaYearLabel`, the same labels as `nbaYears`). */
export const yearText = (cay: string) => (year: string) => `${nbaYearLabel(year, cay)} ${year}`;

/**
 * The header lines of a SAR made for `cay` that say its years: the year it is made for, every labelled year its
 * `criteria` use (from the format's items' `years`) with its academic year, and per criterion the labels it uses,
 * e.g. "Years: CAY 2025-26, CAYm1 2024-25; batches by entry year: LYG 2021-22" and
 * "Years each criterion uses: Criterion 4: CAY, CAYm1, CAYm2, CAYm3, LYG, LYGm1, LYGm2". Criteria without years are
 * not named.
 */
export function yearLines(cay: string, duration: number, criteria: readonly SarCriterionDef[]): string[] {
  const order = nbaYears(cay, duration);
  const uses = criteria
    .map((c) => {
      const labels = new Set(c.items.flatMap((i) => pickYears(cay, duration, i.years ?? '').map((y) => y.label)));
      return { c, years: order.filter((y) => labels.has(y.label)) };
    })
    .filter((u) => u.years.length);
  const used = order.filter((y) => uses.some((u) => u.years.includes(y)));
  const academic = used.filter((y) => y.label.startsWith('CAY'));
  const batches = used.filter((y) => y.label.startsWith('LYG'));
  const text = (ys: readonly LabelledYear[]) => ys.map((y) => `${y.label} ${y.year}`).join(', ');
  return [
    `Report year (CAY): ${cay}`,
    ...(used.length
      ? [`Years: ${[text(academic), ...(batches.length ? [`batches by entry year: ${text(batches)}`] : [])].filter(Boolean).join('; ')}`]
      : []),
    ...(uses.length
      ? [`Years each criterion uses: ${uses.map((u) => `Criterion ${u.c.number}: ${u.years.map((y) => y.label).join(', ')}`).join('; ')}`]
      : []),
  ];
}
