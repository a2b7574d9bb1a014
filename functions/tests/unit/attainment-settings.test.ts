import {
  type AttainmentMethod,
  DEFAULT_METHOD,
  type MarksRow,
  type SurveyEvidence,
  attainmentMethod,
  methodProblems,
  validateBody,
} from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import { type CourseInput, courseAttainment, levelFor, programOutcomes } from '../../src/features/attainment/compute.js';
import { surveyPercent } from '../../src/features/survey/survey-math.js';

/** Default method: threshold 60 %, bands 70 / 60 / 50 % at least, CIE 30 / SEE 70, direct 80 / indirect 20, targets 2. */
const M: AttainmentMethod = { ...DEFAULT_METHOD };

/**
 * The hand-checked course: 10 students, CO1 and CO2, threshold 60 %.
 * ISE: Q1 (10 marks, CO1), Q2 (10, CO2); MSE the same; ESE: Q1 (20, CO1), Q2 (20, CO2).
 *
 *   CO1  ISE MSE | pooled /20 | ESE /20      CO2  ISE MSE | pooled /20 | ESE /20
 *   s1    9   9  |  18  y     |  15 y        s1-s5   7   7 |  14  y     |  14 y
 *   s2    8   8  |  16  y     |  15 y        s6      7   7 |  14  y     |  10 n
 *   s3    7   7  |  14  y     |  15 y        s7-s10  4   4 |   8  n     |  10 n
 *   s4    6   6  |  12  y     |  15 y
 *   s5    9   6  |  15  y     |  15 y
 *   s6    8   4  |  12  y     |  15 y
 *   s7   10   3  |  13  y     |   8 n
 *   s8    6   5  |  11  n     |   8 n
 *   s9    5   5  |  10  n     |   8 n
 *   s10   2   1  |   3  n     |   8 n
 *
 * CO1: ISE 8 of 10 reach 6 (80 %), MSE 5 of 10 (50 %), CIE pooled 7 of 10 reach 12 of 20 (70 %), ESE 6 of 10 (60 %).
 * CO2: ISE 6 of 10 (60 %), MSE 6 of 10 (60 %), CIE pooled 6 of 10 (60 %), ESE 5 of 10 (50 %).
 * Default levels: CO1 CIE 70 % -> 3, SEE 60 % -> 2, direct 0.3 x 3 + 0.7 x 2 = 0.9 + 1.4 = 2.3;
 *                 CO2 CIE 60 % -> 2, SEE 50 % -> 1, direct 0.3 x 2 + 0.7 x 1 = 0.6 + 0.7 = 1.3.
 */
function course(): CourseInput {
  const ids = Array.from({ length: 10 }, (_, i) => `s${i + 1}`);
  const co1 = { ise: [9, 8, 7, 6, 9, 8, 10, 6, 5, 2], mse: [9, 8, 7, 6, 6, 4, 3, 5, 5, 1], ese: [15, 15, 15, 15, 15, 15, 8, 8, 8, 8] };
  const co2 = { ise: [7, 7, 7, 7, 7, 7, 4, 4, 4, 4], mse: [7, 7, 7, 7, 7, 7, 4, 4, 4, 4], ese: [14, 14, 14, 14, 14, 10, 10, 10, 10, 10] };
  const paper = (max: number) => [
    { number: '1', max_marks: max, co: 'co1' },
    { number: '2', max_marks: max, co: 'co2' },
  ];
  const marks = (k: 'ise' | 'mse' | 'ese'): MarksRow[] => ids.map((student, i) => ({ student, marks: { 1: co1[k][i], 2: co2[k][i] } }));
  return {
    course: 'c2',
    code: 'CS201',
    title: 'Data Structures',
    cos: [
      { id: 'co1', code: 'CO1' },
      { id: 'co2', code: 'CO2' },
    ],
    matrix: { co1: { po1: 3, po2: 1 }, co2: { po1: 2 } },
    occasions: [
      { id: 'ise', kind: 'ISE', questions: paper(10), marks: marks('ise') },
      { id: 'mse', kind: 'MSE', questions: paper(10), marks: marks('mse') },
      { id: 'ese', kind: 'ESE', questions: paper(20), marks: marks('ese') },
    ],
  };
}

