import { type Caller, may } from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';

/**
 * Refuses changes to a course's outcomes, mapping or papers unless the caller is a campus admin or the
 * faculty member who owns the course (`course.owner` = their user id).
 * @throws HttpError 403
 */
export function assertOwnsCourse(caller: Caller, course: { owner?: string; code?: string; title?: string }): void {
  if (may(caller, 'administer-campus')) return;
  if (may(caller, 'keep-own') && course.owner === caller.sub) return;
  throw new HttpError(403, `Only an administrator or the owner of course ${course.code ?? course.title ?? ''} may change this`);
}
