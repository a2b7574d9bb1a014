import {
  type AttainmentMethod,
  type CampusScope,
  type CoPoMatrix,
  type CourseAttainment,
  DEFAULT_METHOD,
  type RecordOf,
  type SheetState,
  type PaperQuestion,
  type ProgramAttainment,
  type StudentAttainment,
  courseOwnWeights,
  courseResultsYear,
  courseCurriculum,
  courseOutcome,
  curriculum,
  occasion,
  occasionYear,
  program as programEntity,
  student,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { HttpError } from '../../platform/lib/errors.js';
import { documentsInScope, getDocument } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { readMarks } from '../marks/index.js';
import { type ProgramOutcomeColumn, byCode, programOutcomeColumns } from '../curriculum/index.js';
import { groupBy } from '../../platform/lib/group-by.js';
import { settleSheet, sheetState } from '../marks/index.js';
import { campusCurrentYear } from '../structure/index.js';
import { type EvidenceByYear, courseSurveyEvidence, programSurveyEvidence } from '../survey/index.js';
import {
  type StoredSurveyEvidence,
  evidenceMaps,
  freshness,
  readProgramResults,
  storeCourseResults,
  storeProgramSurveyEvidence,
  studentsBehind,
  surveyEvidenceIsCurrent,
} from './result-store.js';
import { type CourseInput, type OccasionInput, courseAttainment, programOutcomes, studentAttainment } from './compute.js';

/** How many DynamoDB reads a computation keeps in flight. */
const READS_IN_FLIGHT = 16;

import { type MethodInUse, methodFor, scheduleResults, setStamp, stampSk } from '../course-inputs/index.js';

type Course = RecordOf<typeof courseCurriculum>;
type Occasion = RecordOf<typeof occasion>;

/** The academic year an occasion counts in (`occasionYear`: the one picked, else its date's), or `undated`. */
const yearOf = (o: Occasion) => occasionYear(o);

/** The attainment method a course is computed with: its program's, else the default (version 0). One GetItem or none. */
export const courseMethod = (scope: CampusScope, course: Course): Promise<MethodInUse> =>
  course.program ? methodFor(scope, course.program) : Promise.resolve({ method: DEFAULT_METHOD, version: 0 });

/** The raw material of a set of courses, read with a bounded number of parallel DynamoDB calls. */
export interface Material {
  courses: Course[];
  cos: RecordOf<typeof courseOutcome>[];
  occasions: Occasion[];
  matrices: Map<string, CoPoMatrix['cells']>;
  papers: Map<string, PaperQuestion[]>;
  marks: Map<string, Awaited<ReturnType<typeof readMarks>>>;
  /** Occasion id -> how the last save of its marks ended (`saved` when never claimed). */
  states: Map<string, SheetState>;
}

/** Each occasion's paper, marks and marks-save state, with a bounded number of DynamoDB reads in flight. */
async function readPapersAndMarks(scope: CampusScope, occasions: readonly Occasion[]) {
  const limit = pLimit(READS_IN_FLIGHT);
  const papers = new Map<string, PaperQuestion[]>();
  const marks = new Map<string, Awaited<ReturnType<typeof readMarks>>>();
  const states = new Map<string, SheetState>();
  await Promise.all(
    occasions.flatMap((o) => [
      limit(async () => papers.set(o.id, (await getDocument(scope, 'question-paper', o.id))?.questions ?? [])),
      // A save that died half-way is undone first (`settleSheet`), so the marks read are the sheet's old or new ones.
      limit(async () => {
        states.set(o.id, sheetState(await settleSheet(scope, o.id, await getDocument(scope, 'marks-sheet', o.id))));
        marks.set(o.id, await readMarks(scope, o.id));
      }),
    ]),
  );
  return { papers, marks, states };
}

/** What a result says about an occasion whose marks are not wholly saved (nothing when they are). */
function saveNote(o: Occasion, state: SheetState | undefined): string[] {
  if (state === 'saving') return [`${o.name}: its marks are being saved now; this result will change when the save ends`];
  if (state === 'interrupted')
    return [`${o.name}: the last save of its marks did not finish, so some students may still have older marks; save them again`];
  return [];
}

/**
 * Builds the computation's input per course and academic year: the course's COs and matrix, and the occasions of
 * that year with their papers and marks, and what that year's course-exit surveys say about its COs (`surveys`: course
 * id -> year -> CO id -> evidence). Courses with no occasion in a year are left out of that year.
 */
export function inputsByYear(m: Material, surveys?: ReadonlyMap<string, EvidenceByYear>): Map<string, CourseInput[]> {
  const out = new Map<string, CourseInput[]>();
  for (const course of m.courses) {
    const cos = m.cos.filter((c) => c.course === course.id).sort(byCode);
    const years = new Map<string, Occasion[]>();
    for (const o of m.occasions.filter((x) => x.course === course.id)) years.set(yearOf(o), [...(years.get(yearOf(o)) ?? []), o]);
    for (const [year, occs] of years) {
      const occasions: OccasionInput[] = occs.map((o) => ({
        id: o.id,
        kind: o.kind,
        questions: m.papers.get(o.id) ?? [],
        marks: m.marks.get(o.id) ?? [],
      }));
      if (!occasions.some((o) => o.marks.length)) continue;
      const input: CourseInput = {
        notes: occs.flatMap((o) => saveNote(o, m.states.get(o.id))),
        course: course.id,
        code: course.code ?? '',
        title: course.title,
        cos: cos.map((c) => ({ id: c.id, code: c.code })),
        matrix: m.matrices.get(course.id) ?? {},
        occasions,
        academic_year: year,
        weights: courseOwnWeights(course),
        indirect: Object.fromEntries(surveys?.get(course.id)?.get(year) ?? []),
      };
      out.set(year, [...(out.get(year) ?? []), input]);
    }
  }
  return out;
}

/** Years newest first, `undated` (occasions with no date) counted as the newest. */
const sortYears = (years: Iterable<string>) => [...years].sort((a, b) => (a === 'undated' ? -1 : b === 'undated' ? 1 : b.localeCompare(a)));

/**
 * Reads one course's material (COs, matrix, occasions, papers, marks, roster size); `keep` narrows the occasions whose
 * papers and marks are read (a student's own section's).
 */
export async function courseMaterial(scope: CampusScope, course: Course, keep: (o: Occasion) => boolean = () => true): Promise<Material> {
  const [cos, all, matrix] = await Promise.all([
    queryByField(scope, courseOutcome, 'course', course.id),
    queryByField(scope, occasion, 'course', course.id),
    getDocument(scope, 'co-po-matrix', course.id),
  ]);
  const occasions = all.filter(keep);
  const { papers, marks, states } = await readPapersAndMarks(scope, occasions);
  return {
    states,
    courses: [course],
    cos,
    occasions,
    matrices: new Map([[course.id, matrix?.cells ?? {}]]),
    papers,
    marks,
  };
}

/** A course's attainment for every academic year it has marks in, newest first, computed now. */
async function computeCourse(
  scope: CampusScope,
  courseId: string,
  inUse?: MethodInUse,
): Promise<{ programId: string; results: CourseAttainment[] }> {
  const course = await getRecord(scope, courseCurriculum, courseId);
  const programId = course.program ?? '';
  const [{ method: m, version }, material, surveys] = await Promise.all([
    inUse ?? courseMethod(scope, course),
    courseMaterial(scope, course),
    courseSurveyEvidence(scope, course.id),
  ]);
  const byYear = inputsByYear(material, new Map([[course.id, surveys]]));
  return {
    programId,
    results: sortYears(byYear.keys()).flatMap((y) => (byYear.get(y) ?? []).slice(0, 1).map((c) => courseAttainment(c, m, version))),
  };
}

/**
 * Computes a course's attainment again and stores it, per academic year, with the method version used (see
 * `result-store.ts`). Run by the results queue when an input of the course changed, and by program reads for stale courses.
 * @param previous the course's stored results, when the caller already read them
 * @returns the fresh results, newest year first
 */
export async function recomputeCourse(
  scope: CampusScope,
  courseId: string,
  inUse?: MethodInUse,
  previous?: readonly CourseAttainment[],
): Promise<CourseAttainment[]> {
  const startedAt = new Date().toISOString();
  const { programId, results } = await computeCourse(scope, courseId, inUse);
  if (programId) await storeCourseResults(scope, programId, courseId, results, startedAt, previous);
  return results;
}

/**
 * The year a course page opens on when none is asked (`courseResultsYear`): the campus's CAY when the course has
 * results then, else its newest year with results (an undated year only when it has no other).
 * @param years the course's years with marks, newest first
 */
async function defaultCourseYear(scope: CampusScope, years: readonly string[]): Promise<string | undefined> {
  if (!years.length) return undefined;
  const choice = courseResultsYear(years, await campusCurrentYear(scope));
  return years.includes(choice.year) ? choice.year : years[0];
}

/**
 * A course's attainment in one academic year (default: `defaultCourseYear`), computed now from the stored marks.
 * @throws HttpError 404
 */
export async function courseAttainmentFor(
  scope: CampusScope,
  courseId: string,
  year?: string,
): Promise<{ result: CourseAttainment | null; years: string[] }> {
  const all = (await computeCourse(scope, courseId)).results;
  const years = all.map((r) => r.academic_year ?? 'undated');
  const chosen = year ?? (await defaultCourseYear(scope, years));
  return { result: all.find((r) => (r.academic_year ?? 'undated') === chosen) ?? null, years };
}

/**
 * A whole program's attainment, per academic year: every course's CO and PO/PSO attainment and the program-level
 * PO/PSO attainment, in one pass over all its marks (docs/design.md "Budgets").
 * @param opts.store also store every course's result with the method version (when the method changed)
 * @returns years newest first
 * @throws HttpError 404 for an unknown program
 */
export async function programAttainment(
  scope: CampusScope,
  programId: string,
  opts: { store?: boolean } = {},
  inUse?: MethodInUse,
): Promise<{ years: ProgramAttainment[]; outcomes: ProgramOutcomeColumn[] }> {
  const startedAt = new Date().toISOString();
  const program = await getRecord(scope, programEntity, programId);
  const curricula = await queryByField(scope, curriculum, 'program', program.id);
  const per = await Promise.all(
    curricula.map(async (cur) => {
      const [courses, cos, occasions] = await Promise.all([
        queryByField(scope, courseCurriculum, 'curriculum', cur.id),
        queryByField(scope, courseOutcome, 'curriculum', cur.id),
        queryByField(scope, occasion, 'curriculum', cur.id),
      ]);
      return { courses, cos, occasions };
    }),
  );
  const [{ method, version }, matrices, outcomes, surveys] = await Promise.all([
    inUse ?? methodFor(scope, program.id),
    documentsInScope(scope, 'co-po-matrix', 'program', program.id),
    programOutcomeColumns(scope, program.id),
    programSurveyEvidence(scope, program.id),
  ]);
  const occasions = per.flatMap((p) => p.occasions);
  const { papers, marks, states } = await readPapersAndMarks(scope, occasions);
  const byYear = inputsByYear(
    {
      states,
      courses: per.flatMap((p) => p.courses).sort(byCode),
      cos: per.flatMap((p) => p.cos),
      occasions,
      matrices: new Map(matrices.map((d) => [d.id, d.cells ?? {}])),
      papers,
      marks,
    },
    surveys.courses,
  );
  const courses = sortYears(byYear.keys()).flatMap((y) => (byYear.get(y) ?? []).map((c) => courseAttainment(c, method, version)));
  if (opts.store) {
    await storeProgramSurveyEvidence(scope, program.id, surveys.outcomes, startedAt);
    const limit = pLimit(READS_IN_FLIGHT);
    const byCourse = groupBy(courses, (c) => c.course);
    // Courses without marks are stamped too, so a later read knows they were computed.
    await Promise.all(
      per
        .flatMap((p) => p.courses)
        .map((c) => limit(() => storeCourseResults(scope, program.id, c.id, byCourse.get(c.id) ?? [], startedAt))),
    );
  }
  return { years: programYears(program.id, courses, outcomes, method, version, surveys.outcomes), outcomes };
}

/**
 * Groups course results into the program's years, newest first, each with the program-level PO/PSO attainment
 * (direct from the courses, indirect from that year's PO/PSO surveys in `surveys`).
 * @param outcomes the program's POs and PSOs in display order
 */
function programYears(
  programId: string,
  courses: readonly CourseAttainment[],
  outcomes: readonly ProgramOutcomeColumn[],
  method: AttainmentMethod,
  version: number,
  surveys: EvidenceByYear,
): ProgramAttainment[] {
  const refs = outcomes.map((o) => ({ id: o.id, reference: o.po_reference }));
  const byYear = new Map<string, CourseAttainment[]>();
  for (const c of courses) byYear.set(c.academic_year ?? 'undated', [...(byYear.get(c.academic_year ?? 'undated') ?? []), c]);
  return sortYears(byYear.keys()).map((y) => {
    const list = (byYear.get(y) ?? []).sort((a, b) => a.code.localeCompare(b.code, undefined, { numeric: true }));
    const computed = list.reduce((t, c) => (c.computed_at > t ? c.computed_at : t), '');
    return {
      program: programId,
      academic_year: y,
      courses: list,
      outcomes: programOutcomes(list, refs, method, Object.fromEntries(surveys.get(y) ?? [])),
      method_version: version,
      computed_at: computed,
    };
  });
}

/** A program's attainment as stored (`storedProgramAttainment`). */
export interface StoredProgramAttainment {
  /** Years newest first. */
  years: ProgramAttainment[];
  outcomes: ProgramOutcomeColumn[];
  method: MethodInUse;
  /** Courses this read computed itself (stale, with no recomputation on its way). */
  recomputed: number;
  /** Codes of the courses shown with their previous results while the results queue computes them again. */
  updating: string[];
}

/**
 * A whole program's attainment from its stored results (docs/design.md "Attainment": pages spanning many
 * courses read stored results, never every mark): one Query for the results and stamps, beside the method and the PO/PSO columns
 * (3 DynamoDB calls in all when every result is current; a program that has had a PO/PSO survey adds one Query for its
 * surveys and one per PO survey's answers). Courses whose results are not current (`freshness`: an input changed
 * after they were computed, or another method version) are shown as stored while their recomputation is queued
 * (`updating`), and otherwise computed again from their marks and stored. A program never computed (no result, no stamp and no
 * stored survey evidence) is computed whole and stored.
 * @param opts.surveys false: leave out the PO/PSO survey evidence (callers that need the direct levels only)
 * @returns years newest first, the outcome columns, the method in use, and how many courses were recomputed
 * @throws HttpError 404 for an unknown program
 */
export async function storedProgramAttainment(
  scope: CampusScope,
  programId: string,
  opts: { surveys?: boolean } = {},
): Promise<StoredProgramAttainment> {
  const [stored, inUse, outcomes] = await Promise.all([
    readProgramResults(scope, programId),
    methodFor(scope, programId),
    programOutcomeColumns(scope, programId),
  ]);
  const surveys = {
    outcomes: stored.surveys && opts.surveys !== false ? await poSurveyEvidence(scope, programId, stored.surveys) : new Map(),
  };
  // A program computed whole has its PO/PSO survey evidence stored with `computed_at` even when it has no course with
  // inputs yet; without that mark a program with no courses was computed (and its campus stamped) on every read.
  if (!stored.results.length && !stored.stamps.size && !stored.surveys?.computed_at) {
    const all = await programAttainment(scope, programId, { store: true }, inUse);
    return {
      years: all.years,
      outcomes: all.outcomes,
      method: inUse,
      recomputed: all.years.reduce((n, y) => n + y.courses.length, 0),
      updating: [],
    };
  }
  const byCourse = groupBy(stored.results, (r) => r.course);
  const courses = new Set([...byCourse.keys(), ...stored.stamps.keys()]);
  const now = Date.now();
  const state = new Map(
    [...courses].map((c) => [c, freshness(stored.stamps.get(c), stored.programStamp, byCourse.get(c) ?? [], inUse.version, now)]),
  );
  const stale = [...courses].filter((c) => state.get(c) === 'stale');
  // Each student's own results follow the course's: a course whose students' lag (a lost job) is queued again.
  const behind = [...courses].filter((c) => state.get(c) !== 'stale' && studentsBehind(stored.stamps.get(c), now));
  await Promise.all(
    behind.map(async (c) => {
      await setStamp(scope, programId, stampSk(c), { students_queued_at: new Date(now).toISOString() });
      await scheduleResults(scope, { kind: 'students', program: programId, course: c });
    }),
  );
  const updating = [...courses].filter((c) => state.get(c) === 'updating' && byCourse.has(c));
  const limit = pLimit(4);
  await Promise.all(
    stale.map((c) =>
      limit(async () => byCourse.set(c, await recomputeCourse(scope, c, inUse, byCourse.get(c) ?? []).catch(notFoundAsEmpty))),
    ),
  );
  return {
    years: programYears(programId, [...byCourse.values()].flat(), outcomes, inUse.method, inUse.version, surveys.outcomes),
    outcomes,
    method: inUse,
    recomputed: stale.length,
    updating: updating
      .flatMap(
        (c) =>
          byCourse
            .get(c)
            ?.slice(0, 1)
            .map((r) => r.code) ?? [],
      )
      .sort(),
  };
}

/**
 * A program's PO/PSO survey evidence: as stored when current (no DynamoDB call), else computed from its PO surveys'
 * answers and paper counts (`programSurveyEvidence`: one Query and one per survey) and stored for the next read.
 */
async function poSurveyEvidence(scope: CampusScope, programId: string, stored: StoredSurveyEvidence): Promise<EvidenceByYear> {
  if (stored.evidence && surveyEvidenceIsCurrent(stored)) return evidenceMaps(stored.evidence);
  const startedAt = new Date().toISOString();
  const { outcomes } = await programSurveyEvidence(scope, programId, { courses: false });
  await storeProgramSurveyEvidence(scope, programId, outcomes, startedAt);
  return outcomes;
}

/** A course deleted since its results were stored has no results. */
const notFoundAsEmpty = (e: unknown): CourseAttainment[] => {
  if (e instanceof HttpError && e.status === 404) return [];
  throw e;
};

/**
 * Each student's CO and PO/PSO attainment (percent 0-100) in a course for one academic year (default: `defaultCourseYear`):
 * the students with marks that year, by roll number; `years` every year with marks, newest first; `year` null when
 * the course has no marks; `threshold` the method's threshold percent.
 * @throws HttpError 404 for an unknown course, or a `year` with no marks
 */
export async function studentsOfCourse(
  scope: CampusScope,
  courseId: string,
  year?: string,
): Promise<{ students: StudentAttainment[]; years: string[]; year: string | null; threshold: number }> {
  const course = await getRecord(scope, courseCurriculum, courseId);
  const [{ method }, material, roster] = await Promise.all([
    courseMethod(scope, course),
    courseMaterial(scope, course),
    listAll(scope, student, { curriculum: course.curriculum }),
  ]);
  const byYear = inputsByYear(material);
  const years = sortYears(byYear.keys());
  const chosen = year ?? (await defaultCourseYear(scope, years));
  if (year && !byYear.has(year)) throw new HttpError(404, `No marks for ${course.code} in ${year}`);
  const input = chosen ? byYear.get(chosen)?.[0] : undefined;
  if (!chosen || !input) return { students: [], years, year: null, threshold: method.threshold_percent };
  const withMarks = new Set(input.occasions.flatMap((o) => o.marks.map((r) => r.student)));
  const list = roster
    .filter((s) => withMarks.has(s.id))
    .map((s) => ({ id: s.id, roll_no: s.roll_no, name: s.name }))
    .sort((a, b) => a.roll_no.localeCompare(b.roll_no, undefined, { numeric: true }));
  return { students: studentAttainment(input, list, method), years, year: chosen, threshold: method.threshold_percent };
}