const surveys = [{ id: 'sv1', name: 'CS201 course exit 2025-26' }];
/** CO1: 40 respondents, 6 Slight, 14 Moderate, 20 Substantial -> 31.36 / 40 = 78.4 % (level 3 by the default bands). */
const co1Survey: SurveyEvidence = { surveys, respondents: 40, percent: surveyPercent([6, 14, 20], [0.33, 0.67, 1]) as number };
/** CO2: 40 respondents, 10 / 20 / 10 -> (3.3 + 13.4 + 10) / 40 = 26.7 / 40 = 66.75 % (level 2: at least 60, below 70). */
const co2Survey: SurveyEvidence = { surveys, respondents: 40, percent: surveyPercent([10, 20, 10], [0.33, 0.67, 1]) as number };

const run = (m: Partial<AttainmentMethod>, input: Partial<CourseInput> = {}) =>
  courseAttainment({ ...course(), ...input }, { ...M, ...m }, 1, new Date('2026-01-01T00:00:00Z'));
const byCode = (res: ReturnType<typeof run>, code: string) => res.cos.find((c) => c.code === code);

describe('direct levels by default (the method as before issue 14)', () => {
  const res = run({});

  it('CIE pooled over ISE and MSE, SEE alone; direct 2.3 and 1.3', () => {
    expect(byCode(res, 'CO1')).toMatchObject({
      cie: { students: 10, reached: 7, percent: 70, level: 3, max_marks: 20 },
      see: { students: 10, reached: 6, percent: 60, level: 2, max_marks: 20 },
      direct: 2.3,
      indirect: null,
      survey: null,
      attainment: 2.3,
      met: true,
    });
    expect(byCode(res, 'CO1')?.cie?.kinds).toBeUndefined();
    expect(byCode(res, 'CO2')).toMatchObject({ cie: { reached: 6, level: 2 }, see: { reached: 5, level: 1 }, direct: 1.3, met: false });
  });

  it('POs through the matrix, and the note that there is no survey', () => {
    // PO1 = (3 x 2.3 + 2 x 1.3) / (3 + 2) = (6.9 + 2.6) / 5 = 1.9;  PO2 = CO1 only = 2.3;  course (2.3 + 1.3) / 2 = 1.8
    expect(res.po).toEqual({ po1: 1.9, po2: 2.3 });
    expect(res.course_attainment).toBe(1.8);
    expect(res.notes).toEqual(['No course-exit survey level recorded: attainment is the direct level only']);
  });
});

describe('course-exit survey: final = 0.8 x direct + 0.2 x indirect', () => {
  const res = run({}, { indirect: { co1: co1Survey, co2: co2Survey } });

  it('each CO, value by value', () => {
    // CO1: survey 78.4 % -> 3;  0.8 x 2.3 + 0.2 x 3 = 1.84 + 0.6 = 2.44
    expect(byCode(res, 'CO1')).toMatchObject({ direct: 2.3, indirect: 3, attainment: 2.44, met: true });
    expect(byCode(res, 'CO1')?.survey).toEqual({
      surveys,
      respondents: 40,
      population: 40,
      margin_of_error: 0,
      // a census of 40 is valid; 21 of 40 is the fewest within +-15 points: 21.39 x sqrt(19 / 39) = 14.93
      needed: 21,
      percent: co1Survey.percent,
      level: 3,
    });
    // CO2: survey 66.75 % -> 2;  0.8 x 1.3 + 0.2 x 2 = 1.04 + 0.4 = 1.44
    expect(byCode(res, 'CO2')).toMatchObject({ direct: 1.3, indirect: 2, attainment: 1.44, met: false });
  });

  it('the POs and the course mean move with them; no "no survey" note', () => {
    // PO1 = (3 x 2.44 + 2 x 1.44) / 5 = (7.32 + 2.88) / 5 = 10.2 / 5 = 2.04 (was 1.9);  PO2 = 2.44 (was 2.3)
    expect(res.po).toEqual({ po1: 2.04, po2: 2.44 });
    // course: (2.44 + 1.44) / 2 = 1.94
    expect(res.course_attainment).toBe(1.94);
    expect(res.notes).toEqual([]);
  });

  it('a CO without survey answers keeps its direct level, and a note names it', () => {
    const one = run({}, { indirect: { co1: co1Survey } });
    expect(byCode(one, 'CO2')).toMatchObject({ indirect: null, survey: null, attainment: 1.3 });
    expect(one.notes).toEqual(['No course-exit survey answers for CO2: its attainment is the direct level only']);
  });
});

