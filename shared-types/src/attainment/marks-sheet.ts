import * as z from 'zod/mini';
import type { RowError } from '../api/envelope.js';

/**
 * Marks of one student in one assessment occasion: `marks[question number]` in marks (blank = not answered,
 * counted as 0 when the student sat the paper); `absent` = did not sit it (left out of that occasion's counts).
 * A student with no row has no marks entered: neither sat nor absent, counted by no result.
 */
export interface MarksRow {
  student: string;
  absent?: boolean;
  marks: Record<string, number | null>;
}

/** A question as the marks sheet needs it: number, maximum marks and the CO code shown in the template. */
export interface SheetQuestion {
  number: string;
  max_marks: number;
  co_code: string;
}

/** A roster entry as the marks sheet needs it. */
export interface SheetStudent {
  id: string;
  roll_no: string;
  name: string;
}

/** First cells of the template's two description rows (under the header): maximum marks, then CO. */
export const TEMPLATE_MAX_ROW = 'max_marks';
export const TEMPLATE_CO_ROW = 'co';
/** What a person types for a student who did not sit the paper (any case). */
export const ABSENT_MARK = 'AB';
/** Rows of a marks file one request may carry; bigger files go browser -> S3 -> the import worker. */
export const MAX_DIRECT_MARKS_ROWS = 2000;

/**
 * The template of an occasion's marks file, as rows of cells (for CSV and XLSX alike): a header
 * `roll_no, name, <question numbers>`, a `max_marks` row and a `co` row, then one row per student with blank marks
 * (or the marks already entered, when `existing` is given). Pure.
 */
export function marksTemplate(
  questions: readonly SheetQuestion[],
  roster: readonly SheetStudent[],
  existing?: ReadonlyMap<string, MarksRow>,
): string[][] {
  const head = ['roll_no', 'name', ...questions.map((q) => q.number)];
  const max = [TEMPLATE_MAX_ROW, '', ...questions.map((q) => String(q.max_marks))];
  const co = [TEMPLATE_CO_ROW, '', ...questions.map((q) => q.co_code)];
  const rows = roster.map((s) => {
    const m = existing?.get(s.id);
    const cells = questions.map((q) => (m?.absent ? ABSENT_MARK : m?.marks[q.number] == null ? '' : String(m.marks[q.number])));
    return [s.roll_no, s.name, ...cells];
  });
  return [head, max, co, ...rows];
}

/** The result of reading a filled-in marks file: rows ready to store, problems (nothing is stored if any), notes. */
export interface MarksTable {
  /** Students with marks or marked absent: the rows a save stores. */
  rows: MarksRow[];
  /**
   * Students whose row has a roll number and no mark in any question column (and no `AB`): "no marks entered".
   * Never stored as sat; a file leaves their stored marks as they were, the grid clears them (`applyMarks`).
   */
  unmarked: string[];
  /** Blank cells in rows that have other marks: the student sat the paper, so each counts 0. */
  blank_cells: number;
  errors: RowError[];
  /** Things a person should know that do not stop the import (e.g. a question with no column). */
  notes: string[];
}

/** How many students a marks file or grid save holds, by kind (`marksCountText` says it in words). */
export interface MarksCounts {
  /** Students with marks (sat the paper). */
  with_marks: number;
  absent: number;
  /** Students with a blank row: no marks entered. */
  unmarked: number;
  /** Blank cells beside given marks, each counted as 0. */
  blank_cells: number;
}

/** The counts of a read marks table (`MarksTable`). */
export function marksCounts(t: Pick<MarksTable, 'rows' | 'unmarked' | 'blank_cells'>): MarksCounts {
  const absent = t.rows.filter((r) => r.absent).length;
  return { with_marks: t.rows.length - absent, absent, unmarked: t.unmarked.length, blank_cells: t.blank_cells };
}

const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

/**
 * A marks file's or grid save's counts in words, the one sentence the preview, the save's answer and the import job
 * use: "30 students with marks, 1 absent, 9 without marks: they are left as they were; 4 blank cells beside given
 * marks count as 0". Parts that are zero are left out (but the students with marks always show).
 * @param unmarked what happens to students without marks: `kept` (a file: stored marks stay) or `cleared` (the grid:
 *   a row emptied there has no marks entered)
 */
