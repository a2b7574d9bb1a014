import { describe, expect, it } from 'vitest';
import { type FacultyYear, SAR_2019, SAR_2025 } from '../../src/features/sar/criterion5-formulas.js';

/** Three assessment years of a department, the numbers chosen so each formula can be worked by hand. */
const year = (y: string, students: number, faculty: number, extra: Partial<FacultyYear> = {}): FacultyYear => ({
  year: y,
  students,
  faculty,
  regular: faculty,
  phd: 0,
  mtech: 0,
  cadre: { professors: 0, associates: 0, assistants: faculty },
  ...extra,
});
const YEARS = [year('2025-26', 180, 12), year('2024-25', 170, 11), year('2023-24', 160, 10)];

describe('Criterion 5.1 student-faculty ratio', () => {
  it('2019: S/F per year, their average, and the marks band of the average', () => {
    const r = SAR_2019.sfr(YEARS);
    // 180/12 = 15; 170/11 = 15.4545..; 160/10 = 16.
    expect(r.ratios.map((f) => f.value)).toEqual([15, 15.45, 16]);
    // (15 + 15.4545.. + 16) / 3 = 46.4545.. / 3 = 15.4848.. -> 15.48; 15 < 15.48 <= 17 earns 18 marks.
    expect(r.average.value).toBe(15.48);
    expect(r.marks.value).toBe(18);
    expect(r.marks.trace.version).toBe('SAR 2019 (UG Tier II)');
    expect(r.ratios[0].trace.inputs).toEqual([
      { label: 'S, students (2025-26)', value: 180 },
      { label: 'F, faculty in position (2025-26)', value: 12 },
    ]);
  });

  it('2019: a year with no faculty has no ratio and the average uses the other years', () => {
    const r = SAR_2019.sfr([year('2025-26', 240, 10), year('2024-25', 200, 0), year('2023-24', 260, 10)]);
    expect(r.ratios[1].value).toBeNull();
    expect(r.ratios[1].note).toMatch(/No faculty/);
    // (24 + 26) / 2 = 25 -> <= 25 earns 10.
    expect(r.average.value).toBe(25);
    expect(r.marks.value).toBe(10);
    // Above 25 earns nothing.
    expect(SAR_2019.sfr([year('2025-26', 252, 10)]).marks.value).toBe(0);
  });

  it('2025: the same ratio, and no marks because the source gives none', () => {
    const r = SAR_2025.sfr(YEARS);
    expect(r.average.value).toBe(15.48);
    expect(r.marks.value).toBeNull();
    expect(r.marks.note).toMatch(/not available/i);
  });
});

describe('Criterion 5.2 faculty cadre proportion', () => {
  it('2025: (AF1/RF1 + 0.6 AF2/RF2 + 0.4 AF3/RF3) x 12.5 with RF = S/20 in the ratio 1:2:6', () => {
    // S = 180 -> RF = 9, RF1 = 1, RF2 = 2, RF3 = 6. AF = 0, 1, 6: (0 + 0.6 x 1/2 + 0.4 x 6/6) x 12.5 = 0.7 x 12.5 = 8.75.
    const f = SAR_2025.cadre(year('2025-26', 180, 7, { cadre: { professors: 0, associates: 1, assistants: 6 } }));
    expect(f.value).toBe(8.75);
    expect(f.trace.inputs).toContainEqual({ label: 'RF = S / 20', value: 9 });
  });

  it('2025: capped at 25', () => {
    // AF = 1, 2, 9: (1 + 0.6 + 0.4 x 9/6) x 12.5 = 2.2 x 12.5 = 27.5 -> 25.
    const f = SAR_2025.cadre(year('2025-26', 180, 12, { cadre: { professors: 1, associates: 2, assistants: 9 } }));
    expect(f.value).toBe(25);
    expect(f.note).toMatch(/Capped at 25 \(computed 27.5\)/);
  });

  it('2019: zero without professors and associate professors, otherwise "formula not available"', () => {
    expect(SAR_2019.cadre(year('2025-26', 180, 12)).value).toBe(0);
    const f = SAR_2019.cadre(year('2025-26', 180, 12, { cadre: { professors: 1, associates: 2, assistants: 9 } }));
    expect(f.value).toBeNull();
    expect(f.text).toBe('-');
    expect(f.note).toMatch(/Formula not available/);
  });
});

describe('Criterion 5.3 faculty qualification', () => {
  const y = year('2025-26', 180, 12, { phd: 3, mtech: 7 });
  it('2019: FQ = 2.0 x (10X + 4Y) / F with F = S/20', () => {
    // F = 180/20 = 9; 2 x (30 + 28) / 9 = 116 / 9 = 12.888.. -> 12.89.
    expect(SAR_2019.qualification(y).value).toBe(12.89);
  });
  it('2025: FQI = 2.5 x (10X + 4Y) / RF, capped at 25', () => {
    // 2.5 x 58 / 9 = 145 / 9 = 16.111.. -> 16.11.
    expect(SAR_2025.qualification(y).value).toBe(16.11);
    // X = 9, Y = 3: 2.5 x 102 / 9 = 28.33 -> 25.
    expect(SAR_2025.qualification(year('2025-26', 180, 12, { phd: 9, mtech: 3 })).value).toBe(25);
  });
  it('both: no students counted gives no figure', () => {
    expect(SAR_2019.qualification(year('2025-26', 0, 3)).value).toBeNull();
    expect(SAR_2025.qualification(year('2025-26', 0, 3)).note).toMatch(/No students/);
  });
});

describe('Criterion 5.4 faculty retention', () => {
  it('2019: percent of the CAYm2 faculty still in position in CAY, in bands', () => {
    const marks = (base: number, retained: number) => SAR_2019.retention({ base, retained, serviceYears: [], required: 9 }).value;
    expect(marks(10, 9)).toBe(10); // 90 %
    expect(marks(10, 8)).toBe(8); // 80 %
    expect(marks(12, 9)).toBe(8); // 75 %
    expect(marks(10, 6)).toBe(6); // 60 %
    expect(marks(10, 5)).toBe(4); // 50 %
    expect(marks(10, 4)).toBe(0); // 40 %
    expect(SAR_2019.retention({ base: 12, retained: 9, serviceYears: [], required: 9 }).trace.inputs).toContainEqual({
      label: 'Retained %',
      value: 75,
    });
  });
  it('2025: not computed, because the source does not state the service bands; the years of service are kept', () => {
    const f = SAR_2025.retention({ base: 10, retained: 8, serviceYears: [1, 4, 12], required: 9 });
    expect(f.value).toBeNull();
    expect(f.note).toMatch(/bands/);
    expect(f.trace.inputs).toContainEqual({ label: 'Completed years of service in CAY, each member', value: '1, 4, 12' });
  });
});