describe('minimum of survey responses', () => {
  const few = { ...co2Survey, respondents: 12 };

  it('below the minimum (12 < 20): no indirect level, the CO stays direct, a note says why', () => {
    const res = run({ min_responses: 20 }, { indirect: { co1: co1Survey, co2: few } });
    expect(byCode(res, 'CO1')).toMatchObject({ indirect: 3, attainment: 2.44 });
    expect(byCode(res, 'CO2')).toMatchObject({ indirect: null, survey: { respondents: 12, level: null }, attainment: 1.3 });
    expect(res.notes).toEqual(["CO2: 12 of 12 responded; the method's minimum is 20: no indirect level used"]);
    // PO1 = (3 x 2.44 + 2 x 1.3) / 5 = (7.32 + 2.6) / 5 = 9.92 / 5 = 1.984 -> 1.98
    expect(res.po.po1).toBe(1.98);
  });

  it('at the minimum (40 = 40): used', () => {
    const res = run({ min_responses: 40 }, { indirect: { co1: co1Survey, co2: co2Survey } });
    expect(res.cos.map((c) => c.attainment)).toEqual([2.44, 1.44]);
    expect(res.notes).toEqual([]);
  });

  it('COs sharing one note are listed together', () => {
    const res = run({ min_responses: 50 }, { indirect: { co1: co1Survey, co2: co2Survey } });
    expect(res.notes).toEqual(["CO1, CO2: 40 of 40 responded; the method's minimum is 50: no indirect level used"]);
  });
});

describe('band rule at the exact band edge', () => {
  it('levelFor: "at least" reaches a band at its percent, "more than" only above it', () => {
    const more = { ...M, band_rule: 'More than' as const };
    expect([70, 60, 50].map((p) => levelFor(p, M))).toEqual([3, 2, 1]);
    expect([70, 60, 50, 70.01, 0].map((p) => levelFor(p, more))).toEqual([2, 1, 0, 3, 0]);
  });

  it('the course: CO1 CIE 7 of 10 = 70 % and SEE 60 % sit on edges', () => {
    const res = run({ band_rule: 'More than' });
    // 7 / 10 x 100 is 70.00000000000001 in floating point: still not "more than" 70.
    // CO1: CIE 70 % -> 2, SEE 60 % -> 1, direct 0.3 x 2 + 0.7 x 1 = 1.3;  CO2: CIE 60 % -> 1, SEE 50 % -> 0, direct 0.3
    expect(byCode(res, 'CO1')).toMatchObject({ cie: { level: 2 }, see: { level: 1 }, direct: 1.3 });
    expect(byCode(res, 'CO2')).toMatchObject({ cie: { level: 1 }, see: { level: 0 }, direct: 0.3 });
  });
});

