import { describe, expect, it } from 'vitest';
import { deliveryStatus } from '../../src/features/reports/builders/lab-lesson.js';
import { roundHalfAway } from '@attain/shared-types';
import { input, meanFigure, percentFigure, sumFigure } from '../../src/features/reports/report-figures.js';

describe('report figures', () => {
  it('rounds half away from zero, as the decimals were written', () => {
    expect(roundHalfAway(2.165)).toBe(2.17);
    expect(roundHalfAway(-2.165)).toBe(-2.17);
    expect(roundHalfAway(7 / 3)).toBe(2.33);
    expect(roundHalfAway(1.005)).toBe(1.01);
  });

  it('writes the formula with its inputs and the rounding rule', () => {
    const m = meanFigure('PO1', [input('CO1', 3), input('CO2', 2), input('CO3', 2)]);
    expect([m.value, m.text, m.trace.formula, m.trace.rounding]).toEqual([
      2.33,
      '2.33',
      'PO1 = (CO1 + CO2 + CO3) / 3',
      'two decimals, half away from zero',
    ]);
    expect(meanFigure('PO1', [])).toMatchObject({ value: null, text: '-' });
    expect(sumFigure('Credits', [input('A', 4), input('B', 3)])).toMatchObject({
      value: 7,
      text: '7',
      trace: { rounding: 'none (exact)' },
    });
    expect(percentFigure('Share of CO1', input('Marks on CO1', 10), input('Total', 30)).text).toBe('33.33%');
  });

  it('says how an experiment was delivered against its plan', () => {
    expect(deliveryStatus('2026-01-10', '2026-01-13')).toMatchObject({ value: 3, text: 'Late by 3 days' });
    expect(deliveryStatus('2026-02-01', '2026-01-31')).toMatchObject({ value: -1, text: 'Early by 1 day' });
    expect(deliveryStatus('2026-03-31', '2026-03-31')).toMatchObject({ value: 0, text: 'On time' });
    expect(deliveryStatus('2026-01-20', undefined)).toBe('Not delivered yet');
  });
});
