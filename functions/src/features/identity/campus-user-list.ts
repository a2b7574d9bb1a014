import {
  type CampusScope,
  type CampusUser,
  type DataViewer,
  type RecordOf,
  ROLES,
  type Role,
  mayEndAccess,
  personalView,
  profile,
} from '@attain/shared-types';
import { campusAccess } from '../../platform/store/user-access.js';
import { listAll } from '../../platform/store/list-all.js';

/**
 * A profile as `viewer` may read it (`personalView`: a colleague's directory fields only; Aadhaar masked but for its
 * owner) plus `name` ("Dr. Asha Rao"), the label pickers show.
 */
export const listed = (p: RecordOf<typeof profile>, viewer: DataViewer): CampusUser => ({
  ...personalView(profile, p, viewer),
  name: [p.title, p.first_name, p.last_name].filter(Boolean).join(' ') || (p.email ?? p.id),
});

/**
 * The campus's users (profiles) as `viewer` may read them, by last name; for a caller whose role may change some
 * accounts' access (`ACCESS_ENDERS`: campus admins, the group administrator), each account's `access` too.
 * One Query of the profiles, and then one of the campus's access items.
 */
export async function campusUsers(scope: CampusScope, viewer: DataViewer, role?: Role): Promise<CampusUser[]> {
  const [profiles, access] = await Promise.all([
    listAll(scope, profile),
    role && ROLES.some((r) => mayEndAccess(role, r)) ? campusAccess(scope.campus) : undefined,
  ]);
  // A profile a user created through PATCH /api/auth/profile may lack the names the type requires.
  return profiles
    .map((p) => ({ ...listed(p, viewer), ...(access ? { access: access.get(p.id)?.status ?? 'active' } : {}) }))
    .sort((a, b) => (a.last_name ?? '').localeCompare(b.last_name ?? ''));
}
