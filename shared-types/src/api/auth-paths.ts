/**
 * The public sign-in paths, in a module of their own: every Lambda's app lets them through without a token, and none
 * but the auth Lambda needs the request schemas of `auth.ts`.
 */

/** `POST /api/auth/login`: e-mail and password for an ID token (scripts and API clients). */
export const LOGIN_PATH = '/api/auth/login';

/** Path of the public "set your password" call an invitation link leads to. */
export const SET_PASSWORD_PATH = '/api/auth/set-password';
