import * as z from 'zod/mini';
import { body, defineRoute } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';

/** Path of a section's roster as a whole (`?curriculum=&section=`). */
export const ROSTER_PATH = '/api/roster';

/** The most students one sync carries (a section of an Indian engineering college is 60 to 180). */
export const ROSTER_SYNC_LIMIT = 600;

/** One student as the ERP sends them: roll number, name, and e-mail when it has one. */
export const rosterStudentSchema = z.object({
  roll_no: z
    .string({ error: MESSAGES.required })
    .check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(30, 'At most 30 characters')),
  name: z
    .string({ error: MESSAGES.required })
    .check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(150, 'At most 150 characters')),
  email: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(254, 'At most 254 characters')))),
});

/** `PUT /api/roster?curriculum=&section=` body: every student of the section now; nobody missing is deleted. */
export const rosterSyncSchema = z.object({
  students: z.array(rosterStudentSchema, { error: 'Send the section’s students as a list' }).check(
    // An empty list would mark the whole section as left: an ERP's failed export, far more often than a section ended.
    z.minLength(1, 'Send at least one student: an empty list would mark the whole section as left'),
    z.maxLength(ROSTER_SYNC_LIMIT, `At most ${ROSTER_SYNC_LIMIT} students in one section`),
  ),
});

/** Which section: the curriculum's id and the section's name. */
export const rosterQuerySchema = z.object({
  curriculum: z.string({ error: 'Name the curriculum (its id)' }).check(z.minLength(1, 'Name the curriculum (its id)')),
  section: z
    .string({ error: 'Name the section' })
    .check(z.trim(), z.minLength(1, 'Name the section'), z.maxLength(10, 'At most 10 characters')),
});

/**
 * What a roster sync did, by roll number: students added, changed (name or e-mail), unchanged, marked left (in the
 * section but not in the list: kept, with their marks, never deleted) and returned (marked left before, listed again).
 * A second sync of the same list reports everyone unchanged and writes nothing.
 */
export interface RosterSyncResult {
  added: string[];
  changed: string[];
  unchanged: string[];
  left: string[];
  returned: string[];
  /** Whether anything was written. */
  written: boolean;
}

/**
 * `PUT /api/roster?curriculum=&section=` `{ students: [{ roll_no, name, email }] }` (campus admins, or an API key with
 * `rosters.write`): makes the section's roster the list, idempotently. A student listed in another section of the
 * curriculum moves to this one; one of the section not listed is marked left (`left_on` today), never deleted. Nothing
 * is written when any row is refused (400 naming each row, `students.<n>.<field>`), or when nothing changed.
 */
export const rosterSyncRoute = defineRoute({
  method: 'PUT',
  path: ROSTER_PATH,
  domain: 'attainment',
  summary: "Make a section's roster the list sent (students missing are marked left, never deleted)",
  roles: ['admin'],
  keyScope: 'rosters.write',
  forbidden: 'Only campus administrators, or an API key that may sync rosters, replace a roster',
  query: rosterQuerySchema,
  body: rosterSyncSchema,
  invalid: 'Please correct the roster',
  answer: body('RosterSyncResult'),
  errors: [400, 401, 403, 404, 409],
});
