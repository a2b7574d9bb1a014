import * as z from 'zod/mini';
import { defineRoute, item } from '../api/contract.js';
import { isAcademicYear } from '../format/academic-year.js';
import { DASHBOARD_PATH } from './dashboard.js';
import { campusStatusSchema, newCampusSchema } from './group-api.js';
import { GROUP_CAMPUS_PATH, ROLLUP_PATH } from './group-constants.js';

const GROUP_ADMINS_ONLY = 'Only a group administrator manages the group';

/** `GET /api/group/campus` (group administrators): the caller's group and its campuses, in creation order. */
export const groupCampusesRoute = defineRoute({
  method: 'GET',
  path: GROUP_CAMPUS_PATH,
  domain: 'group',
  summary: 'The group and its campuses',
  roles: ['group-admin'],
  forbidden: GROUP_ADMINS_ONLY,
  answer: item('GroupView'),
  errors: [401, 403, 404],
});

/** `POST /api/group/campus` (group administrators): a new campus with its first administrator, invited by mail (201). */
export const createCampusRoute = defineRoute({
  method: 'POST',
  path: GROUP_CAMPUS_PATH,
  domain: 'group',
  summary: 'Create a campus of the group and invite its first administrator',
  roles: ['group-admin'],
  forbidden: GROUP_ADMINS_ONLY,
  body: newCampusSchema,
  invalid: 'Please correct the new campus',
  answer: item('GroupCampus', 201),
  errors: [400, 401, 403, 409],
});

/**
 * `PUT /api/group/campus/{id}` `{ status, version, reason }` (group administrators): enables or disables a campus of
 * the group (disabling needs a reason, kept in the campus's audit trail); 404 for a campus of another group, 409 when
 * stale.
 */
export const campusStatusRoute = defineRoute({
  method: 'PUT',
  path: `${GROUP_CAMPUS_PATH}/{id}`,
  domain: 'group',
  summary: 'Enable or disable a campus of the group (send the version you read)',
  roles: ['group-admin'],
  forbidden: GROUP_ADMINS_ONLY,
  body: campusStatusSchema,
  invalid: 'Please correct the change',
  answer: item('GroupCampus'),
  errors: [400, 401, 403, 404, 409],
});

/** `GET /api/group/rollup?year=2025-26` (group administrators): the group's campuses side by side (`RollupView`). */
export const rollupRoute = defineRoute({
  method: 'GET',
  path: ROLLUP_PATH,
  domain: 'group',
  summary: "The group's campuses side by side: program-level PO attainment, SAR readiness and activity, for one academic year",
  roles: ['group-admin'],
  forbidden: GROUP_ADMINS_ONLY,
  query: z.object({ year: z.optional(z.string().check(z.refine(isAcademicYear, 'Not valid'))) }),
  invalid: 'Give the academic year as 2025-26',
  answer: item('RollupView'),
  errors: [400, 401, 403, 404],
});

/**
 * `GET /api/dashboard`: the dashboard tiles' figures (`DashboardView`) for the campus in scope, or, for a group
 * administrator with no campus picked, the sums over the group's campuses.
 */
export const dashboardRoute = defineRoute({
  method: 'GET',
  path: DASHBOARD_PATH,
  domain: 'group',
  summary: "The dashboard's figures for the campus (or, for a group administrator, the whole group)",
  answer: item('DashboardView'),
  errors: [401],
});
