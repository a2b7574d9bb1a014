import * as z from 'zod/mini';
import { MESSAGES } from '../registry/messages.js';

/**
 * A group of campuses (docs/design.md "Tenancy, roles, identity"): the society that subscribes owns campuses.
 * A group administrator's token carries the group's id in `custom:tenant` (its own profile lives there) and role
 * `group-admin`. It creates, lists and disables the group's campuses, and reads any campus of the group through the
 * same routes as that campus's users by naming it in the `X-Campus` header (reads only). Without the header it
 * reads nothing of any campus: the dashboard and the roll-up answer for the whole group.
 */

import { CAMPUS_ID_PATTERN, CAMPUS_STATUSES, type CampusStatus } from './group-constants.js';

/** One campus of a group, as the group's campus list shows it. Dates are ISO-8601 UTC. */
export interface GroupCampus {
  /** The campus (tenant) id. */
  id: string;
  /** The organization's name (the campus's own record may rename it later; this is the name at creation). */
  name: string;
  status: CampusStatus;
  /** The first administrator, invited by mail when the campus was made. */
  admin_email: string;
  /** The invitation mail's id in the campus's Send Mail, when one was sent. */
  invitation_mail?: string;
  /** Why it was last disabled or enabled. */
  status_reason?: string;
  version: number;
  created_by: string;
  created_at: string;
  updated_by?: string;
  updated_at?: string;
}

/** `GET /api/group/campus`: the caller's group and its campuses, in creation order. */
export interface GroupView {
  id: string;
  name: string;
  campuses: GroupCampus[];
}

/** `POST /api/group/campus`: a new campus with its first administrator (invited by mail to set a password). */
export interface NewCampusBody {
  /** The campus id (`CAMPUS_ID_PATTERN`); unique across every group. */
  id: string;
  /** The organization's name, e.g. "KIT's College of Engineering, Kolhapur". */
  name: string;
  /** The society's name for the organization record; the group's name when absent. */
  society_name?: string;
  admin_email: string;
  admin_first_name: string;
  admin_last_name: string;
}

/** `PUT /api/group/campus/{id}`: enable or disable a campus. `version` is the one read (stale: 409). */
export interface CampusStatusBody {
  status: CampusStatus;
  version: number;
  /** Required when disabling: kept with the campus and in the audit trail. */
  reason?: string;
}

const words = (min: number, max: number) =>
  z
    .string({ error: MESSAGES.required })
    .check(z.trim(), z.minLength(1, MESSAGES.required), z.minLength(min, MESSAGES.tooShort), z.maxLength(max, MESSAGES.tooLong));

/** Checks a `NewCampusBody` (the form's messages: Required, Too Short!, Too Long!, Not valid email). */
export const newCampusSchema = z.strictObject({
  id: z
    .string({ error: MESSAGES.required })
    .check(z.trim(), z.minLength(1, MESSAGES.required), z.regex(CAMPUS_ID_PATTERN, '2-32 lower-case letters, digits or hyphens')),
  name: words(2, 200),
  society_name: z.optional(z.string().check(z.trim(), z.maxLength(200, MESSAGES.tooLong))),
  admin_email: z.string({ error: MESSAGES.required }).check(z.trim(), z.email(MESSAGES.email), z.maxLength(254, MESSAGES.tooLong)),
  admin_first_name: words(2, 50),
  admin_last_name: words(2, 50),
});

/** Checks a `CampusStatusBody`; disabling needs a reason of at least 10 characters. */
export const campusStatusSchema = z
  .strictObject({
    status: z.enum(CAMPUS_STATUSES, { error: `One of ${CAMPUS_STATUSES.join(', ')}` }),
    version: z.number({ error: MESSAGES.digits }).check(z.int(MESSAGES.digits), z.minimum(1, MESSAGES.digits)),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, MESSAGES.tooLong))),
  })
  .check(
    z.refine((b) => b.status !== 'Disabled' || (b.reason ?? '').length >= 10, {
      path: ['reason'],
      message: 'Say why (at least 10 characters)',
    }),
  );
