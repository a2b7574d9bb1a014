import type { Role } from '../identity/roles.js';
import type { AccessStatus } from '../identity/access.js';
import type { EntityRecord } from '../registry/entity.js';

/**
 * One user of a campus as `GET /api/auth/user-list` lists them (`{ data: [...], next: null }`, every user, by last
 * name; also `GET /api/department/user-list?short_name=`) and `POST /api/auth/user-list` answers (201,
 * `{ message, data }`): the profile record plus `name`, the label pickers show ("Dr. Asha Rao": title, first and last name; the e-mail when those are empty).
 */
export type CampusUser = EntityRecord & {
  name: string;
  first_name: string;
  last_name: string;
  email?: string;
  role?: Role;
  /** Department record id. */
  department?: string;
  /** Where the account stands (absent: active); shown to campus admins and the group administrator. */
  access?: AccessStatus;
};
