import {
  type AttainmentMethod,
  DEFAULT_METHOD,
  type MarksRow,
  academicYearOf,
  courseOwnWeights,
  examWeightsText,
  groupCountText,
} from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import {
  type CourseInput,
  coDistribution,
  courseAttainment,
  levelFor,
  programOutcomes,
  studentAttainment,
} from '../../src/features/attainment/compute.js';

/** Default method: threshold 60 %, bands 70/60/50 % of students, CIE 30 / SEE 70, weighted PO rule, targets 2. */
const M: AttainmentMethod = { ...DEFAULT_METHOD };

const row = (student: string, marks: Record<string, number | null>): MarksRow => ({ student, marks });

/**
 * The hand-checked course. CO1 and CO2 are assessed; CO3 has no question.
 * ISE: Q1 (5 marks, CO1), Q2 (5 marks, CO2). ESE: Q1 (10, CO1), Q2 (10, CO2).
 *
 *        ISE Q1 Q2 -> CO1 %  CO2 %  | ESE Q1 Q2 -> CO1 %  CO2 %
 *   s1      5   2     100     40    |      8  6      80     60
 *   s2      3   3      60     60    |      5  5      50     50
 *   s3      2   4      40     80    |      7  9      70     90
 *   s4     absent                   |      6  2      60     20
 *   s5      4   -      80      0    |      4  7      40     70
 */
function course(): CourseInput {
  return {
    course: 'c1',
    code: 'CS101',
    title: 'Programming',
    cos: [
      { id: 'co1', code: 'CO1' },
      { id: 'co2', code: 'CO2' },
      { id: 'co3', code: 'CO3' },
    ],
    matrix: { co1: { po1: 3, po2: 2 }, co2: { po1: 1, po3: 2 }, co3: { po1: 3 } },
    occasions: [
      {
        id: 'ise',
        kind: 'ISE',
        questions: [
          { number: '1', max_marks: 5, co: 'co1' },
          { number: '2', max_marks: 5, co: 'co2' },
        ],
        marks: [
          row('s1', { 1: 5, 2: 2 }),
          row('s2', { 1: 3, 2: 3 }),
          row('s3', { 1: 2, 2: 4 }),
          { student: 's4', absent: true, marks: {} },
          row('s5', { 1: 4, 2: null }),
        ],
      },
      {
        id: 'ese',
        kind: 'ESE',
        questions: [
          { number: '1', max_marks: 10, co: 'co1' },
          { number: '2', max_marks: 10, co: 'co2' },
        ],
        marks: [
          row('s1', { 1: 8, 2: 6 }),
          row('s2', { 1: 5, 2: 5 }),
          row('s3', { 1: 7, 2: 9 }),
          row('s4', { 1: 6, 2: 2 }),
          row('s5', { 1: 4, 2: 7 }),
        ],
      },
    ],
  };
}

