import type { MarksMapping } from '@attain/shared-types';

/**
 * Marks exports of other systems, built from their publishers' documented layouts (docs/decisions/0061), with made-up
 * students: what a teacher downloads and hands to Attain's marks import.
 */

/** One attempt of a student in Moodle's quiz "Grades" report: who, the attempt's state and each question's mark. */
export interface MoodleAttempt {
  surname: string;
  first: string;
  idnumber: string;
  email: string;
  state?: 'Finished' | 'In progress' | 'Never submitted';
  /** Marks per question as Moodle writes them (`-`: not answered). */
  marks: string[];
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Moodle's quiz "Grades" report as its CSV download lays it out (Moodle Docs, "Quiz reports": Grades report; columns
 * `Surname, First name`, the site's identity fields (`ID number`, `Email address`), `State, Started on, Completed,
 * Time taken, Grade/<max>`, one `Q. <n> /<max>` per question; one row per attempt; an `Overall average` row last).
 * @param maxima each question's maximum, in order
 * @param decimalComma write `1,50` and `/2,00` as a locale with decimal commas does
 */
export function moodleGradesReport(maxima: number[], attempts: MoodleAttempt[], decimalComma = false): string {
  const num = (n: number) => (decimalComma ? n.toFixed(2).replace('.', ',') : n.toFixed(2));
  const total = maxima.reduce((a, b) => a + b, 0);
  const head = [
    'Surname',
    'First name',
    'ID number',
    'Email address',
    'State',
    'Started on',
    'Completed',
    'Time taken',
    `Grade/${num(total)}`,
    ...maxima.map((m, i) => `Q. ${i + 1} /${num(m)}`),
  ];
  const rows = attempts.map((a) => {
    const finished = (a.state ?? 'Finished') === 'Finished';
    const sum = a.marks.reduce((s, m) => s + (m === '-' ? 0 : Number(m.replace(',', '.'))), 0);
    return [
      a.surname,
      a.first,
      a.idnumber,
      a.email,
      a.state ?? 'Finished',
      '3 March 2026  10:00 AM',
      finished ? '3 March 2026  10:40 AM' : '-',
      finished ? '40 mins' : '-',
      finished ? num(sum) : '-',
      ...a.marks,
    ];
  });
  const average = ['Overall average', '', '', '', '', '', '', '', num(total / 2), ...maxima.map((m) => num(m / 2))];
  return [head, ...rows, average].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

/**
 * The mapping a teacher confirms for a Moodle Grades report whose question i fills the paper's question i: matched by
 * the `ID number` column (roll numbers), each column out of the quiz's own maximum.
 */
export function moodleMapping(maxima: number[], attempt: MarksMapping['attempt'] = 'highest'): MarksMapping {
  return {
    header_row: 0,
    student_column: 'ID number',
    match: 'roll_no',
    attempt,
    questions: maxima.map((m, i) => ({ column: `Q. ${i + 1} /${m.toFixed(2)}`, question: String(i + 1), out_of: m })),
  };
}

/** One student of Moodle's gradebook export: who, and each grade item's grade as Moodle writes it (`-`: none yet). */
export interface MoodleGradebookRow {
  first: string;
  surname: string;
  idnumber: string;
  email: string;
  grades: string[];
}

/**
 * Moodle's gradebook export as its "Export to plain text file" lays it out (Moodle Docs, "Grade export": one row per
 * student, `First name, Surname, ID number, Institution, Department, Email address`, then one column per grade item
 * named `<Item type>: <item name> (Real)` for the Real display type, `Course total (Real)`, and
 * `Last downloaded from this course`). No maximum is in the header: the teacher gives each item's.
 * @param items each grade item's header, e.g. `Quiz: Unit test 1 (Real)`
 */
export function moodleGradebookExport(items: string[], students: MoodleGradebookRow[]): string {
  const head = [
    'First name',
    'Surname',
    'ID number',
    'Institution',
    'Department',
    'Email address',
    ...items,
    'Course total (Real)',
    'Last downloaded from this course',
  ];
  const rows = students.map((s) => {
    const total = s.grades.reduce((t, g) => t + (g === '-' ? 0 : Number(g)), 0);
    return [s.first, s.surname, s.idnumber, 'Example College', 'CSE', s.email, ...s.grades, total.toFixed(2), '1764400000'];
  });
  return [head, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}
