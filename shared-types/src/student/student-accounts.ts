import * as z from 'zod/mini';
import { defineRoute, item, items } from '../api/contract.js';
import { ACCESS_ACTIONS, type AccessStatus } from '../identity/access.js';
import { MESSAGES } from '../registry/messages.js';

/**
 * Where a campus's administrators keep their students' accounts: beside the staff's (`/api/auth/user-list`), served by
 * the same Lambda under the same API Gateway routes.
 */
export const STUDENT_ACCOUNTS_PATH = '/api/auth/student-accounts';

/** Where a roster entry's account stands: none yet, invited (the link not yet used), or an account and its access. */
export const STUDENT_ACCOUNT_STATES = ['No account', 'Invited', 'Invitation expired', 'Active', 'Disabled', 'Removed'] as const;
/** One of `STUDENT_ACCOUNT_STATES`. */
export type StudentAccountState = (typeof STUDENT_ACCOUNT_STATES)[number];

/** One roster entry and its account. */
export interface StudentAccountRow {
  student: string;
  roll_no: string;
  name: string;
  section: string;
  email: string;
  account: StudentAccountState;
  /** ISO date-time the pending invitation's link stops working. */
  invited_until?: string;
}

/** Someone of the roster left out of an invitation, and why (no e-mail, an address shared with another...). */
export interface StudentInviteSkip {
  roll_no: string;
  name: string;
  email?: string;
  reason: string;
}

/** What inviting a roster did: how many were mailed, in which mail (its receipts in Send Mail), and who was left out. */
export interface StudentInviteResult {
  invited: number;
  /** The invitation mail's id (`/api/send-mail/{id}`), or null when nobody was mailed. */
  mail: string | null;
  skipped: StudentInviteSkip[];
}

/** Where an invitation run stands: waiting for the worker, writing the links, done, or stopped with `error`. */
export const INVITE_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type InviteRunState = (typeof INVITE_RUN_STATES)[number];

/**
 * An invitation run (`POST /api/auth/student-accounts` starts one; `GET /api/student-invites/{run}` follows it): the
 * background job that reads the roster, writes each chosen student's link and queues their mail. `total` is how many
 * it chose (0 until it has read the roster), `written` how many links are written so far; once `done`, `invited`,
 * `mail` and `skipped` say what it did (`skipped` lists at most `MAX_LISTED_SKIPS`, `skipped_more` counts the rest).
 */
export interface StudentInviteRun extends StudentInviteResult {
  id: string;
  state: InviteRunState;
  curriculum: string;
  section?: string;
  total: number;
  written: number;
  skipped_more: number;
  /** Why a `failed` run stopped, in words for the administrator. */
  error?: string;
  /** ISO date-times. */
  created_at: string;
  updated_at: string;
}

/** At most this many left-out students are listed in a run (the rest are counted). */
export const MAX_LISTED_SKIPS = 500;

/** `?curriculum=&section=`: a roster, whole or one section of it. */
const rosterQuery = z.object({
  curriculum: z.string().check(z.minLength(1, MESSAGES.required)),
  section: z.optional(z.string().check(z.maxLength(10, MESSAGES.tooLong))),
});

/**
 * `GET /api/auth/student-accounts?curriculum=&section=` (administrators): every roster entry of the curriculum (or one
 * section), by roll number, with where its account stands. 404 for a curriculum not of the campus.
 */
export const studentAccountsRoute = defineRoute({
  method: 'GET',
  path: STUDENT_ACCOUNTS_PATH,
  domain: 'auth',
  summary: "A roster's students and where each one's account stands",
  roles: ['admin', 'group-admin'],
  forbidden: 'Only administrators keep students’ accounts',
  query: rosterQuery,
  invalid: 'Choose a curriculum',
  answer: items('StudentAccountRow'),
  errors: [400, 401, 403, 404],
});

/**
 * `POST /api/auth/student-accounts` `{ curriculum, section? }` (campus administrators): mails each student of the
 * roster (or section) without an account their own link to set a password, in one mail through Send Mail (each
 * address once, with receipts; the mail is sent in the background, resumed after a stop, each recipient once). The
 * account is made when the link is used. Left out, with why: no e-mail, an address two roster entries share, a staff
 * member's address, an account already, an invitation still pending, the suppression list. The work is a background
 * job: 202 `StudentInviteRun` (queued), followed at `GET /api/student-invites/{run}`; a run of more than 5,000
 * students fails with a sentence saying so; 409 while another invitation run of the campus is under way.
 */
export const inviteStudentsRoute = defineRoute({
  method: 'POST',
  // The collection's own path: inviting is how accounts are made (one API route resource for both methods).
  path: STUDENT_ACCOUNTS_PATH,
  domain: 'auth',
  summary: 'Invite a roster, or one section of it, to make their accounts',
  roles: ['admin'],
  forbidden: 'Only campus administrators invite students',
  body: rosterQuery,
  invalid: 'Choose a curriculum',
  answer: item('StudentInviteRun', 202),
  errors: [400, 401, 403, 404, 409],
});

/**
 * `GET /api/student-invites/{run}` (campus administrators): where an invitation run stands (`StudentInviteRun`),
 * polled by the Student Accounts page while it runs. 404 for a run of another campus, or none.
 */
export const studentInviteRunRoute = defineRoute({
  method: 'GET',
  path: '/api/student-invites/{run}',
  domain: 'auth',
  summary: 'Where an invitation run of students stands',
  roles: ['admin'],
  forbidden: 'Only campus administrators invite students',
  answer: item('StudentInviteRun'),
  errors: [401, 403, 404],
});

/**
 * `POST /api/auth/student-accounts/{student}/access { action }` (administrators): disables, enables or removes the account
 * of a roster entry (its open sessions end at once), audited, as a staff member's access. 404 when the roster entry
 * has no account.
 */
export const studentAccessRoute = defineRoute({
  method: 'POST',
  path: `${STUDENT_ACCOUNTS_PATH}/{student}/access`,
  domain: 'auth',
  summary: "Disable, enable or remove a student's account (their open sessions end at once)",
  roles: ['admin'],
  forbidden: 'Only campus administrators change students’ access',
  body: z.object({ action: z.enum(ACCESS_ACTIONS, { error: MESSAGES.choice }) }),
  invalid: 'Choose disable, enable or remove',
  answer: item('UserAccess'),
  errors: [400, 401, 403, 404, 409],
});

/** Every route of the students' accounts. */
export const STUDENT_ACCOUNT_ROUTES = [studentAccountsRoute, inviteStudentsRoute, studentInviteRunRoute, studentAccessRoute] as const;

/** The account state an access status gives (`Active`, `Disabled`, `Removed`). */
export const accountStateOf = (status: AccessStatus | undefined): StudentAccountState =>
  status === 'disabled' ? 'Disabled' : status === 'removed' ? 'Removed' : 'Active';
