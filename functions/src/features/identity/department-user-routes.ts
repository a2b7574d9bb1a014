import { type CampusUser, dataViewer, department, departmentUserListRoute } from '@attain/shared-types';
import { campusUsers } from './campus-user-list.js';
import { HttpError } from '../../platform/lib/errors.js';
import { uniqueOwner } from '../../platform/store/records.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/** `GET /api/department/user-list?short_name=CSE` (`departmentUserListRoute`): the users whose profile names that department. 404 for an unknown one. */
export const DEPARTMENT_USER_ENDPOINTS: readonly Endpoint[] = [
  endpoint(departmentUserListRoute, async (c, { query }) => {
    const short = query.short_name;
    const owner = await uniqueOwner(c.var.scope, department, 'short_name', { short_name: short });
    if (!owner) throw new HttpError(404, `No department with short name ${short}`);
    const data: CampusUser[] = (await campusUsers(c.var.scope, dataViewer(c.var.caller, c.var.scope))).filter(
      (u) => u.department === owner,
    );
    return { data, next: null };
  }),
];
