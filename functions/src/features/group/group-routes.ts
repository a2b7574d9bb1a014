import { campusStatusRoute, createCampusRoute, groupCampusesRoute, rollupRoute } from '@attain/shared-types';
import { appendAudit } from '../../platform/store/audit-store.js';
import { createCampus } from './campus-provisioning.js';
import { getGroup, groupCampuses, setCampusStatus } from '../../platform/store/campus-registry.js';
import { groupRollup } from './rollup.js';
import { HttpError } from '../../platform/lib/errors.js';
import { siteOf } from '../../platform/lib/link-token.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * The group's own routes, group administrators only (their contracts refuse anyone else with 403): the caller's group
 * and its campuses; a new campus with its first administrator, invited by mail (201); enabling or disabling a campus
 * of the group (404 for a campus of another group, 409 when stale; disabling is kept in the campus's audit trail with
 * its reason); and the roll-up of its campuses side by side.
 */
export const GROUP_ENDPOINTS: readonly Endpoint[] = [
  endpoint(groupCampusesRoute, async (c) => {
    const group = await getGroup(c.var.caller.tenant);
    if (!group) throw new HttpError(404, 'Your group was not found');
    const campuses = (await groupCampuses(group.id)).map(({ group: _g, academic_year_start_month: _m, ...campus }) => campus);
    return { data: { ...group, campuses } };
  }),
  endpoint(createCampusRoute, async (c, { body }) => {
    const data = await createCampus(c.var.caller, body, siteOf(c.req.header('origin'), c.req.url));
    return { message: 'successfully created', data };
  }),
  endpoint(campusStatusRoute, async (c, { params, body }) => {
    const { caller } = c.var;
    const before = await setCampusStatus(caller.tenant, params.id, { ...body, actor: caller.user });
    await appendAudit(
      { campus: before.id, actor: caller.user, access: 'read-write' },
      {
        action: 'replace',
        entity: 'campus',
        record_id: before.id,
        record_label: before.name,
        changes: [{ field: 'status', label: 'Status', new: body.status }],
        reason: body.reason,
      },
    );
    const { group: _g, ...data } = before;
    return { message: 'successfully updated', data };
  }),
  endpoint(rollupRoute, async (c, { query }) => ({ data: await groupRollup(c.var.caller, query.year) })),
];
