/**
 * The group routes' paths, the campus header, the campus id pattern and statuses, in a module of their own: every
 * Lambda reads them (the route table, the request scope, the campus registry), and none but the group's needs the request schemas of `group-api.ts`.
 */

/** `GET` the caller's group and its campuses; `POST` a new campus (`NewCampusBody`). */
export const GROUP_CAMPUS_PATH = '/api/group/campus';
/** `GET` the group's roll-up (`RollupView`); group administrators only. */
export const ROLLUP_PATH = '/api/group/rollup';
/** The request header a group administrator names the campus it reads with (lower case, as HTTP/2 sends it). */
export const CAMPUS_HEADER = 'x-campus';

/** A campus id: lower-case letters, digits and hyphens, 2-32 characters (it starts every key of the campus). */
export const CAMPUS_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;

/** A campus's state: a disabled campus's users are refused (403) until the group enables it again. */
export const CAMPUS_STATUSES = ['Active', 'Disabled'] as const;
export type CampusStatus = (typeof CAMPUS_STATUSES)[number];
