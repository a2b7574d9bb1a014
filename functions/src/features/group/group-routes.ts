import {
  type GroupCampus,
  type GroupView,
  ROLLUP_PATH,
  GROUP_CAMPUS_PATH,
  campusStatusSchema,
  newCampusSchema,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { appendAudit } from '../../platform/store/audit-store.js';
import { createCampus } from './campus-provisioning.js';
import { getGroup, groupCampuses, setCampusStatus } from '../../platform/store/campus-registry.js';
import { groupRollup } from './rollup.js';
import { HttpError } from '../../platform/lib/errors.js';
import { siteOf } from '../../platform/lib/link-token.js';
import type { AppEnv } from '../../platform/http/context.js';
import { parseBody } from '../../platform/http/read-json.js';

/** Refuses every caller but a group administrator (403). */
const groupAdminsOnly = new Hono<AppEnv>().use('*', async (c, next) => {
  if (c.var.caller.role !== 'group-admin') throw new HttpError(403, 'Only a group administrator manages the group');
  await next();
});

/**
 * `/api/group/campus`, group administrators only: `GET /` the caller's group and its campuses; `POST /`
 * a new campus with its first administrator, invited by mail (201); `PUT /{id}` enables or disables a campus of the
 * group (`{ status, version, reason }`; 404 for a campus of another group, 409 when stale). Disabling is kept in the
 * campus's audit trail with its reason.
 */
export function groupCampusRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.route('/', groupAdminsOnly);
  r.get('/', async (c) => {
    const group = await getGroup(c.var.caller.tenant);
    if (!group) throw new HttpError(404, 'Your group was not found');
    const campuses: GroupCampus[] = (await groupCampuses(group.id)).map(
      ({ group: _g, academic_year_start_month: _m, ...campus }) => campus,
    );
    return c.json({ data: { ...group, campuses } satisfies GroupView });
  });
  r.post('/', async (c) => {
    const body = await parseBody(c, newCampusSchema, 'Please correct the new campus');
    const data = await createCampus(c.var.caller, body, siteOf(c.req.header('origin'), c.req.url));
    return c.json({ message: 'successfully created', data }, 201);
  });
  r.put('/:id', async (c) => {
    const body = await parseBody(c, campusStatusSchema, 'Please correct the change');
    const { caller } = c.var;
    const before = await setCampusStatus(caller.tenant, c.req.param('id'), { ...body, actor: caller.user });
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
    return c.json({ message: 'successfully updated', data });
  });
  return r;
}

/** `GET /api/group/rollup?year=2025-26` (group administrators): the group's campuses side by side (`RollupView`). */
export function rollupRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.route('/', groupAdminsOnly);
  r.get('/', async (c) => c.json({ data: await groupRollup(c.var.caller, c.req.query('year')) }));
  return r;
}

/** The group domain's routes, for its module. */
export const GROUP_ROUTES = [
  { path: GROUP_CAMPUS_PATH, router: groupCampusRouter },
  { path: ROLLUP_PATH, router: rollupRouter },
];
