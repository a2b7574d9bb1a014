import { type CoResult, type CourseAttainment, DEFAULT_METHOD, cellText } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { type Criterion3Input, criterion3, firstYearCoAttainment } from '../../src/features/sar/criterion3.js';

// One program in 2025-26: MA101 (term 1) and CS501 (term 5), one CO each, levels worked out by the course results.
const co = (code: string, attainment: number): CoResult => ({
  co: `${code}-id`,
  code,
  cie: { students: 60, reached: 45, percent: 75, level: 3, max_marks: 20 },
  see: null,
  direct: attainment,
  indirect: null,
  attainment,
  met: attainment >= 2,
});
const course = (id: string, code: string, level: number): CourseAttainment => ({
  course: id,
  code,
  title: code === 'MA101' ? 'Engineering Mathematics I' : 'Compiler Design',
  academic_year: '2025-26',
  cos: [co('CO1', level)],
  course_attainment: level,
  po: {},
  students: 60,
  notes: [],
  method_version: 1,
  computed_at: '2026-04-01T00:00:00Z',
});
const input: Criterion3Input = {
  matrices: [],
  outcomes: [],
  years: [
    {
      program: 'p1',
      academic_year: '2025-26',
      courses: [course('ma101', 'MA101', 3), course('cs501', 'CS501', 1.5)],
      outcomes: [],
      method_version: 1,
      computed_at: '2026-04-01T00:00:00Z',
    },
  ],
  method: { method: DEFAULT_METHOD, version: 1 },
  plans: new Map(),
  firstYear: new Set(['ma101']),
};

describe('8.4.2: the CO attainment of first-year courses', () => {
  it('is 3.2.2’s rows of the courses of terms 1 and 2, figure for figure', () => {
    const all = criterion3(input, ['2025-26'], null, (y) => y).find((s) => s.id === '3.2.2')!.tables[0];
    const first = firstYearCoAttainment(input, '2025-26');
    expect(first.title).toBe('8.4.2 CO attainment of first-year courses, 2025-26');
    const rows = first.tables[0].rows;
    expect(rows.map((r) => cellText(r.course))).toEqual(['MA101 Engineering Mathematics I']);
    // The same row 3.2.2 prints for MA101: one rule, one figure.
    expect(rows[0]).toEqual(all.rows.find((r) => cellText(r.course).startsWith('MA101')));
    expect(cellText(rows[0].final)).toBe('3.00');
    expect(all.rows).toHaveLength(2);
  });

  it('says so when no first-year course has marks in the year', () => {
    const none = firstYearCoAttainment({ ...input, firstYear: new Set() }, '2025-26').tables[0];
    expect(none.rows).toEqual([]);
    expect(none.notes).toEqual(['No first-year course (term 1 or 2) of this program has marks in this year.']);
    expect(firstYearCoAttainment(input, '2024-25').tables[0].rows).toEqual([]);
  });
});

describe("3.2.2's direct level names the CIE/SEE split a course used", () => {
  it("a course's own weightage in the trace, the methodology's otherwise, and the students counted", () => {
    const own = { ...course('cs501', 'CS501', 1.5), weights: { cie: 40, see: 60, from: 'course' as const } };
    const rows = criterion3(
      { ...input, years: [{ ...input.years[0], courses: [course('ma101', 'MA101', 3), own] }] },
      ['2025-26'],
      null,
      (y) => y,
    ).find((s) => s.id === '3.2.2')!.tables[0].rows;
    const trace = (code: string) => {
      const cell = rows.find((r) => cellText(r.course).startsWith(code))!.direct;
      return typeof cell === 'object' && cell !== null ? cell.trace : undefined;
    };
    expect(trace('CS501')?.formula).toBe('Direct = 40 % x CIE level + 60 % x SEE level (one group alone counts fully)');
    expect(trace('CS501')?.inputs[0]).toEqual({
      label: 'CIE/SEE split',
      value: "CIE 40 / SEE 60, the course's ISE + MSE and ESE weightage",
    });
    expect(trace('MA101')?.inputs[0]).toEqual({ label: 'CIE/SEE split', value: "CIE 30 / SEE 70, the program's methodology" });
    expect(trace('MA101')?.inputs[1].value).toBe('45 of 60 students with marks reached 60 % (75 %)');
  });
});
