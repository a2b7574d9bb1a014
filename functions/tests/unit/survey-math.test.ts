import { type AttainmentMethod, DEFAULT_METHOD } from '@attain/shared-types';
import { describe, expect, it } from 'vitest';
import {
  indirectLevel,
  indirectResult,
  marginOfError,
  responsesNeeded,
  surveyPercent,
  surveyValidity,
} from '../../src/features/survey/survey-math.js';

/** Default method: survey bands = direct bands 70 / 60 / 50 %, at least 1 response, whole levels. */
const M: AttainmentMethod = { ...DEFAULT_METHOD };
const THREE_POINT = [0.33, 0.67, 1];
const FIVE_POINT = [1, 2, 3, 4, 5];

describe('survey percent', () => {
  it('three-point course-exit survey: 40 respondents, 6 Slight, 14 Moderate, 20 Substantial -> 78.4 %', () => {
    // 6 x 0.33 + 14 x 0.67 + 20 x 1 = 1.98 + 9.38 + 20 = 31.36; / (40 x 1) = 0.784 -> 78.4 %
    // (the workbook's form: 15 % x 0.33 + 35 % x 0.67 + 50 % x 1 = 4.95 + 23.45 + 50 = 78.4)
    expect(surveyPercent([6, 14, 20], THREE_POINT)).toBeCloseTo(78.4, 10);
  });

  it('five-point survey: 25 respondents, SD 1, D 2, N 4, A 10, SA 8 -> 77.6 %', () => {
    // (1 x 1 + 2 x 2 + 4 x 3 + 10 x 4 + 8 x 5) / (25 x 5) = (1 + 4 + 12 + 40 + 40) / 125 = 97 / 125 = 0.776
    expect(surveyPercent([1, 2, 4, 10, 8], FIVE_POINT)).toBeCloseTo(77.6, 10);
  });

  it('nobody responded: null; bad shapes are refused', () => {
    expect(surveyPercent([0, 0, 0], THREE_POINT)).toBeNull();
    expect(() => surveyPercent([1, 2], THREE_POINT)).toThrow(RangeError);
    expect(() => surveyPercent([1, 2], [0, 0])).toThrow(RangeError);
    expect(() => surveyPercent([], [])).toThrow(RangeError);
    expect(() => surveyPercent([-1, 2, 3], THREE_POINT)).toThrow(RangeError);
  });
});

describe('indirect level', () => {
  it('by the default bands (the direct ones, 70 / 60 / 50): both examples earn level 3', () => {
    expect(indirectLevel(78.4, M)).toBe(3);
    expect(indirectLevel(77.6, M)).toBe(3);
    expect([69.99, 60, 59.99, 50, 49.99].map((p) => indirectLevel(p, M))).toEqual([2, 2, 1, 1, 0]);
  });

  it('by custom survey bands 80 / 65 / 50: both earn level 2', () => {
    const custom = { ...M, indirect_level3_percent: 80, indirect_level2_percent: 65, indirect_level1_percent: 50 };
    expect(indirectLevel(78.4, custom)).toBe(2);
    expect(indirectLevel(77.6, custom)).toBe(2);
    expect(indirectLevel(64.99, custom)).toBe(1);
  });

  it('a survey band not given is the direct band: only level 3 at 80, levels 2 and 1 stay 60 and 50', () => {
    const only3 = { ...M, indirect_level3_percent: 80 };
    expect([80, 78.4, 60, 59.99, 50, 49.99].map((p) => indirectLevel(p, only3))).toEqual([3, 2, 2, 1, 1, 0]);
  });

  it('fractional, survey bands 80 / 70 / 60: 77.6 -> 2.76, 78.4 -> 2.84, 65 -> 1.5', () => {
    const frac = { ...M, fractional_levels: true, indirect_level3_percent: 80, indirect_level2_percent: 70, indirect_level1_percent: 60 };
    // 2 + (77.6 - 70) / (80 - 70) = 2.76;  2 + 8.4 / 10 = 2.84;  1 + (65 - 60) / (70 - 60) = 1.5
    expect(indirectLevel(77.6, frac)).toBeCloseTo(2.76, 10);
    expect(indirectLevel(78.4, frac)).toBeCloseTo(2.84, 10);
    expect(indirectLevel(65, frac)).toBeCloseTo(1.5, 10);
  });

  it('the band rule applies to surveys too: 70 % exactly is level 3 "at least", level 2 "more than"', () => {
    expect(indirectLevel(70, M)).toBe(3);
    expect(indirectLevel(70, { ...M, band_rule: 'More than' })).toBe(2);
  });
});