export function marksCountText(c: MarksCounts, unmarked: 'kept' | 'cleared' = 'kept'): string {
  const parts = [`${students(c.with_marks)} with marks`];
  if (c.absent) parts.push(`${c.absent} absent`);
  let text = parts.join(', ');
  if (c.unmarked)
    text +=
      `, ${c.unmarked} without marks: ` +
      (unmarked === 'kept'
        ? `${c.unmarked === 1 ? 'it is' : 'they are'} left as ${c.unmarked === 1 ? 'it was' : 'they were'}`
        : 'their marks are cleared');
  if (c.blank_cells)
    text += `; ${c.blank_cells} blank cell${c.blank_cells === 1 ? '' : 's'} beside given marks count${c.blank_cells === 1 ? 's' : ''} as 0`;
  return text;
}

const MARK = /^\d+(\.\d{1,2})?$/;

/**
 * Reads a filled-in marks file (rows of cells, header first, as the template lays it out; the `max_marks` and `co`
 * rows may be left in or removed; a question may have one column only). A row with a roll number and every question cell blank is "no marks entered"
 * (`unmarked`), never a student who sat and scored 0; a blank cell beside given marks is 0 for a student who sat
 * (`blank_cells` counts them). The grid, the CSV/XLSX imports and the large-file worker all read through here, so
 * they share this rule. Checks every row: an unknown or repeated roll number, a question column the paper
 * does not have, a mark that is not a number (at most 2 decimals), negative, or above the question's maximum, and
 * `AB` mixed with marks. Pure; used by the browser's preview and by the server, so both say the same thing.
 * @param table cells by row; row i is line i + 1 of the file
 * @returns rows keyed by student id, with row-level errors (`row` = the file's line number)
 */
export function readMarksTable(
  table: readonly (readonly string[])[],
  questions: readonly SheetQuestion[],
  roster: readonly SheetStudent[],
): MarksTable {
  const errors: RowError[] = [];
  const notes: string[] = [];
  const rows: MarksRow[] = [];
  const unmarked: string[] = [];
  let blankCells = 0;
  const header = (table[0] ?? []).map((h) => String(h ?? '').trim());
  const rollCol = header.findIndex((h) => h.toLowerCase() === 'roll_no');
  if (rollCol < 0) errors.push({ row: 1, field: 'roll_no', message: 'Column roll_no is missing' });
  const byNumber = new Map(questions.map((q) => [q.number.toLowerCase(), q]));
  const cols: { index: number; q: SheetQuestion }[] = [];
  header.forEach((h, i) => {
    if (i === rollCol || h === '' || h.toLowerCase() === 'name') return;
    const q = byNumber.get(h.toLowerCase());
    // A question given two columns would have one silently overwrite the other.
    if (q && cols.some((c) => c.q === q)) errors.push({ row: 1, field: h, message: `Question ${h} has two columns` });
    else if (q) cols.push({ index: i, q });
    else errors.push({ row: 1, field: h, message: `The question paper has no question ${h}` });
  });
  const present = new Set(cols.map((c) => c.q.number));
  const missing = questions.filter((q) => !present.has(q.number)).map((q) => q.number);
  if (missing.length && rollCol >= 0)
    notes.push(`No column for question${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: those marks are left as they are`);
  if (rollCol < 0) return { rows, unmarked, blank_cells: 0, errors, notes };
  const byRoll = new Map(roster.map((s) => [s.roll_no.trim().toLowerCase(), s]));
  const seen = new Map<string, number>();
  for (let r = 1; r < table.length; r++) {
    const line = r + 1;
    const cells = table[r].map((c) => String(c ?? '').trim());
    const roll = cells[rollCol] ?? '';
    if (cells.every((c) => c === '')) continue;
    if (roll.toLowerCase() === TEMPLATE_MAX_ROW || roll.toLowerCase() === TEMPLATE_CO_ROW) continue;
    if (!roll) {
      errors.push({ row: line, field: 'roll_no', message: 'Required' });
      continue;
    }
    const s = byRoll.get(roll.toLowerCase());
    if (!s) {
      errors.push({ row: line, field: 'roll_no', message: `No student ${roll} on this occasion's roster` });
      continue;
    }
    const first = seen.get(s.id);
    if (first) {
      errors.push({ row: line, field: 'roll_no', message: `${roll} is already on row ${first}` });
      continue;
    }
    seen.set(s.id, line);
    const marks: Record<string, number | null> = {};
    let absent = 0;
    let given = 0;
    for (const { index, q } of cols) {
      const v = cells[index] ?? '';
      if (v === '') {
        marks[q.number] = null;
        continue;
      }
      if (v.toUpperCase() === ABSENT_MARK) {
        absent++;
        continue;
      }
      given++;
      if (!MARK.test(v)) errors.push({ row: line, field: q.number, message: `${v} is not a number of marks (at most 2 decimals)` });
      else if (Number(v) > q.max_marks)
        errors.push({ row: line, field: q.number, message: `${v} is more than the maximum of ${q.max_marks}` });
      else marks[q.number] = Number(v);
    }
    if (absent && given) errors.push({ row: line, field: 'roll_no', message: `${roll} is marked ${ABSENT_MARK} and also has marks` });
    if (absent) rows.push({ student: s.id, absent: true, marks: {} });
    else if (!given) unmarked.push(s.id);
    else {
      blankCells += cols.length - given;
      rows.push({ student: s.id, marks });
    }
  }
  if (!rows.length && !unmarked.length && !errors.length)
    errors.push({ row: 2, field: 'roll_no', message: 'The file has no student rows' });
  return { rows, unmarked, blank_cells: blankCells, errors, notes };
}

