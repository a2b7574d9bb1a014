import { type CampusScope, type Caller, campusScope, groupScope, may } from '@attain/shared-types';
import { campusRegistration } from '../store/campus-registry.js';
import { HttpError } from '../lib/errors.js';

/**
 * The campus a request reads and writes, from the verified caller and, for a group administrator only,
 * the `X-Campus` header:
 * - a campus user (admin, faculty) works in its own campus whatever it sends; a campus its group disabled answers
 *   403 to its users;
 * - a group administrator naming a campus of its own group reads that campus (read-only: the store refuses writes);
 *   a campus of another group, or none, answers 404 exactly as a missing one;
 * - a group administrator naming none reads its group's own namespace (its profile; no campus's records).
 * At most one GetItem (the campus's registration, cached per instance for 30 s).
 * @throws HttpError 403 (disabled campus), 404 (campus outside the caller's group)
 */
export async function requestScope(caller: Caller, campusHeader: string | undefined): Promise<CampusScope> {
  if (may(caller, 'oversee-group')) {
    const campus = campusHeader?.trim();
    if (!campus) return campusScope(caller);
    const reg = campus.length <= 64 ? await campusRegistration(campus) : undefined;
    if (!reg || reg.group !== caller.tenant) throw new HttpError(404, 'Campus not found in your group');
    return groupScope(caller, campus);
  }
  const reg = await campusRegistration(caller.tenant);
  if (reg?.status === 'Disabled')
    throw new HttpError(403, 'Your campus has been disabled by its group; ask the group administrator to enable it');
  return campusScope(caller);
}
