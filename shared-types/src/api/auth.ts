import * as z from 'zod/mini';
import type { CampusLocale } from '../entities/choices.js';
import { MESSAGES } from '../registry/messages.js';
import type { CampusUser } from './user-list.js';

/** Body of `POST /api/auth/login`: the e-mail (or username) and password of a Cognito user. */
export const loginSchema = z.strictObject({
  email: z.string({ error: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(254, MESSAGES.tooLong)),
  password: z.string({ error: MESSAGES.required }).check(z.minLength(1, MESSAGES.required), z.maxLength(256, MESSAGES.tooLong)),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** What `GET /api/auth/profile` answers: the profile fields plus who the caller is and where. */
export interface ProfileView extends Record<string, unknown> {
  email: string;
  role: string;
  tenant: string;
  /** The campus's organization name, for the banner ('' until the organization is set up). */
  organization_name: string;
  /** Name of the user's department, for the banner ('' when none). */
  department_name: string;
  /** How the campus writes dates and numbers (the organization's `locale`; `en-IN` until chosen). */
  locale: CampusLocale;
  /**
   * The month (1-12) the campus's academic year starts in (the organization's `academic_year_start_month`; June until
   * chosen; absent: June): with today's date it gives the current academic year (`currentAcademicYear`).
   */
  academic_year_start_month?: number;
  /**
   * The campus's current academic year as its administrators set it (the organization's `current_academic_year`,
   * `2025-26`); absent until set, when `academic_year_start_month` and today's date give it (`organizationCurrentYear`).
   */
  current_academic_year?: string;
  /** A group administrator's group: its id and name; absent for campus users. */
  group?: { id: string; name: string };
}

/** A password Cognito's policy accepts: 10+ characters with upper and lower case letters, a digit and a symbol. */
const newPassword = z.string({ error: MESSAGES.required }).check(
  z.minLength(10, 'At least 10 characters'),
  z.maxLength(256, MESSAGES.tooLong),
  z.refine(
    (p: string) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p),
    'Needs upper and lower case letters, a digit and a symbol',
  ),
);

/** An account's e-mail address, as it signs in with it (trimmed; at most 254 characters). */
const accountEmail = z
  .string({ error: MESSAGES.required })
  .check(
    z.trim(),
    z.minLength(1, MESSAGES.required),
    z.maxLength(254, MESSAGES.tooLong),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.email),
  );

/**
 * Account part of the Add User form (`POST /api/auth/user-list`, campus admins only); the rest of the body is
 * profile fields. Without a `password` the new member is sent an invitation mail with a link to set their own
 *; with one, that is their first password.
 */
export const newUserSchema = z.strictObject({
  email: accountEmail,
  role: z.literal(['admin', 'faculty'], { error: MESSAGES.choice }),
  password: z.optional(newPassword),
});
export type NewUserAccount = z.infer<typeof newUserSchema>;

/** How long an invitation link works, in days. */
export const INVITATION_DAYS = 7;

/** Body of `POST /api/auth/set-password` (no sign-in): the invitation's token and the new password. */
export const setPasswordSchema = z.strictObject({
  token: z.string({ error: MESSAGES.required }).check(z.minLength(1, MESSAGES.required), z.maxLength(200, MESSAGES.tooLong)),
  password: newPassword,
});
export type SetPasswordBody = z.infer<typeof setPasswordSchema>;

/** How long a "Forgot password?" link works, in minutes. */
export const PASSWORD_RESET_MINUTES = 60;

/** Body of `POST /api/auth/forgot-password` (no sign-in): the address the person signs in with. */
export const forgotPasswordSchema = z.strictObject({ email: accountEmail });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

/**
 * `POST /api/auth/forgot-password` answer: the same sentence whether or not the address has an account, so the call
 * tells nobody which addresses do.
 */
export interface ResetRequested {
  message: string;
}

/** `POST /api/auth/login` answer: the Cognito ID token. */
export interface LoginToken {
  token: string;
}

/** `POST /api/auth/set-password` answer: what to do next. */
export interface PasswordSet {
  message: string;
}

/** `POST /api/auth/user-list` answer: the new user, and the invitation mail when one was sent (its receipts are in Send Mail). */
export interface NewUserResponse {
  message: string;
  data: CampusUser;
  invitation?: { mail: string };
}

/**
 * How API Gateway throttles each of the `SIGN_IN_ROUTES` as a whole in AWS (requests per second, and the burst above
 * it): each Lambda instance slows failed sign-ins and repeated reset requests only in its own memory
 * (`functions/src/features/identity/sign-in-throttle.ts`), so this bounds the guesses all instances together can check.
 * The browser signs in with Cognito directly, where Cognito's own lockout applies; these routes serve scripts, the
 * invitation page and "Forgot password?", so 10 a second is far above their use.
 */
export const SIGN_IN_ROUTE_THROTTLE = { rate: 10, burst: 20 } as const;
