import * as z from 'zod/mini';
import { defineRoute, item, items } from '../api/contract.js';
import { FREEZE_PATH, MIN_UNFREEZE_REASON } from '../audit/frozen-year.js';
import { isAcademicYear } from '../format/academic-year.js';
import { MESSAGES } from '../registry/messages.js';

const YEAR_FORMAT = 'Write it as 2025-26';
const ADMINS_ONLY = 'Only campus administrators may approve or unfreeze attainment';

/** An academic year such as `2025-26`: `Required` when missing, `Write it as 2025-26` otherwise. */
const academicYear = z
  .string({ error: MESSAGES.required })
  .check(z.trim(), z.minLength(1, MESSAGES.required), z.refine(isAcademicYear, YEAR_FORMAT));

/** `GET /api/attainment/freeze/{program}`: the program's approvals, newest year first (any reader of the campus; 404 for a program not of the campus). */
export const listFrozenYearsRoute = defineRoute({
  method: 'GET',
  path: `${FREEZE_PATH}/{program}`,
  domain: 'reports',
  summary: "A program's approved (frozen) academic years, newest first",
  answer: items('FrozenYear'),
  errors: [401, 404],
});

/**
 * `POST /api/attainment/freeze/{program}` `{ academic_year }` (admins): approves that year and freezes its results
 * (201); 404 for a year without results, 409 when already frozen.
 */
export const approveYearRoute = defineRoute({
  method: 'POST',
  path: `${FREEZE_PATH}/{program}`,
  domain: 'reports',
  summary: "Approve a program's attainment for an academic year, freezing its results and inputs",
  roles: ['admin'],
  forbidden: ADMINS_ONLY,
  body: z.object({ academic_year: academicYear }),
  invalid: 'The academic year looks like 2025-26',
  answer: item('FrozenYear', 201),
  errors: [400, 401, 403, 404, 409],
});

/**
 * `POST /api/attainment/freeze/{program}/{year}/unfreeze` `{ reason, version }` (admins): unfreezes an approved year
 * with a reason of at least `MIN_UNFREEZE_REASON` characters (kept in the audit trail); 409 for a stale version.
 */
export const unfreezeYearRoute = defineRoute({
  method: 'POST',
  path: `${FREEZE_PATH}/{program}/{year}/unfreeze`,
  domain: 'reports',
  summary: 'Unfreeze an approved year with a reason, so its inputs can change again',
  roles: ['admin'],
  forbidden: ADMINS_ONLY,
  params: z.object({ year: z.string().check(z.refine(isAcademicYear, YEAR_FORMAT)) }),
  body: z.object({
    reason: z
      .string({ error: `Give a reason of at least ${MIN_UNFREEZE_REASON} characters` })
      .check(
        z.trim(),
        z.minLength(MIN_UNFREEZE_REASON, `Give a reason of at least ${MIN_UNFREEZE_REASON} characters`),
        z.maxLength(1000, 'At most 1000 characters'),
      ),
    version: z.int({ error: MESSAGES.required }),
  }),
  invalid: 'Unfreezing needs a reason and the version you read',
  answer: item('FrozenYear'),
  errors: [400, 401, 403, 404, 409],
});
