import { describe, expect, it } from 'vitest';
import {
  type Batch,
  type Criterion4Input,
  api2025,
  apiSecondYear2016,
  apiThirdYear2015,
  enrolment2015,
  enrolment2025,
  placement2015,
  placement2016,
  placement2025,
  success2025,
  successNoBacklog2015,
  successNoBacklog2016,
  successStipulated2015,
  successStipulated2016,
} from '../../src/features/sar/criterion4-formulas.js';

// A 4-year program whose report's CAY is 2025-26: LYG entered 2021-22, LYGm1 2020-21, LYGm2 2019-20; the enrolment
// ratio reads the batches entering 2025-26, 2024-25, 2023-24; academic performance the assessment years 2024-25
// (CAYm1), 2023-24 and 2022-23.
const empty: Omit<Batch, 'entry_year'> = {
  sanctioned: null,
  admitted: null,
  lateral: null,
  separate_division: null,
  supernumerary: null,
  multiple_entry: null,
  multiple_exit: null,
  graduated_without_backlog: null,
  graduated_in_period: null,
  final_year: null,
  placed: null,
  higher_studies: null,
  entrepreneurs: null,
  study_years: [],
};
const batch = (entry_year: string, b: Partial<Batch>): Batch => ({ ...empty, entry_year, ...b });
const BATCHES: Batch[] = [
  batch('2025-26', { sanctioned: 60, admitted: 57, supernumerary: 0 }),
  batch('2024-25', { sanctioned: 60, admitted: 51, supernumerary: 3 }),
  batch('2023-24', { sanctioned: 60, admitted: 45, supernumerary: 0 }),
  // Third year in 2024-25: X 7.5, 50 of 60 successful.
  batch('2022-23', {
    sanctioned: 60,
    admitted: 60,
    study_years: [{ year: 3, appeared: 60, successful: 50, mean_gpa: 7.5, mean_percent: null }],
  }),
  // LYG: third year in 2023-24 given as a mean percent (72 % -> X 7.2), 54 of 60.
  batch('2021-22', {
    sanctioned: 60,
    admitted: 60,
    lateral: 6,
    separate_division: 0,
    multiple_entry: 0,
    multiple_exit: 2,
    graduated_without_backlog: 33,
    graduated_in_period: 55,
    final_year: 62,
    placed: 40,
    higher_studies: 6,
    entrepreneurs: 2,
    study_years: [
      { year: 2, appeared: 66, successful: 60, mean_gpa: 7.0, mean_percent: null },
      { year: 3, appeared: 60, successful: 54, mean_gpa: null, mean_percent: 72 },
    ],
  }),
  // LYGm1: third year in 2022-23: X 8.2, 45 of 60.
  batch('2020-21', {
    sanctioned: 60,
    admitted: 58,
    lateral: 12,
    separate_division: 0,
    multiple_entry: 2,
    multiple_exit: 0,
    graduated_without_backlog: 48,
    graduated_in_period: 56,
    final_year: 60,
    placed: 42,
    higher_studies: 5,
    entrepreneurs: 1,
    study_years: [{ year: 3, appeared: 60, successful: 45, mean_gpa: 8.2, mean_percent: null }],
  }),
  batch('2019-20', {
    sanctioned: 60,
    admitted: 60,
    lateral: 10,
    separate_division: 0,
    graduated_without_backlog: 30,
    graduated_in_period: 54,
    final_year: 58,
    placed: 35,
    higher_studies: 4,
    entrepreneurs: 0,
  }),
];
const input = (batches = BATCHES): Criterion4Input => ({
  batches: new Map(batches.map((b) => [b.entry_year, b])),
  cay: '2025-26',
  duration: 4,
});
const values = (r: ReturnType<typeof enrolment2015>) => r.rows.map((x) => x.figure.value);

describe('Criterion 4: enrolment ratio', () => {
  it('Tier II: ER = N1/N over CAY, CAYm1, CAYm2, averaged, then banded', () => {
    // 57/60 = 95 %, 51/60 = 85 %, 45/60 = 75 %; average 85 % -> 18 (>= 80 %).
    const r = enrolment2015(input());
    expect(r.rows.map((x) => x.label)).toEqual(['CAY 2025-26', 'CAYm1 2024-25', 'CAYm2 2023-24']);
    expect(values(r)).toEqual([95, 85, 75]);
    expect(r.average.value).toBe(85);
    expect(r.marks.value).toBe(18);
    expect(r.marks.trace.formula).toMatch(/>= 80 %: 18/);
    expect(r.marks.trace.source).toMatch(/^NBA SAR, UG Engineering Tier II \(June 2015\), Criterion 4/);
  });
  it('2025: ER = (N1 + N4)/N; 90 % -> 20, 80 % -> 17, and below 80 % no marks, said so', () => {
    // 95 %, (51 + 3)/60 = 90 %, 75 %: average 86.67 % -> 17.
    const r = enrolment2025(input());
    expect(values(r)).toEqual([95, 90, 75]);
    expect(r.average.value).toBe(86.67);
    expect(r.marks.value).toBe(17);
    // 2024-25 at 42 + 0 = 70 %: average (95 + 70 + 75) / 3 = 80 % exactly -> 17; one fewer admitted -> no marks.
    const at80 = BATCHES.map((b) => (b.entry_year === '2024-25' ? { ...b, admitted: 42, supernumerary: 0 } : b));
    expect(enrolment2025(input(at80)).marks.value).toBe(17);
    const below = BATCHES.map((b) => (b.entry_year === '2024-25' ? { ...b, admitted: 41, supernumerary: 0 } : b));
    const r2 = enrolment2025(input(below));
    expect(r2.marks.value).toBeNull();
    expect(r2.marks.note).toMatch(/below 80 % were not found/);
  });
});