describe('course attainment on hand-checked numbers', () => {
  const res = courseAttainment(course(), M, 4, new Date('2026-01-01T00:00:00Z'));
  const co = (code: string) => res.cos.find((c) => c.code === code);

  it('CIE: absent s4 is left out; CO1 3 of 4 reach 60 % (75 % -> level 3), CO2 2 of 4 (50 % -> level 1)', () => {
    // CO1: s1 100, s2 60, s3 40, s5 80 -> s1, s2, s5 reach -> 3/4 = 75 % >= 70 -> 3
    expect(co('CO1')?.cie).toEqual({ students: 4, reached: 3, percent: 75, level: 3, max_marks: 5 });
    // CO2: s1 40, s2 60, s3 80, s5 0 (blank counts 0) -> s2, s3 -> 2/4 = 50 % >= 50 -> 1
    expect(co('CO2')?.cie).toEqual({ students: 4, reached: 2, percent: 50, level: 1, max_marks: 5 });
  });

  it('SEE: CO1 3 of 5 (60 % -> level 2), CO2 3 of 5 (60 % -> level 2)', () => {
    // CO1: 80, 50, 70, 60, 40 -> s1, s3, s4 -> 60 % -> 2;  CO2: 60, 50, 90, 20, 70 -> s1, s3, s5 -> 60 % -> 2
    expect(co('CO1')?.see).toMatchObject({ students: 5, reached: 3, percent: 60, level: 2 });
    expect(co('CO2')?.see).toMatchObject({ students: 5, reached: 3, percent: 60, level: 2 });
  });

  it('direct = 0.3 x CIE + 0.7 x SEE; CO3 has no question and is not assessed', () => {
    // CO1: 0.3 x 3 + 0.7 x 2 = 0.9 + 1.4 = 2.3;  CO2: 0.3 x 1 + 0.7 x 2 = 0.3 + 1.4 = 1.7
    expect(co('CO1')).toMatchObject({ direct: 2.3, attainment: 2.3, met: true });
    expect(co('CO2')).toMatchObject({ direct: 1.7, attainment: 1.7, met: false });
    expect(co('CO3')).toMatchObject({ cie: null, see: null, attainment: null, met: null });
    expect(res.notes.join(' ')).toContain('Not assessed (no question or no marks): CO3');
    // course: (2.3 + 1.7) / 2 = 2.0
    expect(res.course_attainment).toBe(2);
    expect(res.method_version).toBe(4);
  });

  it('POs weighted by correlation; the unassessed CO3 row (PO1 = 3) is ignored', () => {
    // PO1 = (3 x 2.3 + 1 x 1.7) / (3 + 1) = 8.6 / 4 = 2.15;  PO2 = 2 x 2.3 / 2 = 2.3;  PO3 = 2 x 1.7 / 2 = 1.7
    expect(res.po).toEqual({ po1: 2.15, po2: 2.3, po3: 1.7 });
  });

  it('POs by average mapping x course attainment / 3', () => {
    // PO1: mean(3, 1) = 2 -> 2 x 2.0 / 3 = 1.333;  PO2: 2 x 2 / 3 = 1.333;  PO3: 2 x 2 / 3 = 1.333
    const avg = courseAttainment(course(), { ...M, po_rule: 'Average mapping x attainment / 3' }, 1);
    expect(avg.po).toEqual({ po1: 1.33, po2: 1.33, po3: 1.33 });
  });

  it('indirect survey level combines 80 / 20 with the direct level', () => {
    // CO1: a survey percent of 80 earns level 3 by the default bands; 0.8 x 2.3 + 0.2 x 3 = 1.84 + 0.6 = 2.44
    const survey = { surveys: [{ id: 'sv1', name: 'Course exit' }], respondents: 30, percent: 80 };
    const withSurvey = courseAttainment({ ...course(), indirect: { co1: survey } }, M, 1);
    expect(withSurvey.cos[0].attainment).toBe(2.44);
    // PO2 maps only CO1: 2.44
    expect(withSurvey.po.po2).toBe(2.44);
  });

  it('each student: CO percent by 30/70, SEE alone for the absent s4; PO percent weighted', () => {
    const roster = ['s1', 's2', 's3', 's4', 's5', 's6'].map((id) => ({ id, roll_no: id.toUpperCase(), name: id }));
    const st = studentAttainment(course(), roster, M);
    // s1 CO1: 0.3 x 100 + 0.7 x 80 = 86; CO2: 0.3 x 40 + 0.7 x 60 = 54; PO1 = (3 x 86 + 1 x 54) / 4 = 78
    expect(st[0]).toMatchObject({ roll_no: 'S1', co: { co1: 86, co2: 54, co3: null }, po: { po1: 78, po2: 86, po3: 54 } });
    // s4 was absent in ISE: SEE alone, CO1 60, CO2 20
    expect(st[3].co).toEqual({ co1: 60, co2: 20, co3: null });
    // s6 has no marks at all
    expect(st[5].co).toEqual({ co1: null, co2: null, co3: null });
    expect(st[5].po).toEqual({});
    // distribution: CO1 percents 86, 0.3x60+0.7x50=53, 0.3x40+0.7x70=61, 60, 0.3x80+0.7x40=52 -> bins 8, 5, 6, 6, 5
    expect(coDistribution(st, ['co1']).co1).toEqual([0, 0, 0, 0, 0, 2, 2, 0, 1, 0]);
  });
});

