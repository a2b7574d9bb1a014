import { describe, expect, it } from 'vitest';
import {
  type MarksMapping,
  type SheetQuestion,
  columnsUsed,
  lmsNumber,
  mapForeignMarks,
  mappingProblems,
  marksMappingSchema,
  readMarksTable,
  suggestMapping,
} from '@attain/shared-types';
import { parseCsvRows } from '../../src/platform/lib/csv.js';
import { type MoodleAttempt, moodleGradebookExport, moodleGradesReport, moodleMapping } from '../support/lms-exports.js';

/** A paper of three questions; the quiz's third is out of 5, the paper's out of 10. */
const QUESTIONS: SheetQuestion[] = [
  { number: '1', max_marks: 2, co_code: 'CO1' },
  { number: '2', max_marks: 3, co_code: 'CO1' },
  { number: '3', max_marks: 10, co_code: 'CO2' },
];
const ROSTER = [
  { id: 's1', roll_no: '25CSA001', name: 'Anita Rao', email: 'anita@college.edu' },
  { id: 's2', roll_no: '25CSA002', name: 'Bharat Iyer', email: 'bharat@college.edu' },
  { id: 's3', roll_no: '25CSA003', name: 'Chitra Nair', email: 'chitra@college.edu' },
];
const report = (decimalComma = false) =>
  parseCsvRows(
    moodleGradesReport(
      [2, 3, 5],
      (
        [
          { surname: 'Rao', first: 'Anita', idnumber: '25CSA001', email: 'anita@college.edu', marks: ['1.00', '1.50', '2.00'] },
          { surname: 'Rao', first: 'Anita', idnumber: '25CSA001', email: 'anita@college.edu', marks: ['2.00', '3.00', '4.50'] },
          { surname: 'Iyer', first: 'Bharat', idnumber: '25csa002', email: 'bharat@college.edu', marks: ['2.00', '-', '3.33'] },
          {
            surname: 'Nair',
            first: 'Chitra',
            idnumber: '25CSA003',
            email: 'chitra@college.edu',
            state: 'In progress',
            marks: ['-', '-', '-'],
          },
          { surname: 'Guest', first: 'Visitor', idnumber: 'GUEST9', email: 'guest@example.com', marks: ['1.00', '1.00', '1.00'] },
        ] satisfies MoodleAttempt[]
      ).map((a): MoodleAttempt => (decimalComma ? { ...a, marks: a.marks.map((m) => m.replace('.', ',')) } : a)),
      decimalComma,
    ),
  );

describe("marks from Moodle's quiz Grades report", () => {
  it("suggests the ID number column and each 'Q. n /max' column with its maximum", () => {
    expect(suggestMapping(report(), QUESTIONS)).toEqual(moodleMapping([2, 3, 5]));
    expect(suggestMapping(report(true), QUESTIONS)?.questions[2]).toEqual({ column: 'Q. 3 /5,00', question: '3', out_of: 5 });
  });

  it('keeps the highest attempt, scales a quiz out of 5 into a question out of 10, and lists whom it could not match', () => {
    const mapping = suggestMapping(report(), QUESTIONS)!;
    expect(mappingProblems(report(), mapping, QUESTIONS)).toEqual({});
    const mapped = mapForeignMarks(report(), mapping, QUESTIONS, ROSTER);
    expect(mapped.table).toEqual([
      ['roll_no', 'name', '1', '2', '3'],
      ['25CSA001', 'Anita Rao', '2', '3', '9'],
      ['25CSA002', 'Bharat Iyer', '2', '', '6.66'],
    ]);
    expect(mapped.lines).toEqual([3, 4]);
    expect(mapped.several_attempts).toBe(1);
    // Chitra's attempt is still in progress (Moodle's State column): left out and said, as the visitor on no roster is.
    expect(mapped.unmatched).toEqual([
      { row: 5, value: '25CSA003', reason: 'Attempt not submitted (In progress): left out' },
      { row: 6, value: 'GUEST9', reason: 'Nobody on the roster has this roll number' },
    ]);
    expect(mapped.scaling.map((s) => s.text)).toEqual([
      'Q. 1 /2.00 → question 1 (out of 2): as it is',
      'Q. 2 /3.00 → question 2 (out of 3): as it is',
      'Q. 3 /5.00 (out of 5) → question 3 (out of 10): each mark × 2, rounded to 2 decimals',
    ]);
    // The template's own rules read it: an unanswered question beside given marks is a blank cell (0 for a student who
    // sat, as the template counts it).
    const read = readMarksTable(mapped.table, QUESTIONS, ROSTER);
    expect(read.errors).toEqual([]);
    expect(read.rows.map((r) => [r.student, r.marks])).toEqual([
      ['s1', { 1: 2, 2: 3, 3: 9 }],
      ['s2', { 1: 2, 2: null, 3: 6.66 }],
    ]);
    expect(read.blank_cells).toBe(1);
    expect(read.unmarked).toEqual([]);
  });

  it('keeps the first or the last attempt when told, matches by e-mail, and reads decimal commas', () => {
    const base = suggestMapping(report(true), QUESTIONS)!;
    const first = mapForeignMarks(report(true), { ...base, attempt: 'first' }, QUESTIONS, ROSTER);
    expect(first.table[1]).toEqual(['25CSA001', 'Anita Rao', '1', '1.5', '4']);
    const byEmail: MarksMapping = { ...base, student_column: 'Email address', match: 'email', attempt: 'last' };
    expect(mapForeignMarks(report(true), byEmail, QUESTIONS, ROSTER).table[1]).toEqual(['25CSA001', 'Anita Rao', '2', '3', '9']);
  });

  it('never lets a finished attempt without any mark replace one with marks, whichever attempt counts', () => {
    const rows = parseCsvRows(
      moodleGradesReport(
        [2, 3, 5],
        [
          { surname: 'Rao', first: 'Anita', idnumber: '25CSA001', email: 'anita@college.edu', marks: ['1.00', '1.50', '2.00'] },
          {
            surname: 'Rao',
            first: 'Anita',
            idnumber: '25CSA001',
            email: 'anita@college.edu',
            state: 'In progress',
            marks: ['-', '-', '-'],
          },
        ],
      ),
    );
    const base = suggestMapping(rows, QUESTIONS)!;
    for (const attempt of ['last', 'first', 'highest'] as const)
      expect(mapForeignMarks(rows, { ...base, attempt }, QUESTIONS, ROSTER).table[1], attempt).toEqual([
        '25CSA001',
        'Anita Rao',
        '1',
        '1.5',
        '4',
      ]);
  });

  it('sends only the columns a mapping reads, every row kept', () => {
    const trimmed = columnsUsed(report(), moodleMapping([2, 3, 5]));
    expect(trimmed[0]).toEqual(['Surname', 'ID number', 'State', 'Q. 1 /2.00', 'Q. 2 /3.00', 'Q. 3 /5.00']);
    expect(trimmed).toHaveLength(report().length);
    expect(mapForeignMarks(trimmed, moodleMapping([2, 3, 5]), QUESTIONS, ROSTER)).toEqual(
      mapForeignMarks(report(), moodleMapping([2, 3, 5]), QUESTIONS, ROSTER),
    );
  });

  it('names what a mapping gets wrong for this file and paper', () => {
    const mapping: MarksMapping = {
      header_row: 0,
      student_column: 'Roll',
      match: 'roll_no',
      attempt: 'highest',
      questions: [
        { column: 'Q. 1 /2.00', question: '7', out_of: 2 },
        { column: 'Q. 9 /2.00', question: '1', out_of: 2 },
        { column: 'Q. 2 /3.00', question: '1', out_of: 3 },
      ],
    };
    expect(mappingProblems(report(), mapping, QUESTIONS)).toEqual({
      student_column: 'Not a column of the file',
      'questions.0.question': 'No such question on the paper',
      'questions.1.column': 'Not a column of the file',
      'questions.2.question': 'Filled by another column already',
    });
    expect(mappingProblems(report(), { ...mapping, header_row: 40 }, QUESTIONS)).toEqual({ header_row: 'The file has 7 rows' });
  });

  it('reads LMS numbers: dots, decimal commas, a dash for none, and refuses words', () => {
    expect([lmsNumber('1.50'), lmsNumber('1,50'), lmsNumber('-'), lmsNumber(' '), lmsNumber('7')]).toEqual([1.5, 1.5, null, null, 7]);
    expect(lmsNumber('Requires grading')).toBeNaN();
  });
});