describe('Criterion 4: success rates', () => {
  it('Tier II 4.2.1: SI = graduates without backlog / (N1 + N2 + N3) of LYG, LYGm1, LYGm2; 25 x average', () => {
    // LYG 33/66 = 0.5, LYGm1 48/70 = 0.6857, LYGm2 30/70 = 0.4286; average 0.5381 -> 25 x 0.5381 = 13.45.
    const r = successNoBacklog2015(input());
    expect(r.rows.map((x) => x.label)).toEqual(['LYG 2021-22', 'LYGm1 2020-21', 'LYGm2 2019-20']);
    expect(values(r)).toEqual([0.5, 0.69, 0.43]);
    expect(r.average.value).toBe(0.54);
    expect(r.marks.value).toBe(13.45);
    // Tier I: 15 x the same average = 8.07.
    expect(successNoBacklog2016(input()).marks.value).toBe(8.07);
  });
  it('Tier II 4.2.2: graduates in the stipulated period; 15 x average (Tier I: 5 x)', () => {
    // 55/66 = 0.8333, 56/70 = 0.8, 54/70 = 0.7714; average 0.8016 -> 15 x = 12.02; 5 x = 4.01.
    expect(values(successStipulated2015(input()))).toEqual([0.83, 0.8, 0.77]);
    expect(successStipulated2015(input()).marks.value).toBe(12.02);
    expect(successStipulated2016(input()).marks.value).toBe(4.01);
  });
  it('2025 4.2: SR = B / A x 100, A = N1 + N2 + N3 + N5 - N6 floored at N + N2 (N2 up to 10 % of N); 1.5 x average / 10', () => {
    // LYG: A = 60 + 6 + 0 + 0 - 2 = 64 < 66, so A = 60 + 6 = 66; 55/66 = 83.33 %.
    // LYGm1: A = 58 + 12 + 0 + 2 - 0 = 72, not below 72: 56/72 = 77.78 %.
    // LYGm2: A = 60 + 10 = 70, not below 70: 54/70 = 77.14 %.
    // Average 79.42 % -> 1.5 x 79.42 / 10 = 11.91.
    const r = success2025(input());
    expect(values(r)).toEqual([83.33, 77.78, 77.14]);
    expect(r.marks.value).toBe(11.91);
    // LYGm2 with N1 50: A = 60 < 70, so A = 60 + min(10, 6) = 66: 54/66 = 81.82 %.
    const low = success2025(input(BATCHES.map((b) => (b.entry_year === '2019-20' ? { ...b, admitted: 50 } : b))));
    expect(low.rows[2].figure.value).toBe(81.82);
  });
});

describe('Criterion 4: academic performance', () => {
  it('Tier II 4.3: API = X x Y / Z of the third year in CAYm1, CAYm2, CAYm3; 1.5 x average', () => {
    // 2024-25 (entered 2022-23): 7.5 x 50/60 = 6.25; 2023-24 (2021-22): 7.2 x 54/60 = 6.48; 2022-23 (2020-21):
    // 8.2 x 45/60 = 6.15. Average 6.2933 -> 1.5 x = 9.44.
    const r = apiThirdYear2015(input());
    expect(r.rows.map((x) => x.label)).toEqual(['CAYm1 2024-25', 'CAYm2 2023-24', 'CAYm3 2022-23']);
    expect(values(r)).toEqual([6.25, 6.48, 6.15]);
    expect(r.average.value).toBe(6.29);
    expect(r.marks.value).toBe(9.44);
    expect(r.rows[1].figure.trace.inputs).toContainEqual({ label: 'X, mean GPA of successful students (or mean % / 10)', value: 7.2 });
  });
  it('averages the years with data and says how many; no year with data gives no marks', () => {
    // Second year: only 2022-23 (entered 2021-22) has data: 7.0 x 60/66 = 6.36; Tier I marks = the average API.
    const r = apiSecondYear2016(input());
    expect(values(r)).toEqual([null, null, 6.36]);
    expect(r.rows[0].figure.note).toBe('Not entered');
    expect(r.average.note).toBe('Average of 1 of 3: the others lack data');
    expect(r.marks.value).toBe(6.36);
    const none = api2025(1)(input());
    expect(none.average.value).toBeNull();
    expect(none.marks.value).toBeNull();
  });
});

describe('Criterion 4: placement, higher studies and entrepreneurship', () => {
  it('Tier II 4.5: P = (x + y + z) / N of the final year, LYG..LYGm2; 40 x average (Tier I 4.4: 30 x)', () => {
    // 48/62 = 0.7742, 48/60 = 0.8, 39/58 = 0.6724; average 0.7489 -> 40 x = 29.95; 30 x = 22.47.
    const r = placement2015(input());
    expect(values(r)).toEqual([0.77, 0.8, 0.67]);
    expect(r.marks.value).toBe(29.95);
    expect(placement2016(input()).marks.value).toBe(22.47);
  });
  it('2025 4.6: P = (X + Y + Z) / FS x 100, FS floored at N + N2 (N2 up to 10 % of N); 0.3 x average', () => {
    // LYG: FS 62 < 66 -> 66: 48/66 = 72.73 %; LYGm1: 60 < 72 -> 60 + 6 = 66: 72.73 %; LYGm2: 58 < 70 -> 66: 59.09 %.
    // Average 68.18 % -> 0.3 x = 20.45.
    const r = placement2025(input());
    expect(values(r)).toEqual([72.73, 72.73, 59.09]);
    expect(r.marks.value).toBe(20.45);
  });
});
