import { DASHBOARD_ENDPOINTS } from '../../features/group/dashboard-routes.js';
import { GROUP_ENDPOINTS } from '../../features/group/group-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `group` domain: a group's campuses (create, list, disable), the group roll-up, and the dashboard's
 * live figures. It reads across areas (attainment, surveys, faculty, mail) and owns no record type.
 */
export const groupDomain = defineDomain({
  name: 'group',
  entities: [],
  behaviours: [],
  endpoints: [...GROUP_ENDPOINTS, ...DASHBOARD_ENDPOINTS],
});
