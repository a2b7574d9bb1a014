import {
  type CampusScope,
  academicYearOf,
  type RecordOf,
  type SheetState,
  type MarksRow,
  type PaperQuestion,
  type SheetQuestion,
  type SheetStudent,
  courseCurriculum,
  courseOutcome,
  occasion,
  occasionYear,
  student,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { getDocument } from '../../platform/store/documents.js';
import { settleSheet, sheetState } from './sheet-claim-store.js';
import { listAll } from '../../platform/store/list-all.js';
import { getRecord, queryByField } from '../../platform/store/records.js';

/** What entering marks for one occasion needs: the occasion, its course, its paper's questions and its roster. */
export interface OccasionSheet {
  occasion: RecordOf<typeof occasion>;
  course: RecordOf<typeof courseCurriculum>;
  /** The paper's questions with their CO ids. */
  paper: PaperQuestion[];
  /** The same questions with CO codes, as the template shows them. */
  questions: SheetQuestion[];
  roster: SheetStudent[];
  /** Version of the occasion's marks sheet (0 = no marks yet). */
  version: number;
  /** How its last save ended (see `sheet-claim-store.ts`). */
  state: SheetState;
  updated_by?: string;
  updated_at?: string;
}

/**
 * Whether a student a roster sync marked as left (`left_on`) is past an occasion: it was held after the day they left,
 * or, undated, it counts in a later academic year than that day falls in (June start, as `occasionYear` reads an
 * occasion's date). Marks of the occasions before stay theirs.
 */
export const leftBefore = (s: RecordOf<typeof student>, occ: RecordOf<typeof occasion>): boolean =>
  !!s.left_on && (occ.held_on ? occ.held_on > s.left_on : occasionYear(occ) > academicYearOf(s.left_on));

/** The student records of an occasion's roster (`occasionRoster`'s rule), unordered. */
async function rosterRecords(scope: CampusScope, occ: RecordOf<typeof occasion>): Promise<RecordOf<typeof student>[]> {
  if (!occ.curriculum) return [];
  const filters: Record<string, string> = { curriculum: occ.curriculum };
  if (occ.section) filters.section = occ.section;
  return (await listAll(scope, student, filters)).filter((s) => !leftBefore(s, occ));
}

/**
 * The e-mail of each student on an occasion's roster, by roll number, for matching a file's rows by e-mail; kept
 * apart from `occasionRoster`, whose entries the marks sheet shows (no e-mail there).
 */
export async function rosterEmails(scope: CampusScope, occ: RecordOf<typeof occasion>): Promise<Map<string, string>> {
  return new Map((await rosterRecords(scope, occ)).flatMap((s) => (s.email ? [[s.roll_no, s.email] as const] : [])));
}

/**
 * The roster of an occasion: the students of its course's curriculum, in the occasion's section when it has one
 * (all sections otherwise), but those who left before it (`leftBefore`), by roll number. Empty when the occasion has no curriculum copied from its course.
 */
export async function occasionRoster(scope: CampusScope, occ: RecordOf<typeof occasion>): Promise<SheetStudent[]> {
  return (await rosterRecords(scope, occ))
    .map((s) => ({ id: s.id, roll_no: s.roll_no, name: s.name }))
    .sort((a, b) => a.roll_no.localeCompare(b.roll_no, undefined, { numeric: true }));
}

/**
 * A course's students in an academic year: the union of the rosters of its occasions of that year (each curriculum
 * and section read once), the population a course-exit survey of that year is for. One Query for the occasions, one
 * per roster.
 * @returns the number of students, or undefined when the course has no occasion (or no roster) that year
 */
export async function courseYearStudents(scope: CampusScope, course: string, year: string): Promise<number | undefined> {
  return (await courseYearRoster(scope, course, year)).size || undefined;
}

/**
 * The ids of a course's students in an academic year (`courseYearStudents`' rule): whom a course-exit survey of that
 * year is for, and whom its invitation reaches. One Query for the occasions, one per roster.
 */
export async function courseYearRoster(scope: CampusScope, course: string, year: string): Promise<Set<string>> {
  const occs = (await queryByField(scope, occasion, 'course', course)).filter((o) => occasionYear(o) === year);
  const rosters = new Map(occs.map((o) => [`${o.curriculum ?? ''}|${o.section ?? ''}`, o]));
  const ids = new Set<string>();
  for (const o of rosters.values()) for (const s of await occasionRoster(scope, o)) ids.add(s.id);
  return ids;
}

/**
 * Whether a student sits a course in an academic year: an occasion of the course that year has them on its roster
 * (`occasionRoster`'s rule: the occasion's curriculum, and its section when it has one). One Query for the occasions.
 */
export async function sitsCourse(
  scope: CampusScope,
  course: string,
  year: string,
  who: Pick<RecordOf<typeof student>, 'curriculum' | 'section'>,
): Promise<boolean> {
  const occs = await queryByField(scope, occasion, 'course', course);
  return occs.some((o) => occasionYear(o) === year && o.curriculum === who.curriculum && (!o.section || o.section === who.section));
}

/**
 * Loads an occasion's sheet context.
 * @throws HttpError 404 for an unknown occasion; 400 when it has no question paper yet (marks need questions)
 */
export async function occasionSheet(scope: CampusScope, occasionId: string): Promise<OccasionSheet> {
  const occ = await getRecord(scope, occasion, occasionId);
  const [course, paperDoc, header, cos, roster] = await Promise.all([
    getRecord(scope, courseCurriculum, occ.course),
    getDocument(scope, 'question-paper', occ.id),
    // A save that died half-way is undone before anyone reads the sheet (`settleSheet`).
    getDocument(scope, 'marks-sheet', occ.id).then((d) => settleSheet(scope, occ.id, d)),
    queryByField(scope, courseOutcome, 'course', occ.course),
    occasionRoster(scope, occ),
  ]);
  const paper = paperDoc?.questions ?? [];
  if (!paper.length)
    throw new HttpError(400, `${occ.name} has no question paper yet: set its questions (Assessments) before entering marks`, {
      occasion: 'No question paper',
    });
  const code = new Map(cos.map((c) => [c.id, c.code]));
  return {
    occasion: occ,
    course,
    paper,
    questions: paper.map((q) => ({ number: q.number, max_marks: q.max_marks, co_code: code.get(q.co) ?? '' })),
    roster,
    version: header?.version ?? 0,
    state: sheetState(header),
    updated_by: header?.updated_by,
    updated_at: header?.updated_at,
  };
}

/** Marks rows as a table of cells in the template's layout (header + rows), so one reader checks them all. */
export function rowsToTable(rows: readonly MarksRow[], sheet: OccasionSheet): string[][] {
  const roll = new Map(sheet.roster.map((s) => [s.id, s.roll_no]));
  const head = ['roll_no', ...sheet.questions.map((q) => q.number)];
  return [
    head,
    ...rows.map((r) => [
      roll.get(r.student) ?? `(unknown student ${r.student})`,
      ...sheet.questions.map((q) => (r.absent ? 'AB' : r.marks[q.number] == null ? '' : String(r.marks[q.number]))),
    ]),
  ];
}
