import { type Caller, type CampusScope, holdsScope, may } from '@attain/shared-types';
import { memberDepartment } from './member-department-store.js';
import { HttpError } from '../../platform/lib/errors.js';

/**
 * Refuses changes to a course's outcomes, mapping or papers unless the caller is a campus admin or the
 * faculty member who owns the course (`course.owner` = their user id).
 * @throws HttpError 403
 */
export function assertOwnsCourse(caller: Caller, course: { owner?: string; code?: string; title?: string }): void {
  if (may(caller, 'administer-campus')) return;
  // A machine client whose key writes marks (the only key scope whose routes reach here) writes any course's marks.
  if (holdsScope(caller, 'marks.write')) return;
  if (may(caller, 'keep-own') && course.owner === caller.sub) return;
  throw new HttpError(403, `Only an administrator or the owner of course ${course.code ?? course.title ?? ''} may change this`);
}

/** What deciding who reads a course's students needs of the course. */
export interface CourseForStudents {
  owner?: string | null;
  department?: string | null;
  code?: string;
  title?: string;
}

/**
 * Who may read which course's students' own values (marks, per-student CO percents, improvement actions), for one
 * caller: holding `read-every-student` (campus and group administrators), every course; faculty (`read-campus`), a
 * course they own or one of their department's (their profile's `department` is the course's; a profile naming no
 * department reads only the courses it owns); anyone else, none. One GetItem (their profile) for faculty.
 * @returns a test of a course
 */
export async function studentsReader(scope: CampusScope, caller: Caller): Promise<(course: CourseForStudents) => boolean> {
  if (may(caller, 'read-every-student')) return () => true;
  // A key that writes marks reads the marks sheets it writes (the only key scope whose routes reach here).
  if (holdsScope(caller, 'marks.write')) return () => true;
  if (!may(caller, 'read-campus')) return () => false;
  const department = await memberDepartment(scope, caller.sub);
  return (course) => (Boolean(course.owner) && course.owner === caller.sub) || (Boolean(department) && course.department === department);
}

/**
 * Refuses a caller who may not read a course's students' own values (`studentsReader`).
 * @throws HttpError 403 naming the course and who may read it
 */
export async function assertReadsStudentsOf(scope: CampusScope, caller: Caller, course: CourseForStudents): Promise<void> {
  if ((await studentsReader(scope, caller))(course)) return;
  throw new HttpError(
    403,
    `Students' marks and attainment in ${course.code ?? course.title ?? 'this course'} are open to its department's faculty, its owner and the administrators`,
  );
}
