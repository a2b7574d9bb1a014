import * as z from 'zod/mini';
import { MESSAGES } from '../registry/messages.js';
import type { SheetQuestion } from './marks-sheet.js';
import type { MarksSaveResult } from './marks-sheet-view.js';

/**
 * Marks from a file Attain did not write (issue 44 item 1; docs/decisions/0061): an LMS or ERP export read into rows
 * of cells, turned into the marks template's layout (`marksTemplate`) by a mapping the teacher confirms, so the
 * template's own rules (`readMarksTable`, `applyMarks`) check and store it: nothing written on a bad row, a row with no
 * marks is "no marks entered".
 *
 * Formats it suggests a mapping for, each from its publisher's documented layout:
 * - Moodle's quiz "Grades" report (Moodle Docs, "Quiz reports", Grades report download): one row per attempt, headed
 *   `Surname, First name, <identity fields such as ID number and Email address>, State, Started on, Completed,
 *   Time taken, Grade/10.00, Q. 1 /2.00, Q. 2 /3.00, ...`; `-` for a question not answered; an `Overall average`
 *   row at the end; in a locale that writes decimal commas, `Q. 1 /2,00` and `1,50`.
 * - Moodle's gradebook export (Moodle Docs, "Grade export"): one row per student, one column per grade item, such as
 *   `Quiz: Unit test 1 (Real)`; no maximum in the header, so the teacher gives it.
 * - Any sheet with a roll-number column: the teacher maps its columns.
 */

/** How a file's rows are matched to the roster: by roll number (a roll-number or ID-number column) or by e-mail. */
export const STUDENT_MATCHES = ['roll_no', 'email'] as const;
export type StudentMatch = (typeof STUDENT_MATCHES)[number];
/** Which of a student's several rows (attempts) counts: the highest total of the mapped marks, the last, the first. */
export const ATTEMPT_RULES = ['highest', 'last', 'first'] as const;
export type AttemptRule = (typeof ATTEMPT_RULES)[number];

