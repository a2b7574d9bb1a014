import { describe, expect, it } from 'vitest';
import { type FirstYear, firstYearPerformance, firstYearQualification, firstYearSfr } from '../../src/features/sar/criterion8-formulas.js';

// The first year of a college with 180 first-year students a year; the report's CAY is 2025-26.
const year = (y: string, v: Partial<FirstYear>): FirstYear => ({
  year: y,
  students: null,
  faculty: null,
  phd: null,
  pg: null,
  appeared: null,
  successful: null,
  mean_gpa: null,
  mean_percent: null,
  ...v,
});
const YEARS = new Map(
  [
    year('2025-26', { students: 180, faculty: 9, phd: 3, pg: 6, appeared: 175, successful: 150, mean_gpa: 7.0 }),
    year('2024-25', { students: 180, faculty: 8, phd: 2, pg: 6, appeared: 180, successful: 160, mean_percent: 68 }),
    year('2023-24', { students: 180, faculty: 6.5, phd: 2, pg: 8, appeared: 180, successful: 170, mean_gpa: 7.5 }),
  ].map((y) => [y.year, y]),
);
const values = (r: ReturnType<typeof firstYearSfr>) => r.rows.map((x) => x.figure.value);

describe('Criterion 8: first year academics (Tier II and Tier I)', () => {
  it('8.1: each year 5 x 20 / FYSFR up to 5, 0 above 25; marks the average of the three assessments', () => {
    // 180/9 = 20 -> 5; 180/8 = 22.5 -> 4.44; 180/6.5 = 27.69 > 25 -> 0. Average 3.15.
    const r = firstYearSfr(YEARS, '2025-26');
    expect(r.rows.map((x) => x.label)).toEqual(['CAY 2025-26', 'CAYm1 2024-25', 'CAYm2 2023-24']);
    expect(values(r)).toEqual([5, 4.44, 0]);
    expect(r.marks.value).toBe(3.15);
    expect(r.marks.trace.source).toMatch(/Criterion 8 \(8\.1 first-year student-faculty ratio/);
    // 12 faculty: FYSFR 15 would give 6.67, limited to 5.
    expect(firstYearSfr(new Map([['2025-26', { ...YEARS.get('2025-26')!, faculty: 12 }]]), '2025-26').rows[0].figure.value).toBe(5);
  });
  it('8.2: each year (5x + 3y) / RF with RF = students / 20; marks the average', () => {
    // RF 9: (15 + 18)/9 = 3.67; (10 + 18)/9 = 3.11; (10 + 24)/9 = 3.78. Average 3.52.
    const r = firstYearQualification(YEARS, '2025-26');
    expect(values(r)).toEqual([3.67, 3.11, 3.78]);
    expect(r.marks.value).toBe(3.52);
  });
  it('8.3: API = X x Y / Z with X the mean GPA or mean % / 10; marks the average API', () => {
    // 7.0 x 150/175 = 6.0; 6.8 x 160/180 = 6.04; 7.5 x 170/180 = 7.08. Average 6.38.
    const r = firstYearPerformance(YEARS, '2025-26');
    expect(values(r)).toEqual([6, 6.04, 7.08]);
    expect(r.marks.value).toBe(6.38);
    // A year not entered is shown as such and left out of the average.
    const two = firstYearPerformance(new Map([...YEARS].filter(([y]) => y !== '2024-25')), '2025-26');
    expect(two.rows[1].figure.note).toBe('Not entered');
    expect(two.marks.value).toBe(6.54);
  });
});