describe('level-1 rule "Any student (> 0 %)"', () => {
  const any = { ...M, level1_rule: 'Any student (> 0 %)' as const };

  it('levelFor: level 1 for any percent above 0, the level-1 band no longer counts', () => {
    expect([0, 0.01, 10, 49.99, 50, 60, 70].map((p) => levelFor(p, any))).toEqual([0, 1, 1, 1, 1, 2, 3]);
    // "more than" for the other bands does not move level 1's edge (still above 0 %)
    expect([0, 0.01].map((p) => levelFor(p, { ...any, band_rule: 'More than' }))).toEqual([0, 1]);
  });

  it('the course at threshold 90 %: only s1 reaches it on CO1 CIE (18 of 20), 10 % of students', () => {
    // Default: 10 % -> 0, SEE 0 % -> 0, direct 0.  Any student: CIE 1, SEE 0 -> 0.3 x 1 + 0.7 x 0 = 0.3
    expect(byCode(run({ threshold_percent: 90 }), 'CO1')).toMatchObject({ cie: { reached: 1, percent: 10, level: 0 }, direct: 0 });
    expect(byCode(run({ ...any, threshold_percent: 90 }), 'CO1')).toMatchObject({ cie: { level: 1 }, see: { level: 0 }, direct: 0.3 });
  });
});

describe('fractional levels', () => {
  const frac = { ...M, fractional_levels: true };

  it('linear between the bands (70 / 60 / 50), 3 from the level-3 band, 0 below the level-1 band', () => {
    // 65: 2 + (65 - 60) / (70 - 60) = 2.5;  62.5: 2.25;  55: 1 + (55 - 50) / (60 - 50) = 1.5;  50: 1;  49.99: 0
    expect([100, 75, 70, 65, 62.5, 60, 55, 50, 49.99, 0].map((p) => levelFor(p, frac))).toEqual([3, 3, 3, 2.5, 2.25, 2, 1.5, 1, 0, 0]);
  });

  it('with "more than": continuous at the level-2 and -3 bands, level 1 starts only above its band', () => {
    const more = { ...frac, band_rule: 'More than' as const };
    expect([70, 60, 50].map((p) => levelFor(p, more))).toEqual([3, 2, 0]);
    // 50.5: 1 + (50.5 - 50) / 10 = 1.05
    expect(levelFor(50.5, more)).toBeCloseTo(1.05, 10);
  });

  it('with "any student": 1 + percent / level-2 band from above 0 % up to the level-2 band', () => {
    const any = { ...frac, level1_rule: 'Any student (> 0 %)' as const };
    // 30: 1 + 30 / 60 = 1.5;  15: 1 + 15 / 60 = 1.25;  0: 0;  60: 2;  65: 2.5
    expect([30, 15, 0, 60, 65].map((p) => levelFor(p, any))).toEqual([1.5, 1.25, 0, 2, 2.5]);
  });

  it('the course with bands 75 / 60 / 50: CO1 CIE 70 % -> 2.67, direct 2.2', () => {
    const res = run({ ...frac, level3_percent: 75 });
    // CIE: 2 + (70 - 60) / (75 - 60) = 2 + 2/3 = 2.6667 (shown 2.67); SEE 60 % -> 2
    // direct from the unrounded level: 0.3 x 8/3 + 0.7 x 2 = 0.8 + 1.4 = 2.2
    expect(byCode(res, 'CO1')).toMatchObject({ cie: { level: 2.67 }, see: { level: 2 }, direct: 2.2 });
  });
});