const text = (max: number) =>
  z.string({ error: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(max, MESSAGES.tooLong));

/**
 * How a file's columns become a paper's marks, kept per occasion for the next file:
 * - `header_row`: the row (0-based) holding the column names;
 * - `student_column`, `match`: the column naming the student and what it holds;
 * - `attempt`: which row counts when a student has several;
 * - `questions`: each mapped column, the paper's question it fills and what the column is out of (marks); a mark is
 *   scaled by the question's maximum over `out_of`, rounded to 2 decimals.
 */
export const marksMappingSchema = z.strictObject({
  header_row: z.int().check(z.minimum(0, 'Not below 0'), z.maximum(50, 'At most 50')),
  student_column: text(200),
  match: z.enum(STUDENT_MATCHES, { error: MESSAGES.choice }),
  attempt: z.enum(ATTEMPT_RULES, { error: MESSAGES.choice }),
  questions: z
    .array(
      z.strictObject({
        column: text(200),
        question: text(20),
        out_of: z.number({ error: 'A number of marks' }).check(z.positive('More than 0'), z.maximum(1000, 'At most 1000')),
      }),
    )
    .check(z.minLength(1, 'Map at least one column to a question'), z.maxLength(200, 'At most 200 columns')),
});
/** A mapping as stored and answered (`marksMappingSchema`'s shape, written out for the API document). */
export interface MarksMapping {
  header_row: number;
  student_column: string;
  match: StudentMatch;
  attempt: AttemptRule;
  questions: { column: string; question: string; out_of: number }[];
}
// The schema and the interface say the same thing: each must be assignable to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const MAPPING_SHAPE_CHECK: Same<MarksMapping, z.infer<typeof marksMappingSchema>> = true;

/** A roster entry as matching needs it: the roll number, and the e-mail when the roster has one. */
export interface MatchableStudent {
  roll_no: string;
  name: string;
  email?: string;
}

/**
 * A row of the file left out, with why (`row`: the file's line number): it names nobody on the roster, or nobody at
 * all, or an attempt not handed in.
 */
export interface UnmatchedRow {
  row: number;
  value: string;
  reason: string;
}

/** One mapped column as the preview states it: a mark scaled by `factor` (1: as it is). */
export interface ColumnScaling {
  column: string;
  question: string;
  out_of: number;
  max_marks: number;
  factor: number;
  /** People words: "Q. 1 /2.00 (out of 2) → question 1 (out of 5): each mark × 2.5". */
  text: string;
}

/** A file turned into the template's layout, with what the teacher must see before saving. */
export interface MappedMarks {
  /** The template's layout: `roll_no, name, <questions mapped>`, then one row per matched student. */
  table: string[][];
  /** The file's line of each row of `table` after the header, for messages. */
  lines: number[];
  unmatched: UnmatchedRow[];
  scaling: ColumnScaling[];
  /** Students with more than one row in the file, of whom one row counted (`attempt`). */
  several_attempts: number;
}

/** What is wrong with a mapping for this file and paper, by field (`student_column`, `questions.<i>.question`, ...). */
export type MappingProblems = Record<string, string>;

const clean = (v: unknown) => String(v ?? '').trim();
const key = (v: string) => v.trim().toLowerCase();

/**
 * A number as an LMS writes it: `1.50`, or `1,50` where the locale writes decimal commas; `-` and blank are none.
 * @returns the number, `null` for none, or NaN for text that is not a number
 */
export function lmsNumber(cell: string): number | null {
  const v = cell.trim();
  if (v === '' || v === '-' || v === '–') return null;
  const dot = /^\d+,\d+$/.test(v) ? v.replace(',', '.') : v;
  return /^\d+(\.\d+)?$/.test(dot) ? Number(dot) : Number.NaN;
}

/** Moodle's quiz report column saying where an attempt is (`Finished`, `In progress`, `Overdue`, `Never submitted`). */
const MOODLE_STATE = 'State';
/** The states of an attempt not handed in: its marks are not a result, so the row is left out and listed. */
const UNSUBMITTED = /^(in progress|overdue|never submitted)$/i;

/** Rounds to 2 decimals (the most a stored mark carries), half away from zero. */
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/**
 * Checks a mapping against a file's header and the paper: the header row exists, every named column is in it, each
 * question exists on the paper and is filled by one column only.
 * @returns the problems by field; empty when the mapping can be applied
 */
export function mappingProblems(
  rows: readonly (readonly string[])[],
  mapping: MarksMapping,
  questions: readonly SheetQuestion[],
): MappingProblems {
  const problems: MappingProblems = {};
  const header = rows[mapping.header_row]?.map(clean);
  if (!header) return { header_row: `The file has ${rows.length} rows` };
  if (!header.includes(mapping.student_column.trim())) problems.student_column = 'Not a column of the file';
  const numbers = new Set(questions.map((q) => q.number));
  const seen = new Set<string>();
  mapping.questions.forEach((m, i) => {
    if (!header.includes(m.column.trim())) problems[`questions.${i}.column`] = 'Not a column of the file';
    if (!numbers.has(m.question.trim())) problems[`questions.${i}.question`] = 'No such question on the paper';
    else if (seen.has(m.question.trim())) problems[`questions.${i}.question`] = 'Filled by another column already';
    seen.add(m.question.trim());
  });
  return problems;
}

/**
 * Turns a file's rows into the marks template's layout by `mapping` (check it first with `mappingProblems`): each row
 * below the header whose student column matches a roster entry (roll number or e-mail, any case) gives that
 * student's marks, each mapped cell scaled to its question (`ColumnScaling`); a cell that is `-` or blank stays
 * blank, so a row with none is "no marks entered"; a cell that is not a number is passed on as it is, for the
 * template's rules to refuse with its line number. Rows matching nobody are listed (`unmatched`), a blank row and
 * Moodle's `Overall average` row quietly passed over, and an attempt Moodle's `State` column calls in progress, overdue
 * or never submitted listed as left out. Of a student's several rows, `mapping.attempt` picks one among
 * those with any mark (an attempt still in progress, with none, never replaces one with marks).
 * Pure: the browser's preview and the server read the same.
 */
export function mapForeignMarks(
  rows: readonly (readonly string[])[],
  mapping: MarksMapping,
  questions: readonly SheetQuestion[],
  roster: readonly MatchableStudent[],
): MappedMarks {
  const header = (rows[mapping.header_row] ?? []).map(clean);
  const col = (name: string) => header.indexOf(name.trim());
  const studentCol = col(mapping.student_column);
  const stateCol = header.indexOf(MOODLE_STATE);
  const byQuestion = new Map(questions.map((q) => [q.number, q]));
  const mapped = mapping.questions.map((m) => {
    const q = byQuestion.get(m.question.trim());
    const max = q?.max_marks ?? m.out_of;
    const factor = max / m.out_of;
    return { ...m, index: col(m.column), max, factor };
  });
  const lookup = new Map<string, MatchableStudent>();
  for (const s of roster) {
    const k = mapping.match === 'email' ? s.email : s.roll_no;
    if (k) lookup.set(key(k), s);
  }
  const chosen = new Map<string, { line: number; cells: string[]; total: number; count: number; marked: boolean }>();
  const unmatched: UnmatchedRow[] = [];
  rows.forEach((row, i) => {
    if (i <= mapping.header_row) return;
    const line = i + 1;
    const value = clean(row[studentCol]);
    if (row.every((c) => clean(c) === '') || /^overall average$/i.test(clean(row[0]))) return;
    if (!value) {
      unmatched.push({ row: line, value, reason: `No ${mapping.match === 'email' ? 'e-mail' : 'roll number'} in this row` });
      return;
    }
    const state = stateCol >= 0 ? clean(row[stateCol]) : '';
    if (UNSUBMITTED.test(state)) {
      unmatched.push({ row: line, value, reason: `Attempt not submitted (${state}): left out` });
      return;
    }
    const student = lookup.get(key(value));
    if (!student) {
      unmatched.push({ row: line, value, reason: `Nobody on the roster has this ${mapping.match === 'email' ? 'e-mail' : 'roll number'}` });
      return;
    }
    let total = 0;
    const cells = mapped.map((m) => {
      const raw = clean(row[m.index]);
      const n = lmsNumber(raw);
      if (n === null) return '';
      if (Number.isNaN(n)) return raw;
      total += n * m.factor;
      return String(round2(n * m.factor));
    });
    const before = chosen.get(student.roll_no);
    const entry = { line, cells, total, count: (before?.count ?? 0) + 1, marked: cells.some((c) => c !== '') };
    // An attempt with no marks at all (Moodle's "In progress", "Never submitted") never displaces one with marks;
    // among attempts with marks, the rule picks.
    const better =
      !before ||
      (entry.marked && !before.marked) ||
      (entry.marked === before.marked && (mapping.attempt === 'last' || (mapping.attempt === 'highest' && total > before.total)));
    if (better) chosen.set(student.roll_no, entry);
    else before.count = entry.count;
  });
  const names = new Map(roster.map((s) => [s.roll_no, s.name]));
  const picked = [...chosen].sort((a, b) => a[1].line - b[1].line);
  return {
    table: [
      ['roll_no', 'name', ...mapped.map((m) => m.question.trim())],
      ...picked.map(([roll, e]) => [roll, names.get(roll) ?? '', ...e.cells]),
    ],
    lines: picked.map(([, e]) => e.line),
    unmatched,
    scaling: mapped.map((m) => ({
      column: m.column,
      question: m.question,
      out_of: m.out_of,
      max_marks: m.max,
      factor: m.factor,
      text:
        m.factor === 1
          ? `${m.column} → question ${m.question} (out of ${m.max}): as it is`
          : `${m.column} (out of ${m.out_of}) → question ${m.question} (out of ${m.max}): each mark × ${round2(m.factor)}, rounded to 2 decimals`,
    })),
    several_attempts: picked.filter(([, e]) => e.count > 1).length,
  };
}

/** Moodle's quiz report question header: `Q. 3 /2.00` (number, maximum; a decimal comma in some locales). */
const MOODLE_QUESTION = /^Q\.\s*(\d+)\s*\/\s*(\d+(?:[.,]\d+)?)$/i;

/**
 * A first mapping for a file, from its header's names and maxima: the header is the first of the first 10 rows that
 * names a student column (`ID number`, `Roll number`, `roll_no`, `Email address`, `E-mail`...); a roll-number or ID
 * number column is preferred to e-mail; Moodle's `Q. n /max` columns fill question n out of max, and a column named
 * exactly as a question number of the paper fills it. The teacher confirms or changes it; a mapping kept for the
 * occasion is offered before this.
 * @returns the mapping, or undefined when no row names a student column
 */
export function suggestMapping(rows: readonly (readonly string[])[], questions: readonly SheetQuestion[]): MarksMapping | undefined {
  const rollNames = /^(roll[ _-]?(no|number)|id ?number|usn|register(ed)? ?(no|number)|enrol(l)?ment ?(no|number))\.?$/i;
  const emailNames = /^(e-?mail( address)?)$/i;
  for (let r = 0; r < Math.min(rows.length, 10); r++) {
    const header = rows[r]!.map(clean);
    const roll = header.find((h) => rollNames.test(h));
    const email = header.find((h) => emailNames.test(h));
    if (!roll && !email) continue;
    const numbers = new Set(questions.map((q) => q.number));
    const mapped: MarksMapping['questions'] = [];
    for (const h of header) {
      const moodle = MOODLE_QUESTION.exec(h);
      const q = moodle ? moodle[1]! : numbers.has(h) ? h : undefined;
      if (!q || !numbers.has(q) || mapped.some((m) => m.question === q)) continue;
      const max = moodle ? Number(moodle[2]!.replace(',', '.')) : (questions.find((x) => x.number === q)?.max_marks ?? 1);
      mapped.push({ column: h, question: q, out_of: max });
    }
    return {
      header_row: r,
      student_column: (roll ?? email)!,
      match: roll ? 'roll_no' : 'email',
      attempt: 'highest',
      questions: mapped,
    };
  }
  return undefined;
}

/**
 * Most rows and cells a mapped import takes in one request (a quiz of 1,000 students with three attempts each); the
 * request body is also held to the API's `MAX_BODY_BYTES`, which the browser keeps to by sending only the columns the
 * mapping uses (`columnsUsed`).
 */
export const MAPPED_IMPORT_LIMITS = { rows: 3000, cells: 300 } as const;

/**
 * The file's rows with only the columns a mapping reads: the first (where Moodle writes `Overall average`), the
 * student column, Moodle's `State` and the mapped ones, in the file's order; every row kept, so line numbers stay the file's. What the
 * browser sends, a fraction of a wide export.
 */
export function columnsUsed(rows: readonly (readonly string[])[], mapping: MarksMapping): string[][] {
  const header = (rows[mapping.header_row] ?? []).map(clean);
  const wanted = new Set([mapping.student_column, MOODLE_STATE, ...mapping.questions.map((q) => q.column)].map((n) => n.trim()));
  const keep = header.flatMap((h, i) => (i === 0 || wanted.has(h) ? [i] : []));
  return rows.map((r) => keep.map((i) => r[i] ?? ''));
}

/** Body of `POST /api/marks/{occasion}/import`: the file's cells by row (as read from its CSV or XLSX) and the mapping. */
export const mappedMarksBody = z.strictObject({
  rows: z
    .array(
      z
        .array(z.string({ error: 'Each cell as text' }).check(z.maxLength(1000, MESSAGES.tooLong)))
        .check(z.maxLength(MAPPED_IMPORT_LIMITS.cells, `At most ${MAPPED_IMPORT_LIMITS.cells} columns`)),
      { error: "The file's cells, row by row" },
    )
    .check(
      z.minLength(2, 'A header row and at least one row of marks'),
      z.maxLength(MAPPED_IMPORT_LIMITS.rows, `At most ${MAPPED_IMPORT_LIMITS.rows} rows`),
    ),
  mapping: marksMappingSchema,
});
export type MappedMarksBody = z.infer<typeof mappedMarksBody>;

/** `GET /api/marks/{occasion}/mapping`: the mapping kept from the occasion's last import, if any. */
export interface MarksMappingView {
  mapping: MarksMapping | null;
  updated_by?: string;
  updated_at?: string;
}

/**
 * `POST /api/marks/{occasion}/import` answer: the template's save result (`MarksSaveResult`; on a dry run nothing is
 * written) and what the mapping did: rows matching nobody, each column's scaling, students with several attempts.
 */
export interface MappedMarksResult extends MarksSaveResult {
  unmatched: UnmatchedRow[];
  scaling: ColumnScaling[];
  several_attempts: number;
  /** Students on the occasion's roster the file has no row for: their stored marks stay as they are. */
  not_in_file: number;
}
