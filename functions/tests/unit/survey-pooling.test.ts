import { describe, expect, it } from 'vitest';
import { type SurveyTally, outcomeEvidence } from '../../src/features/survey/survey-tally.js';

const SCALE = [
  { label: 'Slight', weight: 0.33 },
  { label: 'Moderate', weight: 0.67 },
  { label: 'Substantial', weight: 1 },
];

/** One survey's tally: one rating question on outcome `o1`, `counts` per scale point, for `students` (a course-exit survey). */
function tally(counts: number[], opts: { invited: number; students?: number }): SurveyTally {
  return {
    form: { scale: SCALE, questions: [{ id: 'q1', text: 'How far?', kind: 'Rating', outcome: 'o1', outcome_code: 'CO1' }] },
    online: { q1: counts },
    offline: null,
    respondentsOnline: counts.reduce((s, c) => s + c, 0),
    respondentsOffline: 0,
    invited: opts.invited,
    ...(opts.students === undefined ? {} : { students: opts.students }),
    freeText: {},
  };
}

describe("pooling surveys' evidence on one outcome", () => {
  it("counts a course's class once over two course-exit surveys of the year (seen in the browser: 37 of 80)", () => {
    const e = outcomeEvidence([
      { id: 'closed', name: 'Course exit', tally: tally([5, 10, 20], { invited: 40, students: 40 }) },
      { id: 'open', name: 'End-of-term course exit', tally: tally([0, 1, 1], { invited: 0, students: 40 }) },
    ]).get('o1');
    expect(e).toMatchObject({ respondents: 37, population: 40 });
    // (5 x 0.33 + 11 x 0.67 + 21 x 1) / 37 = 79.05 %
    expect(e?.percent).toBeCloseTo(((5 * 0.33 + 11 * 0.67 + 21) / 37) * 100, 6);
  });

  it('adds up surveys of different groups (alumni and employers), each for its own people', () => {
    const e = outcomeEvidence([
      { id: 'alumni', name: 'Alumni', tally: tally([1, 4, 7], { invited: 12 }) },
      { id: 'employers', name: 'Employers', tally: tally([0, 1, 2], { invited: 4 }) },
    ]).get('o1');
    expect(e).toMatchObject({ respondents: 15, population: 16 });
  });
});