describe('CIE rule: average of the ISE and MSE levels vs pooled marks', () => {
  it('CO1: ISE 80 % -> 3 and MSE 50 % -> 1 average 2; pooled 70 % gave 3', () => {
    const res = run({ cie_rule: 'Average of ISE/MSE levels' });
    expect(byCode(res, 'CO1')?.cie).toEqual({
      // counts and percent of the pooled marks; level (3 + 1) / 2 = 2
      students: 10,
      reached: 7,
      percent: 70,
      level: 2,
      max_marks: 20,
      kinds: {
        ISE: { students: 10, reached: 8, percent: 80, level: 3, max_marks: 10 },
        MSE: { students: 10, reached: 5, percent: 50, level: 1, max_marks: 10 },
      },
    });
    // direct: 0.3 x 2 + 0.7 x 2 = 2.0 (pooled: 2.3); CO2: ISE 2, MSE 2 -> 2, as pooled: direct 1.3
    expect(byCode(res, 'CO1')).toMatchObject({ direct: 2, attainment: 2 });
    expect(byCode(res, 'CO2')).toMatchObject({ cie: { level: 2 }, direct: 1.3 });
    // PO1 = (3 x 2 + 2 x 1.3) / 5 = 8.6 / 5 = 1.72
    expect(res.po.po1).toBe(1.72);
  });

  it("a CO only one CIE kind assesses takes that kind's level", () => {
    const c = course();
    const res = run({ cie_rule: 'Average of ISE/MSE levels' }, { occasions: [c.occasions[0], c.occasions[2]] });
    // ISE alone: CO1 80 % -> 3 (as pooled over ISE alone)
    expect(byCode(res, 'CO1')?.cie).toMatchObject({ percent: 80, level: 3, kinds: { ISE: { level: 3 } } });
  });
});

describe('CO target as a percent of students', () => {
  it('met when the direct percent (CIE and SEE percents by 30 / 70) reaches the target', () => {
    // CO1: 0.3 x 70 + 0.7 x 60 = 21 + 42 = 63 %;  CO2: 0.3 x 60 + 0.7 x 50 = 18 + 35 = 53 %
    const at = (p: number) => run({ co_target_kind: 'Percent of students', co_target_percent: p }).cos.map((c) => c.met);
    expect(at(65)).toEqual([false, false]);
    expect(at(63)).toEqual([true, false]);
    expect(at(53)).toEqual([true, true]);
    // by level (target 2) CO1 2.3 is met and CO2 1.3 is not
    expect(run({}).cos.map((c) => c.met)).toEqual([true, false]);
  });

  it('one group alone counts fully: SEE alone, CO1 60 %', () => {
    const c = course();
    const res = run({ co_target_kind: 'Percent of students', co_target_percent: 61 }, { occasions: [c.occasions[2]] });
    expect(res.cos.map((x) => x.met)).toEqual([false, false]);
    const met = run({ co_target_kind: 'Percent of students', co_target_percent: 60 }, { occasions: [c.occasions[2]] });
    expect(met.cos.map((x) => x.met)).toEqual([true, false]);
  });
});

describe('program outcomes with survey evidence', () => {
  const courseRes = run({}, { indirect: { co1: co1Survey, co2: co2Survey } });
  const outcomes = [
    { id: 'po1', reference: 'PO1' },
    { id: 'po2', reference: 'PO2' },
    { id: 'po3', reference: 'PO3' },
  ];
  const poSurveys = [{ id: 'sv9', name: 'PO survey 2025-26' }];

  it('final = 0.8 x direct + 0.2 x indirect; without a mapped course there is no attainment', () => {
    const out = programOutcomes([courseRes], outcomes, M, {
      po1: { surveys: poSurveys, respondents: 30, percent: 55 },
      po2: { surveys: poSurveys, respondents: 30, percent: 90 },
      po3: { surveys: poSurveys, respondents: 30, percent: 90 },
    });
    // PO1: direct 2.04; survey 55 % -> 1; 0.8 x 2.04 + 0.2 x 1 = 1.632 + 0.2 = 1.832 -> 1.83, below target 2
    expect(out[0]).toMatchObject({ direct: 2.04, indirect: 1, attainment: 1.83, met: false, courses: 1 });
    expect(out[0].survey).toEqual({
      surveys: poSurveys,
      respondents: 30,
      population: 30,
      margin_of_error: 0,
      needed: 18,
      percent: 55,
      level: 1,
    });
    // PO2: direct 2.44; survey 90 % -> 3; 0.8 x 2.44 + 0.2 x 3 = 1.952 + 0.6 = 2.552 -> 2.55
    expect(out[1]).toMatchObject({ direct: 2.44, indirect: 3, attainment: 2.55, met: true });
    // PO3: no course maps it: the survey is shown but the outcome is not assessed
    expect(out[2]).toMatchObject({ direct: null, indirect: 3, attainment: null, met: null, courses: 0 });
  });

  it('too few responses: the direct level alone, with the note', () => {
    const out = programOutcomes(
      [courseRes],
      outcomes.slice(0, 1),
      { ...M, min_responses: 20 },
      {
        po1: { surveys: poSurveys, respondents: 12, percent: 55 },
      },
    );
    expect(out[0]).toMatchObject({ direct: 2.04, indirect: null, attainment: 2.04, met: true });
    expect(out[0].survey?.note).toBe("12 of 12 responded; the method's minimum is 20: no indirect level used");
  });

  it('without evidence: as before, attainment = direct', () => {
    expect(programOutcomes([courseRes], outcomes.slice(0, 1), M)[0]).toEqual({
      outcome: 'po1',
      reference: 'PO1',
      attainment: 2.04,
      direct: 2.04,
      indirect: null,
      survey: null,
      courses: 1,
      met: true,
    });
  });
});

