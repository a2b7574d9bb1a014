/**
 * The public sign-in paths, in a module of their own: every Lambda's app lets them through without a token, and none
 * but the auth Lambda needs the request schemas of `auth.ts`.
 */

/** `POST /api/auth/login`: e-mail and password for an ID token (scripts and API clients). */
export const LOGIN_PATH = '/api/auth/login';

/** Path of the public "set your password" call an invitation link leads to. */
export const SET_PASSWORD_PATH = '/api/auth/set-password';

/** Path of the public "Forgot password?" call: mails a link to choose a new password, if the address has an account. */
export const FORGOT_PASSWORD_PATH = '/api/auth/forgot-password';

/**
 * The paths that need no sign-in and check a password, a one-time link or an address: every Lambda's app lets them
 * through without a token, and API Gateway throttles each as a whole (`SIGN_IN_ROUTE_THROTTLE`).
 */
export const SIGN_IN_ROUTES: readonly string[] = [LOGIN_PATH, SET_PASSWORD_PATH, FORGOT_PASSWORD_PATH];
