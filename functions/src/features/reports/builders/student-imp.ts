import {
  type Caller,
  type CampusScope,
  type ImprovementPlanView,
  PLAN_STATUSES,
  type ReportTable,
  type ReportView,
  type Trace,
} from '@attain/shared-types';
import { improvementPlan } from '../../attainment/index.js';
import { studentsReader } from '../../curriculum/index.js';
import { HttpError } from '../../../platform/lib/errors.js';
import { type Course, courseSections, loadCurriculum } from '../report-curriculum.js';
import { TWO_DECIMALS, countFigure, figure, input } from '../report-figures.js';
import type { ReportQuery } from '../report-query.js';
import { column, reportTable, reportView } from '../report-shape.js';

/** Courses whose plans are read at once (each reads its marks; the Lambda has little memory and two cores locally). */
const AT_ONCE = 4;

/** The plan of each course, read `AT_ONCE` at a time; a course without marks (in the picked year) has none. */
async function plans(scope: CampusScope, courses: readonly Course[], year?: string): Promise<Map<string, ImprovementPlanView>> {
  const out = new Map<string, ImprovementPlanView>();
  for (let i = 0; i < courses.length; i += AT_ONCE) {
    await Promise.all(
      courses.slice(i, i + AT_ONCE).map(async (c) => {
        try {
          const plan = await improvementPlan(scope, c.id, year);
          if (plan.year) out.set(c.id, plan);
        } catch (e) {
          // No marks in the picked year: the course has no plan for it.
          if (!(e instanceof HttpError && e.status === 404)) throw e;
        }
      }),
    );
  }
  return out;
}

/** The two tables of one course's plan: per CO the students below the threshold and where their actions stand; each action. */
function planTables(course: Course, plan: ImprovementPlanView): ReportTable[] {
  const key = (b: ImprovementPlanView['below'][number]) => `${b.student}:${b.co}`;
  const coCode = new Map(plan.cos.map((c) => [c.id, c.code]));
  const who = (b: ImprovementPlanView['below'][number]) => input(`${b.roll_no} ${b.name}`, b.percent);
  const perCo = plan.cos.map((co) => {
    const below = plan.below.filter((b) => b.co === co.id);
    const by = (status?: string) => below.filter((b) => plan.actions[key(b)]?.status === status);
    return {
      co: co.code,
      below: countFigure(`Students below on ${co.code}`, `students under ${plan.threshold}% of ${co.code}'s marks`, below.map(who)),
      ...Object.fromEntries(
        PLAN_STATUSES.map((s) => [s, countFigure(`${s} on ${co.code}`, `students below whose action is ${s}`, by(s).map(who))]),
      ),
      none: countFigure(`No action on ${co.code}`, 'students below with no action recorded', by(undefined).map(who)),
    };
  });
  const percentTrace = (percent: number): Trace => ({
    formula: "Percent = marks obtained on the CO's questions / their maximum marks x 100 (Attainment > Students)",
    inputs: [input('Percent of the CO', percent), input('Threshold', plan.threshold)],
    rounding: TWO_DECIMALS,
  });
  return [
    reportTable(
      `plan-${course.id}`,
      `Students below the threshold (${plan.threshold}%) in ${plan.year}`,
      [
        column('co', 'Course outcome'),
        column('below', 'Students below', 'students'),
        ...PLAN_STATUSES.map((s) => column(s, s, 'students')),
        column('none', 'No action recorded', 'students'),
      ],
      perCo,
    ),
    reportTable(
      `actions-${course.id}`,
      'Actions per student',
      [
        column('roll', 'Roll no.'),
        column('name', 'Name'),
        column('co', 'Course outcome'),
        column('percent', 'Percent of the CO', 'percent'),
        column('action', 'Action'),
        column('status', 'Status'),
      ],
      plan.below.map((b) => ({
        roll: b.roll_no,
        name: b.name,
        co: coCode.get(b.co) ?? '',
        percent: figure(b.percent, percentTrace(b.percent), { suffix: '%' }),
        action: plan.actions[key(b)]?.action ?? '',
        status: plan.actions[key(b)]?.status ?? 'None recorded',
      })),
    ),
  ];
}

/**
 * `student-imp`: per course with marks, its improvement plan as `GET /api/attainment/improvement-plan/{course}`
 * reads it (`improvementPlan`; the picked academic year, else each course's newest): per CO the students below the
 * method's threshold and how many of their actions are Planned, In progress, Done or not recorded; then each
 * student's action; a faculty member sees the plans of their own department's and their own courses only. 404 for a
 * picked id not of the campus.
 */
export async function studentImp(scope: CampusScope, query: ReportQuery, caller: Caller): Promise<ReportView> {
  const [cr, readable] = await Promise.all([loadCurriculum(scope, query), studentsReader(scope, caller)]);
  // Only the courses whose students the caller may read (`studentsReader`): the others show no plan.
  const byCourse = await plans(scope, cr.courses.filter(readable), query.year);
  const sections = courseSections(cr, (course) => {
    const plan = byCourse.get(course.id);
    return plan ? planTables(course, plan) : [];
  });
  return reportView(
    'student-imp',
    [...cr.context, ...(query.year ? [`Academic year: ${query.year}`] : [])],
    sections,
    `No course here has marks${query.year ? ` in ${query.year}` : ''} yet: enter them under Attainment > Marks`,
  );
}