describe('the methodology record: new settings and their rules', () => {
  it('a new method gets every default; none of them breaks a rule', () => {
    const v = validateBody(attainmentMethod, { program: 'p1' }, 'create');
    expect(v).toMatchObject({
      ok: true,
      data: {
        min_responses: 1,
        band_rule: 'At least',
        level1_rule: 'Level 1 band',
        cie_rule: 'Pooled marks',
        fractional_levels: false,
        co_target_kind: 'Level',
      },
    });
    expect(v.ok && 'co_target_percent' in v.data).toBe(false);
    expect(v.ok && 'indirect_level3_percent' in v.data).toBe(false);
    expect(methodProblems(DEFAULT_METHOD)).toEqual({});
  });

  it("survey bands are ordered like the direct ones, each compared with the other's effective band", () => {
    expect(
      methodProblems({ ...DEFAULT_METHOD, indirect_level3_percent: 80, indirect_level2_percent: 65, indirect_level1_percent: 50 }),
    ).toEqual({});
    // level 2 at 75 with no survey level 3: the direct 70 is level 3's band
    expect(methodProblems({ ...DEFAULT_METHOD, indirect_level2_percent: 75 })).toEqual({
      indirect_level2_percent: 'Survey level 2 cannot need a higher percent than survey level 3 (70 %, the direct band)',
    });
    // level 3 at 55 with no survey level 2: the direct 60 is level 2's band; the message goes on the given field
    expect(methodProblems({ ...DEFAULT_METHOD, indirect_level3_percent: 55 })).toEqual({
      indirect_level3_percent: 'Survey level 3 cannot need a lower percent than survey level 2 (60 %, the direct band)',
    });
    expect(methodProblems({ ...DEFAULT_METHOD, indirect_level3_percent: 80, indirect_level2_percent: 85 })).toEqual({
      indirect_level2_percent: 'Survey level 2 cannot need a higher percent than survey level 3 (80 %)',
    });
  });

  it('a percent target needs its percent; fewest responses is a whole number of at least 1', () => {
    expect(methodProblems({ ...DEFAULT_METHOD, co_target_kind: 'Percent of students' })).toEqual({
      co_target_percent: 'Required when the CO target is a percent of students',
    });
    expect(methodProblems({ ...DEFAULT_METHOD, co_target_kind: 'Percent of students', co_target_percent: 60 })).toEqual({});
    expect(validateBody(attainmentMethod, { program: 'p1', co_target_kind: 'Percent of students' }, 'create')).toMatchObject({
      ok: false,
      fields: { co_target_percent: 'Required' },
    });
    expect(validateBody(attainmentMethod, { program: 'p1', min_responses: 0 }, 'create')).toMatchObject({
      ok: false,
      fields: { min_responses: 'Too Short!' },
    });
    // a percent sent with a level target is dropped (asked only for a percent target)
    const level = validateBody(attainmentMethod, { program: 'p1', co_target_percent: 60 }, 'create');
    expect(level.ok && 'co_target_percent' in level.data).toBe(false);
  });
});
