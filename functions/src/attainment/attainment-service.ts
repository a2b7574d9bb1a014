import {
  type AttainmentMethod,
  type Caller,
  type CoPoMatrix,
  type CourseAttainment,
  DEFAULT_METHOD,
  type EntityRecord,
  type PaperQuestion,
  type ProgramAttainment,
  type StudentAttainment,
  attainmentMethod,
  courseCurriculum,
  courseOutcome,
  curriculum,
  occasion,
  program as programEntity,
  student,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { HttpError } from '../lib/errors.js';
import { documentsInScope, getDocument, overwriteDocument } from '../store/documents.js';
import { listAll } from '../store/list-all.js';
import { getRecord, queryByField } from '../store/records.js';
import { readMarks } from '../marks/marks-store.js';
import { byCode, programOutcomeColumns } from '../domain/co-po-matrix.js';
import { type CourseInput, type OccasionInput, academicYear, courseAttainment, programOutcomes, studentAttainment } from './compute.js';

/** How many DynamoDB reads a computation keeps in flight. */
const READS_IN_FLIGHT = 16;

/** A program's method and its version (0 = the defaults, never saved). */
export interface MethodInUse {
  method: AttainmentMethod;
  version: number;
  id?: string;
}

/** The program's saved methodology, or the documented defaults (version 0) when it has none. */
export async function methodFor(caller: Caller, programId: string): Promise<MethodInUse> {
  const [rec] = await queryByField(caller, attainmentMethod, 'program', programId, 1);
  if (!rec) return { method: DEFAULT_METHOD, version: 0 };
  return { method: rec as unknown as AttainmentMethod, version: rec.version, id: rec.id };
}

/** The academic year an occasion counts in (`2025-26` from its date), or `undated`. */
const yearOf = (o: EntityRecord) => (o.held_on ? academicYear(String(o.held_on)) : 'undated');

/** The raw material of a set of courses, read with a bounded number of parallel DynamoDB calls. */
interface Material {
  courses: EntityRecord[];
  cos: EntityRecord[];
  occasions: EntityRecord[];
  matrices: Map<string, CoPoMatrix['cells']>;
  papers: Map<string, PaperQuestion[]>;
  marks: Map<string, Awaited<ReturnType<typeof readMarks>>>;
}

async function readPapersAndMarks(caller: Caller, occasions: EntityRecord[]) {
  const limit = pLimit(READS_IN_FLIGHT);
  const papers = new Map<string, PaperQuestion[]>();
  const marks = new Map<string, Awaited<ReturnType<typeof readMarks>>>();
  await Promise.all(
    occasions.flatMap((o) => [
      limit(async () => papers.set(o.id, ((await getDocument(caller, 'question-paper', o.id))?.questions ?? []) as PaperQuestion[])),
      limit(async () => marks.set(o.id, await readMarks(caller, o.id))),
    ]),
  );
  return { papers, marks };
}

/**
 * Builds the computation's input per course and academic year: the course's COs and matrix, and the occasions of
 * that year with their papers and marks. Courses with no occasion in a year are left out of that year.
 */
function inputsByYear(m: Material): Map<string, CourseInput[]> {
  const out = new Map<string, CourseInput[]>();
  for (const course of m.courses) {
    const cos = m.cos.filter((c) => c.course === course.id).sort(byCode);
    const years = new Map<string, EntityRecord[]>();
    for (const o of m.occasions.filter((x) => x.course === course.id)) years.set(yearOf(o), [...(years.get(yearOf(o)) ?? []), o]);
    for (const [year, occs] of years) {
      const occasions: OccasionInput[] = occs.map((o) => ({ id: o.id, kind: String(o.kind), questions: m.papers.get(o.id) ?? [], marks: m.marks.get(o.id) ?? [] }));
      if (!occasions.some((o) => o.marks.length)) continue;
      const input: CourseInput = {
        course: course.id,
        code: String(course.code ?? ''),
        title: String(course.title ?? ''),
        cos: cos.map((c) => ({ id: c.id, code: String(c.code) })),
        matrix: m.matrices.get(course.id) ?? {},
        occasions,
        academic_year: year,
      };
      out.set(year, [...(out.get(year) ?? []), input]);
    }
  }
  return out;
}

/** Years newest first, `undated` (occasions with no date) counted as the newest. */
const sortYears = (years: Iterable<string>) => [...years].sort((a, b) => (a === 'undated' ? -1 : b === 'undated' ? 1 : b.localeCompare(a)));

/** Stores a course result with the method version it used (id `<course>#<year>`, indexed by program). */
async function store(caller: Caller, programId: string, r: CourseAttainment) {
  await overwriteDocument(caller, 'attainment-result', `${r.course}#${r.academic_year}`, r as unknown as Record<string, unknown>, 0, { field: 'program', value: programId });
}

/** Reads one course's material (COs, matrix, occasions, papers, marks, roster size). */
async function courseMaterial(caller: Caller, course: EntityRecord): Promise<Material> {
  const [cos, occasions, matrix] = await Promise.all([
    queryByField(caller, courseOutcome, 'course', course.id),
    queryByField(caller, occasion, 'course', course.id),
    getDocument(caller, 'co-po-matrix', course.id),
  ]);
  const { papers, marks } = await readPapersAndMarks(caller, occasions);
  return {
    courses: [course],
    cos,
    occasions,
    matrices: new Map([[course.id, (matrix?.cells ?? {}) as CoPoMatrix['cells']]]),
    papers,
    marks,
  };
}

/** A course's attainment for every academic year it has marks in, newest first, computed now. */
async function computeCourse(caller: Caller, courseId: string): Promise<{ programId: string; results: CourseAttainment[] }> {
  const course = await getRecord(caller, courseCurriculum, courseId);
  const programId = String(course.program ?? '');
  const [{ method, version }, material] = await Promise.all([programId ? methodFor(caller, programId) : Promise.resolve({ method: DEFAULT_METHOD, version: 0 }), courseMaterial(caller, course)]);
  const byYear = inputsByYear(material);
  return { programId, results: sortYears(byYear.keys()).map((y) => courseAttainment((byYear.get(y) as CourseInput[])[0], method, version)) };
}

/**
 * Computes a course's attainment again and stores it, per academic year, with the method version used. Called when
 * its marks or its CO-PO matrix change.
 */
export async function recomputeCourse(caller: Caller, courseId: string): Promise<void> {
  const { programId, results } = await computeCourse(caller, courseId);
  if (programId) await Promise.all(results.map((r) => store(caller, programId, r)));
}

/** A course's attainment in one academic year (default: its newest), computed now from the stored marks. @throws HttpError 404 */
export async function courseAttainmentFor(caller: Caller, courseId: string, year?: string): Promise<{ result: CourseAttainment | null; years: string[] }> {
  const all = (await computeCourse(caller, courseId)).results;
  const years = all.map((r) => r.academic_year ?? 'undated');
  return { result: (year ? all.find((r) => r.academic_year === year) : all[0]) ?? null, years };
}

/**
 * A whole program's attainment, per academic year: every course's CO and PO/PSO attainment and the program-level
 * PO/PSO attainment, in one pass over all its marks (DESIGN.md budget).
 * @param opts.store also store every course's result with the method version (when the method changed)
 * @returns years newest first
 * @throws HttpError 404 for an unknown program
 */
export async function programAttainment(caller: Caller, programId: string, opts: { store?: boolean } = {}): Promise<{ years: ProgramAttainment[]; outcomes: EntityRecord[] }> {
  const program = await getRecord(caller, programEntity, programId);
  const curricula = await queryByField(caller, curriculum, 'program', program.id);
  const per = await Promise.all(
    curricula.map(async (cur) => {
      const [courses, cos, occasions] = await Promise.all([
        queryByField(caller, courseCurriculum, 'curriculum', cur.id),
        queryByField(caller, courseOutcome, 'curriculum', cur.id),
        queryByField(caller, occasion, 'curriculum', cur.id),
      ]);
      return { courses, cos, occasions };
    }),
  );
  const [{ method, version }, matrices, outcomes] = await Promise.all([
    methodFor(caller, program.id),
    documentsInScope(caller, 'co-po-matrix', 'program', program.id),
    programOutcomeColumns(caller, program.id),
  ]);
  const occasions = per.flatMap((p) => p.occasions);
  const { papers, marks } = await readPapersAndMarks(caller, occasions);
  const byYear = inputsByYear({
    courses: per.flatMap((p) => p.courses).sort(byCode),
    cos: per.flatMap((p) => p.cos),
    occasions,
    matrices: new Map(matrices.map((d) => [d.id, (d.cells ?? {}) as CoPoMatrix['cells']])),
    papers,
    marks,
  });
  const refs = outcomes.map((o) => ({ id: o.id, reference: String(o.po_reference) }));
  const now = new Date().toISOString();
  const years = sortYears(byYear.keys()).map((y) => {
    const courses = (byYear.get(y) as CourseInput[]).map((c) => courseAttainment(c, method, version));
    return { program: program.id, academic_year: y, courses, outcomes: programOutcomes(courses, refs, method), method_version: version, computed_at: now };
  });
  if (opts.store) {
    const limit = pLimit(READS_IN_FLIGHT);
    await Promise.all(years.flatMap((y) => y.courses.map((c) => limit(() => store(caller, program.id, c)))));
  }
  return { years, outcomes };
}

/** Each student's CO and PO/PSO attainment in a course for one academic year (default: its newest). */
export async function studentsOfCourse(caller: Caller, courseId: string, year?: string): Promise<{ students: StudentAttainment[]; years: string[]; year: string | null; threshold: number }> {
  const course = await getRecord(caller, courseCurriculum, courseId);
  const [{ method }, material, roster] = await Promise.all([
    course.program ? methodFor(caller, String(course.program)) : Promise.resolve({ method: DEFAULT_METHOD, version: 0 }),
    courseMaterial(caller, course),
    listAll(caller, student, { curriculum: String(course.curriculum) }),
  ]);
  const byYear = inputsByYear(material);
  const years = sortYears(byYear.keys());
  const chosen = year ?? years[0];
  if (year && !byYear.has(year)) throw new HttpError(404, `No marks for ${String(course.code)} in ${year}`);
  if (!chosen) return { students: [], years, year: null, threshold: method.threshold_percent };
  const input = (byYear.get(chosen) as CourseInput[])[0];
  const withMarks = new Set(input.occasions.flatMap((o) => o.marks.map((r) => r.student)));
  const list = roster
    .filter((s) => withMarks.has(s.id))
    .map((s) => ({ id: s.id, roll_no: String(s.roll_no), name: String(s.name) }))
    .sort((a, b) => a.roll_no.localeCompare(b.roll_no, undefined, { numeric: true }));
  return { students: studentAttainment(input, list, method), years, year: chosen, threshold: method.threshold_percent };
}
