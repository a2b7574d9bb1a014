import {
  type AttainmentMethod,
  type CampusScope,
  type MyCourseResult,
  type PlanAction,
  type RecordOf,
  type StudentAttainment,
  courseCurriculum,
  occasionYear,
  student,
} from '@attain/shared-types';
import { getDocument } from '../../platform/store/documents.js';
import { listAll } from '../../platform/store/list-all.js';
import { findRecord } from '../../platform/store/records.js';
import { groupBy } from '../../platform/lib/group-by.js';
import { byCode } from '../curriculum/index.js';
import { setStamp, stampSk } from '../course-inputs/index.js';
import { type Material, courseMaterial, courseMethod, inputsByYear } from './attainment-service.js';
import { type CourseInput, coDistribution, studentAttainment } from './compute.js';
import { type StudentYearResult, holdingStudentResults, replaceStudentResults } from './student-result-store.js';

/** Below this many students with a percent for a CO, the class's distribution is not shown (it would tell bands apart). */
export const MIN_CLASS_FOR_BINS = 5;

/**
 * Computes every student's own results in a course (`studentResultsOfCourse`) and stores them for their pages
 * (`replaceStudentResults`, docs/decisions/0057), one item per student and academic year. A course deleted since the
 * job was queued has no results: its students' items are removed. Run by the results worker's `students` job, which
 * every store of a course's results queues (`storeCourseResults`), as does a save of its improvement plan.
 * DynamoDB: the course's material (as a recomputation reads it), the roster when an occasion has a section, one
 * GetItem per year for the improvement plan, then the store's writes.
 * @returns how many student-years are stored
 */
export async function storeStudentResults(scope: CampusScope, courseId: string): Promise<number> {
  // One job of a course at a time: the one that waited reads the course's material afresh.
  return holdingStudentResults(scope.campus, courseId, async () => {
    const startedAt = new Date().toISOString();
    const course = await findRecord(scope, courseCurriculum, courseId);
    const stored = await replaceStudentResults(scope.campus, courseId, course ? await studentResultsOfCourse(scope, course) : []);
    // The course's stamp says its students' results follow its results computed before `startedAt` (`studentsBehind`).
    if (course?.program) await setStamp(scope, course.program, stampSk(courseId), { students_at: startedAt });
    return stored;
  });
}

type Course = RecordOf<typeof courseCurriculum>;

/**
 * Every student's own results in a course, for each academic year they have a marks row in, as their page shows them
 * (`MyCourseResult`): their percent of each CO (the same `studentAttainment` the staff's per-student page reads)
 * against the method's threshold; the class's counts and ten-bin distribution of the same percents (`coDistribution`,
 * as the data-analysis page; none under `MIN_CLASS_FOR_BINS` students), the class being those with marks on the
 * occasions of the student's section (an occasion with no section counts for every one); their marks on each question
 * of each occasion of that year they have a row in, and the improvement plan's actions recorded for them. Nothing of
 * another student is in a student's result but counts.
 */
export async function studentResultsOfCourse(scope: CampusScope, course: Course): Promise<StudentYearResult[]> {
  const [{ method }, material] = await Promise.all([courseMethod(scope, course), courseMaterial(scope, course)]);
  // The roster says each student's section, needed only when an occasion is held for one section.
  const sectionOf = material.occasions.some((o) => o.section)
    ? new Map((await listAll(scope, student, { curriculum: course.curriculum })).map((s) => [s.id, s.section]))
    : new Map<string, string>();
  const byYear = inputsByYear(material);
  const years = [...byYear.keys()];
  const plans = await Promise.all(years.map((year) => getDocument(scope, 'improvement-plan', `${course.id}#${year}`)));
  const out: StudentYearResult[] = [];
  years.forEach((year, i) => {
    const bySection = groupBy(markedIn(byYear.get(year)?.[0]), (id) => sectionOf.get(id) ?? '');
    for (const [section, ids] of bySection) {
      // The occasions of the student's section, or of every section: the others are another class's.
      const mine: Material = { ...material, occasions: material.occasions.filter((o) => !o.section || o.section === section) };
      const input = inputsByYear(mine).get(year)?.[0];
      if (!input) continue;
      const cls = classOf(input, method);
      const marked = new Set(markedIn(input));
      for (const id of ids.filter((x) => marked.has(x)))
        out.push({ student: id, year, result: studentYearResult(mine, input, method, plans[i]?.actions, id, year, cls) });
    }
  });
  return out;
}

