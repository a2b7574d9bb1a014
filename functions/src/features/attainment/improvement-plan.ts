import { type BelowThreshold, type CampusScope, type ImprovementPlanView } from '@attain/shared-types';
import { getDocument } from '../../platform/store/documents.js';
import { studentsOfCourse } from './attainment-service.js';
import { courseOutcomeViews } from './course-outcome-views.js';

/**
 * A course's improvement plan in one academic year (default: the course pages' year, `studentsOfCourse`), as
 * `GET /api/attainment/improvement-plan/{course}?year=` answers it: each student below the method's threshold
 * (percent of a CO's marks) on a CO, and the action recorded for each (`<student id>:<co id>`). The stored plan is
 * the `improvement-plan` document `<course>#<year>`.
 * @throws HttpError 404 for an unknown course, or a `year` in which the course has no marks
 */
export async function improvementPlan(scope: CampusScope, courseId: string, year?: string): Promise<ImprovementPlanView> {
  const [res, cos] = await Promise.all([studentsOfCourse(scope, courseId, year), courseOutcomeViews(scope, courseId)]);
  const doc = res.year ? await getDocument(scope, 'improvement-plan', `${courseId}#${res.year}`) : undefined;
  const below: BelowThreshold[] = res.students.flatMap((s) =>
    cos.flatMap((co) => {
      const percent = s.co[co.id];
      return percent !== null && percent !== undefined && percent < res.threshold
        ? [{ student: s.student, roll_no: s.roll_no, name: s.name, co: co.id, percent }]
        : [];
    }),
  );
  // Documents are stored untyped; a plan document is only ever written by the plan's PUT, from `improvementPlanBody`.
  const actions = (doc?.actions ?? {}) as ImprovementPlanView['actions'];
  return {
    year: res.year,
    years: res.years,
    threshold: res.threshold,
    cos,
    below,
    actions,
    version: doc?.version ?? 0,
    updated_by: doc?.updated_by,
    updated_at: doc?.updated_at,
  };
}