describe('indirect result and the minimum of responses', () => {
  const evidence = (respondents: number) => ({ surveys: [{ id: 'sv1', name: 'Course exit 2025-26' }], respondents, percent: 78.4 });

  it('below the minimum: no level, and a note says why', () => {
    // A census (no population given: the respondents are everyone), so only the method's floor refuses it.
    expect(indirectResult(evidence(12), { ...M, min_responses: 20 })).toEqual({
      ...evidence(12),
      population: 12,
      margin_of_error: 0,
      needed: 20,
      level: null,
      note: "12 of 12 responded; the method's minimum is 20: no indirect level used",
    });
    expect(indirectResult(evidence(1), { ...M, min_responses: 2 }).note).toBe(
      "1 of 1 responded; the method's minimum is 2: no indirect level used",
    );
  });

  it('at the minimum: the level by the bands, no note', () => {
    expect(indirectResult(evidence(20), { ...M, min_responses: 20 })).toEqual({
      ...evidence(20),
      population: 20,
      margin_of_error: 0,
      needed: 20,
      level: 3,
    });
  });

  it('decides the level on the unrounded percent and rounds only what is shown: 59.995 % shows 60 % at level 1', () => {
    // Default bands 70 / 60 / 50: 59.995 is below 60, so level 1, as the college's own sheet reads it; rounding first
    // (60.00) would give level 2.
    const r = indirectResult({ ...evidence(40), percent: 59.995 }, M);
    expect(r).toMatchObject({ percent: 60, level: 1 });
  });

  it('a fractional level is shown with 2 decimals', () => {
    const frac = { ...M, fractional_levels: true };
    // default bands 70 / 60 / 50: 2 + (65 - 60) / (70 - 60) = 2.5; 2 + (66.75 - 60) / 10 = 2.675 -> 2.68 shown
    expect(indirectResult({ ...evidence(40), percent: 65 }, frac).level).toBe(2.5);
    expect(indirectResult({ ...evidence(40), percent: 66.75 }, frac).level).toBe(2.68);
  });
});

describe('margin of error (95 %, p = 0.5, finite population correction)', () => {
  it('25 of 121 students answered: +/- 17.53 percentage points', () => {
    // 1.96 x sqrt(0.25 / 25) = 1.96 x 0.1 = 0.196;  sqrt((121 - 25) / (121 - 1)) = sqrt(0.8) = 0.894427
    // 0.196 x 0.894427 x 100 = 17.5308
    expect(marginOfError(25, 121)).toBeCloseTo(17.5308, 4);
  });

  it('100 of a very large population: 1.96 x sqrt(0.25 / 100) x 100 = 9.8 points', () => {
    expect(marginOfError(100, Number.POSITIVE_INFINITY)).toBeCloseTo(9.8, 10);
  });

  it('everyone answered: 0 (also a population of 1); nobody: null', () => {
    expect(marginOfError(60, 60)).toBe(0);
    expect(marginOfError(0, 60)).toBeNull();
    expect(marginOfError(1, 1)).toBe(0);
    expect(() => marginOfError(-1, 60)).toThrow(RangeError);
  });
});

describe("survey validity: a level needs a 95 % margin of error within the method's +-15 points", () => {
  // margin(n, N) = 1.96 x sqrt(0.25 / n) x sqrt((N - n) / (N - 1)) x 100
  it('a class of 60 needs 26 answers: 25 give +-15.12, 26 give +-14.59', () => {
    // n = 25: 19.6 x sqrt(35 / 59) = 19.6 x 0.77022 = 15.096; n = 26: 19.2216 x sqrt(34 / 59) = 19.2216 x 0.75913 = 14.592
    expect(marginOfError(25, 60)).toBeCloseTo(15.096, 2);
    expect(marginOfError(26, 60)).toBeCloseTo(14.592, 2);
    expect(responsesNeeded(60, 15)).toBe(26);
  });

  it('12 alumni need 10 answers; a class of 4 needs all 4; one answer from 121 (+-98 points) never counts', () => {
    // 12: n = 9 gives 32.667 x sqrt(3 / 11) = 17.06, n = 10 gives 30.994 x sqrt(2 / 11) = 13.22
    expect(responsesNeeded(12, 15)).toBe(10);
    // 4: n = 3 gives 56.58 x sqrt(1 / 3) = 32.67; only the census (0) is within 15
    expect(responsesNeeded(4, 15)).toBe(4);
    // 121: n = 1 gives 98 x sqrt(120 / 120) = 98
    expect(marginOfError(1, 121)).toBeCloseTo(98, 10);
    expect(surveyValidity(1, 121, M)).toMatchObject({ valid: false, needed: responsesNeeded(121, 15) });
  });

  it('the sentence says how many answered, how many it needs and why', () => {
    const v = surveyValidity(12, 60, M);
    expect(v.valid).toBe(false);
    // 12 of 60: 28.29 x sqrt(48 / 59) = 28.29 x 0.90197 = 25.52
    expect(v.shortfall).toBe(
      "12 of 60 responded; a survey level needs 26 for a 95 % margin of error within ± 15 points (this survey's: ± 25.52)",
    );
    expect(surveyValidity(26, 60, M)).toMatchObject({ valid: true, needed: 26 });
    // More answers than people invited (paper counts above the list): the respondents are the population.
    expect(surveyValidity(5, 3, M)).toMatchObject({ valid: true, population: 5, margin: 0 });
  });

  it('a result carries the margin and the respondents needed, and no level below them', () => {
    const r = indirectResult({ surveys: [{ id: 's', name: 'Course exit' }], respondents: 12, population: 60, percent: 78.4 }, M);
    expect(r).toMatchObject({ respondents: 12, population: 60, margin_of_error: 25.52, needed: 26, level: null });
    expect(r.note).toMatch(/^12 of 60 responded; .*: no indirect level used$/);
  });
});
