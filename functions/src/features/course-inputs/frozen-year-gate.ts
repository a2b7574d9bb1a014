import {
  type CampusScope,
  type RecordOf,
  courseCurriculum,
  frozenRefusal,
  occasion,
  occasionYear,
  program as programEntity,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { findRecord, getRecord, queryByField } from '../../platform/store/records.js';
import { type FrozenCoverage, frozenCoverage } from './frozen-years-store.js';

/**
 * The one gate of every write to attainment inputs: refuses a write that touches a course-year whose results an admin
 * approved (frozen). Reads the campus's approvals from `frozen-years-store.ts` (one small Query).
 */

/**
 * One write to the inputs of course-years, as `assertCourseYearOpen` reads it. Give exactly one of:
 * - `course` (a stored course record or its id), with
 *   - `occasion` (its id and date as stored, or the date of a new one): that occasion's marks, paper or record;
 *   - `year` (an academic year, `2025-26`): an input of that one year (a course-exit survey's paper counts);
 *   - neither: an input of every year of the course (a CO, the CO-PO matrix, deleting the course);
 *   - `moveTo` (the course's new curriculum and term): the course moves;
 * - `program` (its id), with `year` or without (every year: the attainment method); a PO survey's counts give one;
 * - `curriculum` (the stored record) with `moveTo.program`: the curriculum moves to another program with its courses;
 * - `roster` (a curriculum and section): a student joins, leaves or changes that roster, which every occasion of the
 *   curriculum's courses for that section counts.
 */
export interface CourseYearChange {
  course?: string | CourseRecord;
  occasion?: { id?: string; held_on?: string; academic_year?: string };
  year?: string;
  moveTo?: { curriculum?: string; term?: string; program?: string };
  program?: string;
  curriculum?: { id: string; program?: string; name?: string };
  roster?: { curriculum: string; section?: string };
}

type CourseRecord = RecordOf<typeof courseCurriculum>;

/** Why a change hits a frozen year: the approval, and whether the refusal is of a move. */
interface Hit {
  f: FrozenCoverage;
  move?: string;
}

/** Whether an approval freezes `program` in `year` (any year when none is given). */
const ofProgram = (f: FrozenCoverage, program: string | undefined, year?: string) =>
  f.program === program && (!year || f.academic_year === year);

/** Refuses with the approval `hit` names: 409, the program by its title (one GetItem). */
async function refuse(scope: CampusScope, hit: Hit): Promise<never> {
  const title = (await findRecord(scope, programEntity, hit.f.program))?.title;
  throw new HttpError(409, frozenRefusal(hit.f, title, hit.move));
}

/** A hit of a plain input write (not a move). */
const found = (f: FrozenCoverage | undefined): Hit | undefined => (f ? { f } : undefined);

/** The academic years the occasions count in (`occasionYear`; undated ones in none). */
const yearsOf = (occasions: { held_on?: string; academic_year?: string }[]) =>
  new Set(occasions.map(occasionYear).filter((y) => y !== 'undated'));

/**
 * The first frozen year a change touches, or undefined. Reads (only while some year of the campus is frozen): the
 * course when given by id (one GetItem); for a move, the moving courses' occasions (one Query) when the target
 * program has a frozen year, and for a curriculum its courses (one Query).
 */
async function hitOf(scope: CampusScope, frozen: FrozenCoverage[], ch: CourseYearChange): Promise<Hit | undefined> {
  if (ch.roster) {
    const { curriculum: cur, section } = ch.roster;
    // An occasion without a section counts every student of the curriculum (`occasionRoster`).
    const occs = (await queryByField(scope, occasion, 'curriculum', cur)).filter((o) => !section || !o.section || o.section === section);
    const ids = new Set(occs.map((o) => o.id));
    const out = frozen.find((f) => f.occasions.some((o) => ids.has(o)));
    return found(out);
  }
  if (ch.curriculum) {
    const courses = await queryByField(scope, courseCurriculum, 'curriculum', ch.curriculum.id);
    const ids = new Set(courses.map((c) => c.id));
    const out = frozen.find((f) => f.courses.some((c) => ids.has(c)));
    if (out) return { f: out, move: `curriculum ${ch.curriculum.name ?? ''}`.trim() };
    const target = frozen.filter((f) => f.program === ch.moveTo?.program);
    if (!target.length) return undefined;
    const years = yearsOf(await queryByField(scope, occasion, 'curriculum', ch.curriculum.id));
    const into = target.find((f) => years.has(f.academic_year));
    return into && { f: into, move: `curriculum ${ch.curriculum.name ?? ''}`.trim() };
  }
  if (!ch.course) return found(frozen.find((f) => ofProgram(f, ch.program, ch.year)));
  const course = typeof ch.course === 'string' ? await getRecord(scope, courseCurriculum, ch.course) : ch.course;
  const label = `course ${course.code ?? course.title}`;
  // Approved under any program (the approval lists it), or a year of the program the course is in now.
  const holds = (f: FrozenCoverage) => f.courses.includes(course.id);
  const ofYear = (f: FrozenCoverage, year: string | undefined) =>
    year !== undefined && f.academic_year === year && (holds(f) || f.program === course.program);
  if (ch.moveTo) {
    const out = frozen.find(holds);
    if (out) return { f: out, move: label };
    const program = ch.moveTo.program;
    const target = frozen.filter((f) => f.program === program && program !== course.program);
    if (!target.length) return undefined;
    const years = yearsOf(await queryByField(scope, occasion, 'course', course.id));
    const into = target.find((f) => years.has(f.academic_year));
    return into && { f: into, move: label };
  }
  const occ = ch.occasion;
  if (occ) {
    const y = occasionYear(occ);
    const year = y === 'undated' ? undefined : y;
    return found(frozen.find((f) => (occ.id !== undefined && f.occasions.includes(occ.id)) || ofYear(f, year)));
  }
  if (ch.year) return found(frozen.find((f) => ofYear(f, ch.year)));
  return found(frozen.find(holds));
}

/**
 * The one gate of every write that changes an input of a course-year (Privacy and security, item 3): marks (grid,
 * file, large-file ticket and job), question papers, occasions (create, replace, delete), COs, the CO-PO matrix, the
 * attainment method, a survey's paper counts, and a course's or curriculum's place (curriculum, term, program).
 * A change is refused while a frozen year holds it:
 * - an occasion: the approval lists it (whatever program its course is in now), or its date falls in a frozen year of
 *   a program that holds its course (the approval lists the course, or the course is in it now);
 * - one year of a course (`year`): that year is frozen for a program that holds the course;
 * - every year of a course (a CO, the matrix, deleting it): some approval lists the course;
 * - a program (`program`): a frozen year of it (of `year` when given);
 * - a move (`moveTo`): some approval lists the course (it cannot move out, nor change term), or the course has an
 *   occasion in a frozen year of the program it would move into; a curriculum moving program likewise for its courses.
 * DynamoDB: one strongly consistent Query of the campus's approvals index (small items), and, only while some year is
 * frozen, the reads `hitOf` names; on a refusal one GetItem of the program (its title).
 * @param changes every change of one write (an occasion moved: as stored and as it would be), read against one Query
 * @throws HttpError 409 whose `detail` names the program by its title and the year, who approved it and when
 */
export async function assertCourseYearOpen(scope: CampusScope, ...changes: CourseYearChange[]): Promise<void> {
  const frozen = await frozenCoverage(scope);
  if (!frozen.length) return;
  for (const ch of changes) {
    const hit = await hitOf(scope, frozen, ch);
    if (hit) await refuse(scope, hit);
  }
}

/**
 * The gate's program-year rule alone, for writes that belong to a program's year and no course (its SAR sections):
 * refuses while an approval freezes one of the `years` (a program and an academic year, `2025-26`). One Query and the
 * message of `assertCourseYearOpen`, without what courses and occasions need (so a Lambda that writes no course input
 * carries less).
 * @throws HttpError 409 naming the approval
 */
/**
 * The gate's program rule alone for writes that feed every year of a program and no one course (its POs and PSOs, the
 * PO move): refuses while any year of one of `programs` is frozen. One Query; the message of `assertCourseYearOpen`.
 * @throws HttpError 409 naming the approval
 */
export async function assertProgramOpen(scope: CampusScope, ...programs: readonly { program?: string }[]): Promise<void> {
  const frozen = await frozenCoverage(scope);
  const f = frozen.find((x) => programs.some((p) => p.program && ofProgram(x, p.program)));
  if (f) await refuse(scope, { f });
}

export async function assertProgramYearOpen(scope: CampusScope, ...years: readonly { program: string; year: string }[]): Promise<void> {
  const frozen = await frozenCoverage(scope);
  const f = frozen.find((x) => years.some((y) => ofProgram(x, y.program, y.year)));
  if (f) await refuse(scope, { f });
}
