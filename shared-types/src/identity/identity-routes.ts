import * as z from 'zod/mini';
import { body, defineRoute, item, page } from '../api/contract.js';
import { FORGOT_PASSWORD_PATH, LOGIN_PATH, SET_PASSWORD_PATH } from '../api/auth-paths.js';
import { PASSWORD_RESET_MINUTES, forgotPasswordSchema, loginSchema, setPasswordSchema } from '../api/auth.js';
import { MESSAGES } from '../registry/messages.js';
import { ROLES } from './roles.js';

/** A JSON object whose fields a record type's rules check (the registry's messages, one per field). */
const recordBody = (error: string) => z.record(z.string(), z.unknown(), { error });

/** Refuses whatever it is given, as `Unknown field`. */
const unknownField = z.unknown().check(z.refine(() => false, MESSAGES.unknown));
/** `shape` with every other key refused as `Unknown field` on that key (a strict object would name none of them). */
const strictShape = <S extends z.core.$ZodLooseShape>(shape: S) => z.catchall(z.object(shape), unknownField);

/** Path of the signed-in user's own profile. */
export const PROFILE_PATH = '/api/auth/profile';
/** Path of the campus's users. */
export const USER_LIST_PATH = '/api/auth/user-list';
/** Path of a department's users. */
export const DEPARTMENT_USER_LIST_PATH = '/api/department/user-list';

/**
 * `POST /api/auth/login` `{ email, password }` (public, for scripts and API clients): the Cognito ID token. Wrong
 * credentials are 401 without saying which part was wrong; while repeated failures of the account or address must
 * wait, 429 with `Retry-After` (seconds), the password unchecked.
 */
export const loginRoute = defineRoute({
  method: 'POST',
  path: LOGIN_PATH,
  domain: 'auth',
  summary: 'Exchange an e-mail and password for an ID token (scripts and API clients)',
  public: true,
  body: strictShape(loginSchema.shape),
  invalid: 'Enter your e-mail and password',
  answer: item('LoginToken'),
  errors: [400, 401, 429],
});

/**
 * `POST /api/auth/set-password` `{ token, password }` (public: the invitation link's page): sets the invited member's
 * password once, `{ message }`; 400 for a bad, used or expired link, or a password the policy refuses.
 */
export const setPasswordRoute = defineRoute({
  method: 'POST',
  path: SET_PASSWORD_PATH,
  domain: 'auth',
  summary: "Set an invited member's first password through the invitation's link (no sign-in)",
  public: true,
  body: strictShape(setPasswordSchema.shape),
  invalid: 'Choose a password',
  answer: body('PasswordSet'),
  errors: [400, 429],
});

/**
 * `POST /api/auth/forgot-password` `{ email }` (public: the sign-in page's "Forgot password?"): when the address has an
 * account whose access is open, mails it a link to choose a new password (the set-password page; once, for
 * `PASSWORD_RESET_MINUTES`). 202 `{ message }` with the same sentence either way, so nothing says whether an address
 * has an account; 429 with `Retry-After` once an address or a client has asked too often (the sign-in throttle's rule).
 */
export const forgotPasswordRoute = defineRoute({
  method: 'POST',
  path: FORGOT_PASSWORD_PATH,
  domain: 'auth',
  summary: 'Mail a link to choose a new password to an address, if it has an account (no sign-in)',
  description: `The answer is the same whether or not the address has an account. The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
  public: true,
  body: strictShape(forgotPasswordSchema.shape),
  invalid: 'Enter the e-mail address you sign in with',
  answer: body('ResetRequested', 202),
  errors: [400, 429],
});

/**
 * `GET /api/auth/profile`: the signed-in user's own profile (`ProfileView`), with who they are and where. Every role,
 * a student included (who has no directory profile: their role, campus and its locale only).
 */
export const profileRoute = defineRoute({
  method: 'GET',
  path: PROFILE_PATH,
  domain: 'auth',
  summary: "The signed-in user's own profile, role, campus and its locale",
  roles: ROLES,
  answer: item('ProfileView'),
  errors: [401],
});

/**
 * `PATCH /api/auth/profile`: changes fields of the signed-in user's own profile (the `profile` record type's rules,
 * seeing the profile as it will be; `version` the version read: 409 when stale); a photo must be an upload of theirs.
 */
export const updateProfileRoute = defineRoute({
  method: 'PATCH',
  path: PROFILE_PATH,
  domain: 'auth',
  summary: "Change fields of the signed-in user's own profile",
  // Everyone with a profile: the campus's staff, the group administrator in its group's namespace.
  roles: ['admin', 'faculty', 'group-admin'],
  description: 'The body holds Profile fields (checked by that record type’s rules) and `version`, the version read.',
  body: recordBody('Must be an object'),
  answer: item('ProfileView'),
  errors: [400, 401, 404, 409],
});

/** `GET /api/auth/user-list`: the campus's users (any signed-in user, for pickers), each as the caller may read it. */
export const userListRoute = defineRoute({
  method: 'GET',
  path: USER_LIST_PATH,
  domain: 'auth',
  summary: "The campus's users, by last name, as the caller may read them",
  answer: page('CampusUser'),
  errors: [401],
});

/**
 * `POST /api/auth/user-list` (campus admins): adds a user (a Cognito user with the role as its group, and the profile),
 * 201 `NewUserResponse`. Body: `email`, `role` (admin | faculty), `password` (optional: without it the member is mailed
 * an invitation to set their own) and profile fields (`first_name` and `last_name` required); 400 with field messages,
 * 409 when the e-mail already has an account.
 */
export const createUserRoute = defineRoute({
  method: 'POST',
  path: USER_LIST_PATH,
  domain: 'auth',
  summary: 'Add a user to the campus (mailed an invitation unless a first password is given)',
  description: 'The body holds `email`, `role`, an optional `password` and Profile fields (checked by that record type’s rules).',
  roles: ['admin'],
  forbidden: 'Only campus administrators may add users',
  body: recordBody('Must be an object'),
  invalid: 'The request body must be a JSON object',
  answer: body('NewUserResponse', 201),
  errors: [400, 401, 403, 404, 409],
});

/** `GET /api/department/user-list?short_name=CSE`: the users whose profile names that department; 404 for an unknown one. */
export const departmentUserListRoute = defineRoute({
  method: 'GET',
  path: DEPARTMENT_USER_LIST_PATH,
  domain: 'configuration',
  summary: "A department's users, by its short name",
  query: z.object({ short_name: z.string({ error: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required)) }),
  invalid: 'Give the department short name',
  answer: page('CampusUser'),
  errors: [400, 401, 404],
});

/** Every identity route. */
export const IDENTITY_ROUTES = [
  loginRoute,
  setPasswordRoute,
  forgotPasswordRoute,
  profileRoute,
  updateProfileRoute,
  userListRoute,
  createUserRoute,
  departmentUserListRoute,
] as const;
