import { describe, expect, it } from 'vitest';
import {
  DEFAULT_METHOD,
  attainmentMethod,
  marksCountText,
  marksCounts,
  marksTemplate,
  methodProblems,
  readMarksTable,
  validateBody,
} from '../src/index.js';

const questions = [
  { number: '1a', max_marks: 5, co_code: 'CO1' },
  { number: '1b', max_marks: 2.5, co_code: 'CO2' },
];
const roster = [
  { id: 's1', roll_no: '22CS001', name: 'Asha' },
  { id: 's2', roll_no: '22CS002', name: 'Bala' },
];

describe('marks template and file reading', () => {
  it('the template has a header, max marks and CO rows, then one blank row per student', () => {
    expect(marksTemplate(questions, roster)).toEqual([
      ['roll_no', 'name', '1a', '1b'],
      ['max_marks', '', '5', '2.5'],
      ['co', '', 'CO1', 'CO2'],
      ['22CS001', 'Asha', '', ''],
      ['22CS002', 'Bala', '', ''],
    ]);
  });

  it('a filled template reads back to marks, AB as absent, blank as not answered', () => {
    const t = marksTemplate(questions, roster);
    t[3] = ['22cs001', 'Asha', '4.5', ''];
    t[4] = ['22CS002', 'Bala', 'ab', 'AB'];
    const res = readMarksTable(t, questions, roster);
    expect(res.errors).toEqual([]);
    expect(res.rows).toEqual([
      { student: 's1', marks: { '1a': 4.5, '1b': null } },
      { student: 's2', absent: true, marks: {} },
    ]);
  });

  it('a row left wholly blank is no marks entered: not a student who sat and scored 0, and said in words', () => {
    const roster3 = [...roster, { id: 's3', roll_no: '22CS003', name: 'Chitra' }];
    const t = marksTemplate(questions, roster3);
    t[3] = ['22CS001', 'Asha', '4', ''];
    t[5] = ['22CS003', 'Chitra', 'AB', 'AB'];
    const res = readMarksTable(t, questions, roster3);
    expect(res.errors).toEqual([]);
    expect(res.rows.map((r) => r.student)).toEqual(['s1', 's3']);
    expect(res.unmarked).toEqual(['s2']);
    // Asha sat the paper: her blank 1b counts 0, and the preview counts that cell.
    expect(res.blank_cells).toBe(1);
    expect(marksCountText(marksCounts(res))).toBe(
      '1 student with marks, 1 absent, 1 without marks: it is left as it was; 1 blank cell beside given marks counts as 0',
    );
    expect(marksCountText({ with_marks: 30, absent: 1, unmarked: 9, blank_cells: 0 })).toBe(
      '30 students with marks, 1 absent, 9 without marks: they are left as they were',
    );
    expect(marksCountText({ with_marks: 2, absent: 0, unmarked: 1, blank_cells: 0 }, 'cleared')).toBe(
      '2 students with marks, 1 without marks: their marks are cleared',
    );
  });

  it('a question with two columns is refused, never one silently over the other', () => {
    expect(
      readMarksTable(
        [
          ['roll_no', '1a', '1b', '1A'],
          ['22CS001', '1', '1', '2'],
        ],
        questions,
        roster,
      ).errors,
    ).toEqual([{ row: 1, field: '1A', message: 'Question 1A has two columns' }]);
  });

  it('a template with every row blank has no marks: no row to store, each student unmarked', () => {
    const res = readMarksTable(marksTemplate(questions, roster), questions, roster);
    expect(res.errors).toEqual([]);
    expect(res.rows).toEqual([]);
    expect(res.unmarked).toEqual(['s1', 's2']);
  });

  it('unknown student, repeated student, above the maximum, not a number, AB with marks: each on its row', () => {
    const res = readMarksTable(
      [
        ['roll_no', 'name', '1a', '1b', '9'],
        ['22CS001', '', '6', 'x', ''],
        ['22CS404', '', '1', '1', ''],
        ['22CS001', '', '1', '1', ''],
        ['22CS002', '', 'AB', '2', ''],
      ],
      questions,
      roster,
    );
    expect(res.errors).toEqual([
      { row: 1, field: '9', message: 'The question paper has no question 9' },
      { row: 2, field: '1a', message: '6 is more than the maximum of 5' },
      { row: 2, field: '1b', message: 'x is not a number of marks (at most 2 decimals)' },
      { row: 3, field: 'roll_no', message: "No student 22CS404 on this occasion's roster" },
      { row: 4, field: 'roll_no', message: '22CS001 is already on row 2' },
      { row: 5, field: 'roll_no', message: '22CS002 is marked AB and also has marks' },
    ]);
  });

  it('a missing question column is a note, and a missing roll_no column an error', () => {
    expect(
      readMarksTable(
        [
          ['roll_no', '1a'],
          ['22CS001', '3'],
        ],
        questions,
        roster,
      ).notes,
    ).toEqual(['No column for question 1b: those marks are left as they are']);
    expect(readMarksTable([['name', '1a']], questions, roster).errors[0]).toEqual({
      row: 1,
      field: 'roll_no',
      message: 'Column roll_no is missing',
    });
  });
});

describe('attainment methodology', () => {
  it('defaults are valid and weights must add up to 100', () => {
    expect(methodProblems(DEFAULT_METHOD)).toEqual({});
    expect(methodProblems({ ...DEFAULT_METHOD, cie_weight: 40 })).toEqual({ see_weight: 'CIE and SEE weights add up to 110, not 100' });
    expect(methodProblems({ ...DEFAULT_METHOD, level2_percent: 80 })).toMatchObject({
      level2_percent: 'Level 2 cannot need more students than level 3',
    });
  });

  it('the API refuses a method whose direct and indirect weights do not sum to 100', () => {
    const v = validateBody(attainmentMethod, { program: 'p1', direct_weight: 90, indirect_weight: 20 }, 'create');
    expect(v).toMatchObject({ ok: false, fields: { indirect_weight: 'Direct and indirect weights add up to 110, not 100' } });
    expect(validateBody(attainmentMethod, { program: 'p1' }, 'create')).toMatchObject({
      ok: true,
      data: { threshold_percent: 60, see_weight: 70 },
    });
  });
});
