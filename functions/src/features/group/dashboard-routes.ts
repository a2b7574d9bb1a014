import { type CampusScope, dashboardRoute, may } from '@attain/shared-types';
import pLimit from 'p-limit';
import { campusesCurrentYear } from '../structure/index.js';
import { readCampusSummaries } from './campus-summary.js';
import { groupCampuses } from '../../platform/store/campus-registry.js';
import { addCounts, dashboardCounts, dashboardView, dashboardYear } from './dashboard-figures.js';
import { todayInIndia } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `GET /api/dashboard`: the dashboard tiles' live figures (`DashboardView`) for the campus in scope; for a
 * group administrator with no campus picked, the sums over the group's campuses (at most 4 read at a time), all read
 * from the campuses' summaries (`campus-summary.ts`: one Query per campus; `updating` when one predates a change). The year
 * counted is `dashboardYear` (the newest with results not after CAY; the same rule as every results page), with the
 * caption saying why (`year_choice`).
 */
export const DASHBOARD_ENDPOINTS: readonly Endpoint[] = [
  endpoint(dashboardRoute, async (c) => {
    const { caller, scope } = c.var;
    const today = todayInIndia();
    const group = may(caller, 'oversee-group') && scope.campus === caller.tenant;
    const scopes: CampusScope[] = group
      ? (await groupCampuses(caller.tenant)).map((g) => ({ campus: g.id, actor: caller.user, access: 'read-only' }))
      : [scope];
    const limit = pLimit(4);
    const summaries = await Promise.all(scopes.map((s) => limit(() => readCampusSummaries(s))));
    const current = await campusesCurrentYear(scopes, today);
    const choice = dashboardYear(
      summaries.map((s) => s.programs),
      current,
    );
    const counts = await Promise.all(summaries.map((s) => limit(() => dashboardCounts(s, choice.year, today, current))));
    const updating = summaries.some((s) => s.updating);
    const view = group
      ? dashboardView(addCounts(counts), choice, { kind: 'group', campuses: scopes.length }, updating)
      : dashboardView(counts[0], choice, { kind: 'campus' }, updating);
    return { data: view };
  }),
];