/** Largest marks file the browser may upload to S3 for the import worker, in bytes (20 MB). */
export const MAX_MARKS_FILE_BYTES = 20 * 1024 * 1024;

/** Where a large marks file's import stands (`GET /api/import-job/{id}`). */
export interface ImportJob {
  id: string;
  occasion: string;
  file_name: string;
  /**
   * waiting for the file -> checking it -> writing marks -> done, or failed (nothing written when checks fail). A job
   * whose worker stopped (no progress for `JOB_STALL_MS`) reads as failed, with a `detail` that says so.
   */
  status: 'waiting' | 'checking' | 'writing' | 'done' | 'failed';
  rows_total: number;
  rows_written: number;
  /** Row-level problems (first 200) when the file was refused. */
  errors: RowError[];
  detail?: string;
  notes: string[];
  /** Once done: what was saved in words (`marksCountText`), e.g. "30 students with marks, 9 without marks: ...". */
  counts_text?: string;
  /** BatchWriteItem calls made. */
  write_calls?: number;
  created_by: string;
  /** Last progress the worker recorded (ISO-8601 UTC). */
  updated_at?: string;
}

/** A checking or writing import job with no progress for this long (ms) has stopped: it reads as failed. */
export const JOB_STALL_MS = 2 * 60_000;

/** Body of `PUT /api/marks/{occasion}` (the marks grid): the sheet version read and the changed students' rows. */
export const marksGridBody = z.strictObject({
  version: z.int().check(z.gte(0)),
  rows: z
    .array(
      z.strictObject({
        student: z.string().check(z.minLength(1), z.maxLength(64)),
        absent: z.optional(z.boolean()),
        marks: z.record(z.string().check(z.maxLength(10)), z.nullable(z.number())),
      }),
    )
    .check(z.maxLength(MAX_DIRECT_MARKS_ROWS, `At most ${MAX_DIRECT_MARKS_ROWS} students per save`)),
});

/** Body of `PUT /api/attainment/improvement-plan/{course}`: per `<student id>:<co id>`, the action recorded. */
export const improvementPlanBody = z.strictObject({
  version: z.int().check(z.gte(0)),
  year: z.string().check(z.maxLength(10)),
  actions: z.record(
    z.string().check(z.maxLength(130)),
    z.strictObject({
      action: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(500, 'Too Long!')),
      status: z.enum(['Planned', 'In progress', 'Done']),
    }),
  ),
});