describe("marks from Moodle's gradebook export", () => {
  // Two grade items (a quiz out of 10, an assignment out of 20 in Moodle) fill questions 1 and 3 of the paper.
  const gradebook = () =>
    parseCsvRows(
      moodleGradebookExport(
        ['Quiz: Unit test 1 (Real)', 'Assignment: Lab record (Real)'],
        [
          { first: 'Anita', surname: 'Rao', idnumber: '25CSA001', email: 'anita@college.edu', grades: ['8.00', '15.00'] },
          { first: 'Bharat', surname: 'Iyer', idnumber: '25CSA002', email: 'bharat@college.edu', grades: ['-', '-'] },
          { first: 'Chitra', surname: 'Nair', idnumber: '25CSA003', email: 'chitra@college.edu', grades: ['4.50', '-'] },
        ],
      ),
    );

  it('suggests the ID number column and leaves the grade items, which name no question, to the teacher', () => {
    const suggested = suggestMapping(gradebook(), QUESTIONS)!;
    expect(suggested).toMatchObject({ header_row: 0, student_column: 'ID number', match: 'roll_no', questions: [] });
    // A mapping with no question is refused, so nothing is saved until the teacher maps the items.
    expect(marksMappingSchema.safeParse(suggested).success).toBe(false);
  });

  it('scales each item by the maximum the teacher gives, skips the course total, and a student with no grades has no marks', () => {
    const mapping: MarksMapping = {
      header_row: 0,
      student_column: 'ID number',
      match: 'roll_no',
      attempt: 'highest',
      questions: [
        { column: 'Quiz: Unit test 1 (Real)', question: '1', out_of: 10 },
        { column: 'Assignment: Lab record (Real)', question: '3', out_of: 20 },
      ],
    };
    expect(mappingProblems(gradebook(), mapping, QUESTIONS)).toEqual({});
    const mapped = mapForeignMarks(gradebook(), mapping, QUESTIONS, ROSTER);
    expect(mapped.table).toEqual([
      ['roll_no', 'name', '1', '3'],
      ['25CSA001', 'Anita Rao', '1.6', '7.5'],
      ['25CSA002', 'Bharat Iyer', '', ''],
      ['25CSA003', 'Chitra Nair', '0.9', ''],
    ]);
    const read = readMarksTable(mapped.table, QUESTIONS, ROSTER);
    expect(read.errors).toEqual([]);
    // Bharat's row is blank: no marks entered, never zeros.
    expect(read.rows.map((r) => r.student)).toEqual(['s1', 's3']);
    expect(read.unmarked).toEqual(['s2']);
  });
});