describe("a course's own CIE/SEE weightage", () => {
  it("ISE + MSE 40 and ESE 60 on the course give 40/60, not the method's 30/70, and the result says which split and whence", () => {
    const weights = courseOwnWeights({ total_ISE_and_MSE_weightage: 40, total_ESE_weightage: 60 });
    expect(weights).toEqual({ cie: 40, see: 60, from: 'course' });
    const res = courseAttainment({ ...course(), weights }, M, 1);
    // CO1: 0.4 x 3 + 0.6 x 2 = 2.4 (30/70 gave 2.3);  CO2: 0.4 x 1 + 0.6 x 2 = 1.6
    expect(res.cos[0].direct).toBe(2.4);
    expect(res.cos[1].direct).toBe(1.6);
    expect(res.weights).toEqual({ cie: 40, see: 60, from: 'course' });
    expect(examWeightsText(res.weights!)).toBe("CIE 40 / SEE 60, the course's ISE + MSE and ESE weightage");
    // Without the course's split: the method's, said so.
    expect(courseAttainment(course(), M, 1).weights).toEqual({ cie: 30, see: 70, from: 'method' });
    // Each student's CO percent uses the same split: s1 CO1 0.4 x 100 + 0.6 x 80 = 88.
    expect(studentAttainment({ ...course(), weights }, [{ id: 's1', roll_no: 'S1', name: 's1' }], M)[0].co.co1).toBe(88);
  });

  it('one field set: the other is the rest of 100; both set: their proportion; neither, or both 0: the method decides', () => {
    expect(courseOwnWeights({ total_ESE_weightage: 50 })).toEqual({ cie: 50, see: 50, from: 'course' });
    expect(courseOwnWeights({ total_ISE_and_MSE_weightage: 20, total_ESE_weightage: 30 })).toEqual({ cie: 40, see: 60, from: 'course' });
    expect(courseOwnWeights({})).toBeUndefined();
    expect(courseOwnWeights({ total_ISE_and_MSE_weightage: 0, total_ESE_weightage: 0 })).toBeUndefined();
  });

  it('a stored row with every mark blank (as blank rows were stored before) is no marks entered, not a 0', () => {
    const c = course();
    const blank = {
      ...c,
      occasions: c.occasions.map((o) => (o.kind === 'ISE' ? { ...o, marks: [...o.marks, row('s9', { 1: null, 2: null })] } : o)),
    };
    const res = courseAttainment(blank, M, 1);
    // CIE CO1 stays 3 of 4 (s9 is not a fifth student who scored 0).
    expect(res.cos[0].cie).toMatchObject({ students: 4, reached: 3 });
    expect(res.students_with_marks).toBe(5);
  });

  it('counts students with marks only: a student with no row is neither sat nor counted', () => {
    const c = course();
    const res = courseAttainment({ ...c, roster: 40 }, M, 1);
    expect(res.students).toBe(40);
    expect(res.students_with_marks).toBe(5);
    expect(groupCountText(res.cos[0].cie!, M.threshold_percent)).toBe('3 of 4 students with marks reached 60 %');
  });
});

describe('attainment edge cases', () => {
  it('everyone below the threshold gives level 0, not "not assessed"', () => {
    const c = course();
    const zero = c.occasions.map((o) => ({ ...o, marks: o.marks.map((m) => ({ ...m, absent: false, marks: { 1: 0, 2: 0 } })) }));
    const res = courseAttainment({ ...c, occasions: zero }, M, 1);
    expect(res.cos[0]).toMatchObject({ cie: { reached: 0, level: 0 }, see: { reached: 0, level: 0 }, attainment: 0, met: false });
    expect(res.po.po1).toBe(0);
  });

  it('a question without a CO counts for no CO and is noted', () => {
    const c = course();
    const ise = {
      ...c.occasions[0],
      questions: [...c.occasions[0].questions, { number: '3', max_marks: 10 }],
      marks: c.occasions[0].marks.map((m) => ({ ...m, marks: { ...m.marks, 3: 10 } })),
    };
    const res = courseAttainment({ ...c, occasions: [ise, c.occasions[1]] }, M, 1);
    expect(res.cos[0].cie).toMatchObject({ reached: 3, max_marks: 5 });
    expect(res.notes.join(' ')).toContain('1 question of an ISE paper has no CO of this course');
  });

  it('an occasion where everyone was absent leaves the CO to the other group', () => {
    const c = course();
    const ise = { ...c.occasions[0], marks: c.occasions[0].marks.map((m) => ({ ...m, absent: true })) };
    const res = courseAttainment({ ...c, occasions: [ise, c.occasions[1]] }, M, 1);
    expect(res.cos[0]).toMatchObject({ cie: null, direct: 2, attainment: 2 });
  });

  it('level bands at their edges', () => {
    expect([70, 69.99, 60, 59.99, 50, 49.99, 0].map((p) => levelFor(p, M))).toEqual([3, 2, 2, 1, 1, 0, 0]);
  });

  it('program-level PO is the mean over the courses that map it', () => {
    const a = courseAttainment(course(), M, 1);
    const b = { ...a, course: 'c2', po: { po1: 1.85 } };
    const out = programOutcomes(
      [a, b],
      [
        { id: 'po1', reference: 'PO1' },
        { id: 'po2', reference: 'PO2' },
        { id: 'po4', reference: 'PO4' },
      ],
      M,
    );
    // PO1: (2.15 + 1.85) / 2 = 2.0; PO2: only course a, 2.3; PO4: no course
    expect(out).toEqual([
      { outcome: 'po1', reference: 'PO1', attainment: 2, direct: 2, indirect: null, survey: null, courses: 2, met: true },
      { outcome: 'po2', reference: 'PO2', attainment: 2.3, direct: 2.3, indirect: null, survey: null, courses: 1, met: true },
      { outcome: 'po4', reference: 'PO4', attainment: null, direct: null, indirect: null, survey: null, courses: 0, met: null },
    ]);
  });

  it('academic years run July to June', () => {
    expect([academicYearOf('2025-08-14'), academicYearOf('2026-03-01'), academicYearOf('2026-07-01')]).toEqual([
      '2025-26',
      '2025-26',
      '2026-27',
    ]);
  });
});
