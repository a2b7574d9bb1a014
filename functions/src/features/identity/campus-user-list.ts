import { type CampusScope, type CampusUser, type DataViewer, type RecordOf, personalView, profile } from '@attain/shared-types';
import { listAll } from '../../platform/store/list-all.js';

/**
 * A profile as `viewer` may read it (`personalView`: a colleague's directory fields only; Aadhaar masked but for its
 * owner) plus `name` ("Dr. Asha Rao"), the label pickers show.
 */
export const listed = (p: RecordOf<typeof profile>, viewer: DataViewer): CampusUser => ({
  ...personalView(profile, p, viewer),
  name: [p.title, p.first_name, p.last_name].filter(Boolean).join(' ') || (p.email ?? p.id),
});

/** The campus's users (profiles) as `viewer` may read them, by last name. */
export async function campusUsers(scope: CampusScope, viewer: DataViewer): Promise<CampusUser[]> {
  // A profile a user created through PATCH /api/auth/profile may lack the names the type requires.
  return (await listAll(scope, profile)).map((p) => listed(p, viewer)).sort((a, b) => (a.last_name ?? '').localeCompare(b.last_name ?? ''));
}
