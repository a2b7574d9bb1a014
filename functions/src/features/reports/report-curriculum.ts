import {
  type CampusScope,
  type EntityDef,
  type Figure,
  type RecordOf,
  type ReportCell,
  type ReportColumn,
  type ReportSection,
  type ReportTable,
  courseCurriculum,
  curriculum,
  program,
  term,
} from '@attain/shared-types';
import { byCode } from '../curriculum/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { findRecord, getRecord, queryByField } from '../../platform/store/records.js';
import { input, sumFigure } from './report-figures.js';
import type { ReportQuery } from './report-query.js';

/** A course of a curriculum, as stored. */
export type Course = RecordOf<typeof courseCurriculum>;
/** A term of a curriculum, as stored. */
export type Term = RecordOf<typeof term>;

/**
 * A curriculum read for a report: the curriculum, its program (absent when deleted), its terms by number, the courses
 * the term and course pickers leave (by term number, then code), and what was picked in people's words.
 */
export interface CurriculumReport {
  curriculum: RecordOf<typeof curriculum>;
  program?: RecordOf<typeof program>;
  terms: Term[];
  courses: Course[];
  /** The term a course is taught in. */
  termOf: (course: Course) => Term | undefined;
  /** `Curriculum: ...`, `Program: ...`, then the picked term and course. */
  context: string[];
}

/**
 * A course as reports name it: `CS2030 Data Structures and Algorithms`; the title alone when it has no code, the code
 * once when the title is the code (the published samples' `4CS4-05`).
 */
export const courseName = (c: { code?: string; title?: string }): string => [...new Set([c.code, c.title].filter(Boolean))].join(' ');

/**
 * Reads the picked curriculum with its program, terms and courses, narrowed by the `term` and `course` pickers.
 * 1 GetItem, then 2 Queries and 1 GetItem in parallel.
 * @throws HttpError 404 `Curriculum not found` / `Term not found` / `Course not found` when a picked id is not the
 *   campus's, or the term or course is not of this curriculum (the course not of the picked term)
 */
export async function loadCurriculum(scope: CampusScope, query: ReportQuery): Promise<CurriculumReport> {
  const cur = await getRecord(scope, curriculum, query.curriculum ?? '');
  const [prog, terms, all] = await Promise.all([
    findRecord(scope, program, cur.program),
    queryByField(scope, term, 'curriculum', cur.id),
    queryByField(scope, courseCurriculum, 'curriculum', cur.id),
  ]);
  terms.sort((a, b) => a.number - b.number);
  const termById = new Map(terms.map((t) => [t.id, t]));
  const pickedTerm = query.term ? termById.get(query.term) : undefined;
  if (query.term && !pickedTerm) throw new HttpError(404, 'Term not found in this curriculum');
  const number = (c: Course) => termById.get(c.term)?.number ?? Number.MAX_SAFE_INTEGER;
  let courses = all.sort((a, b) => number(a) - number(b) || byCode(a, b));
  if (pickedTerm) courses = courses.filter((c) => c.term === pickedTerm.id);
  const pickedCourse = query.course ? courses.find((c) => c.id === query.course) : undefined;
  if (query.course && !pickedCourse)
    throw new HttpError(404, pickedTerm ? 'Course not found in this term' : 'Course not found in this curriculum');
  if (pickedCourse) courses = [pickedCourse];
  return {
    curriculum: cur,
    program: prog,
    terms,
    courses,
    termOf: (c) => termById.get(c.term),
    context: [
      `Curriculum: ${cur.name}`,
      ...(prog ? [`Program: ${prog.title}`] : []),
      ...(pickedTerm ? [`Term: ${pickedTerm.name}`] : []),
      ...(pickedCourse ? [`Course: ${courseName(pickedCourse)}`] : []),
    ],
  };
}

/**
 * One section per course that has something to show: `tables(course)` gives its tables (none: the course is left
 * out). Section id `course-<id>`, title the course's name and term.
 */
export function courseSections(
  cr: CurriculumReport,
  tables: (course: Course) => ReportTable[],
  texts?: (course: Course) => ReportSection['texts'],
): ReportSection[] {
  return cr.courses.flatMap((c) => {
    const t = tables(c);
    if (!t.length) return [];
    const extra = texts?.(c);
    return [
      {
        id: `course-${c.id}`,
        title: `${courseName(c)} (${cr.termOf(c)?.name ?? 'no term'})`,
        ...(extra?.length ? { texts: extra } : {}),
        tables: t,
      },
    ];
  });
}

/**
 * The records of `def` of each course (one Query on the entity's course index per course, in parallel), keyed by
 * course id. For topics, lab experiments and text/reference books, whose lists are per course.
 */
export async function recordsPerCourse<D extends EntityDef>(
  scope: CampusScope,
  def: D,
  courses: readonly Course[],
): Promise<Map<string, RecordOf<D>[]>> {
  const lists = await Promise.all(courses.map((c) => queryByField(scope, def, 'course', c.id)));
  return new Map(courses.map((c, i) => [c.id, lists[i]]));
}

/** The L, T, P and credit columns of the course lists (units: credits). */
export const CREDIT_COLUMNS: readonly ReportColumn[] = [
  { key: 'l', label: 'Lecture (L)', unit: 'credits' },
  { key: 't', label: 'Tutorial (T)', unit: 'credits' },
  { key: 'p', label: 'Practical (P)', unit: 'credits' },
  { key: 'credits', label: 'Credits', unit: 'credits' },
];

/** A course's cells of `CREDIT_COLUMNS`, as stored (empty where the course does not say). */
export const creditCells = (c: Course): Record<string, ReportCell> => ({
  l: c.lecture_credits ?? null,
  t: c.tutor_credits ?? null,
  p: c.practical_credits ?? null,
  credits: c.total_credits ?? null,
});

/** The traced sum of the courses' credits (`name = course A + course B`; a course without credits counts 0). */
export const creditTotal = (name: string, courses: readonly Course[]): Figure =>
  sumFigure(
    name,
    courses.map((c) => input(courseName(c), c.total_credits ?? 0)),
  );