/** The students with a marks row (marks or marked absent) on an occasion of `input`, each once. */
const markedIn = (input: CourseInput | undefined): string[] => [
  ...new Set(input?.occasions.flatMap((o) => o.marks.map((r) => r.student)) ?? []),
];

/** A class's percents per student and CO, and their ten-bin distribution per CO. */
interface ClassPercents {
  everyone: StudentAttainment[];
  bins: Record<string, number[]>;
}

/** Every student of one year's input (those with a marks row) and the distribution of their CO percents. */
function classOf(input: CourseInput, method: AttainmentMethod): ClassPercents {
  const everyone = studentAttainment(
    input,
    markedIn(input).map((id) => ({ id, roll_no: '', name: '' })),
    method,
  );
  return {
    everyone,
    bins: coDistribution(
      everyone,
      input.cos.map((c) => c.id),
    ),
  };
}

/** One year of one student's result, from the course's material (their section's occasions) and that year's input. */
function studentYearResult(
  material: Material,
  input: CourseInput,
  method: AttainmentMethod,
  planActions: unknown,
  studentId: string,
  year: string,
  { everyone, bins }: ClassPercents,
): MyCourseResult {
  const course = material.courses[0];
  const mine = everyone.find((x) => x.student === studentId);
  const threshold = method.threshold_percent;
  const coCode = new Map(input.cos.map((c) => [c.id, c.code]));
  const cos = material.cos.filter((c) => coCode.has(c.id)).sort(byCode);
  const occasions = material.occasions
    .filter((o) => occasionYear(o) === year)
    .sort((a, b) => (a.held_on ?? '').localeCompare(b.held_on ?? '') || a.name.localeCompare(b.name));
  // Documents are stored untyped; a plan document is only ever written by the plan's PUT, from `improvementPlanBody`.
  const actions = (planActions ?? {}) as Record<string, PlanAction>;
  return {
    course: { id: course.id, code: course.code ?? '', title: course.title },
    threshold,
    cos: cos.map((c) => {
      const percent = mine?.co[c.id] ?? null;
      const counted = everyone.map((x) => x.co[c.id]).filter((v): v is number => v !== null && v !== undefined);
      return {
        id: c.id,
        code: c.code,
        statement: c.statement,
        percent,
        reached: percent === null ? null : percent >= threshold,
        class_students: counted.length,
        class_reached: counted.filter((v) => v >= threshold).length,
        class_bins: counted.length >= MIN_CLASS_FOR_BINS ? (bins[c.id] ?? []) : [],
      };
    }),
    // The occasions the student has a row in (marks or marked absent); another section's are not theirs.
    occasions: occasions.flatMap((o) => {
      const row = input.occasions.find((x) => x.id === o.id)?.marks.find((r) => r.student === studentId);
      if (!row) return [];
      return [
        {
          id: o.id,
          name: o.name,
          kind: o.kind,
          ...(o.held_on ? { held_on: o.held_on } : {}),
          absent: Boolean(row.absent),
          questions: (material.papers.get(o.id) ?? []).map((q) => ({
            number: q.number,
            max_marks: q.max_marks,
            ...(coCode.get(q.co) ? { co_code: coCode.get(q.co) } : {}),
            marks: row.marks[q.number] ?? null,
          })),
        },
      ];
    }),
    actions: cos.flatMap((c) => {
      const a = actions[`${studentId}:${c.id}`];
      return a ? [{ co: c.id, co_code: c.code, action: a.action, status: a.status }] : [];
    }),
  };
}
