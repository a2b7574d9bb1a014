import type { Role } from './roles.js';
import type { ApiKeyScope } from './api-keys.js';

/**
 * Who may do what, declared once (decision 0052, docs/powers.md): every decision made on the caller's role, on the
 * server and in the pages, asks `may(caller, power)` of one of these powers; nothing else compares a role with a role
 * name (the linter refuses it). A role holds only the powers listed for it here, so a new role (a student) gets nothing
 * until it is written into this table.
 *
 * What stays declared with what it governs: a record type's `writeRoles`, `ownerField`, `ownedVia` and `personal`
 * (shared-types/src/registry/entity.ts); a route contract's `roles`; `ACCESS_ENDERS` (access.ts) for whose access
 * who may end.
 *
 * Each power's doc comment says what it allows and, after `Enforced:`, where it is checked; docs/powers.md is written
 * from them and the roles (`npm run powers:doc`), so the words cost no Lambda or page a byte.
 */
export const POWERS = {
  /**
   * Work in a campus as its staff: read its structure, outcomes, marks, results, surveys and reports through every record
   * type and route that declares no other readers (a record type's `readRoles`, a route contract's `roles`), and keep a
   * profile in its directory. Writing still needs the record type's `writeRoles`, ownership or a further power.
   *
   * Enforced: server: crud-router.ts (`readersOf`: the generic list and read of every record type), endpoint.ts
   * (`callersOf`: every declared route), campus-users.ts (only staff accounts get a directory profile). The table of
   * every route and role below is generated from the same two functions.
   */
  'read-campus': ['admin', 'faculty', 'group-admin'],
  /**
   * Change a campus's records at all: call the writing routes (PUT, POST, PATCH, DELETE) that declare no roles of their
   * own, and hold a read-write scope on its own campus. Which records still depends on the record type's `writeRoles`,
   * ownership (`keep-own`) and `administer-campus`; a group administrator, and anyone else without it, reads only
   * (its own profile and its group's campuses are declared for it).
   *
   * Enforced: server: endpoint.ts (`callersOf`: a writing route's default callers), scope.ts (`campusScope`:
   * read-only without it), the store (`assertWritable`).
   */
  'change-campus': ['admin', 'faculty'],
  /**
   * Run a campus: configure it, add users, load CSV/XLSX imports, approve and unfreeze a year, see colleagues' private
   * profile fields (phone; Aadhaar masked) and photos, open any member's uploaded files, import publications for a
   * member, correct a course they do not own, and mail anyone of the campus (without it, mail goes to the sender's own
   * courses' students only).
   *
   * Enforced: server: personal data's `dataViewer`, course-access.ts (`assertOwnsCourse`), uploads.ts,
   * publication-import-routes.ts, send-mail-routes.ts. Pages: the Load CSV/XLSX buttons, Add User, Approve and Unfreeze,
   * the Phone column, the admin-only side tabs (`adminOnly`), a member's photo, Send Mail's Department and Role picker.
   */
  'administer-campus': ['admin'],
  /**
   * Oversee a group of campuses: the Group area (campuses, roll-up), the group dashboard summed over every campus, and
   * picking a campus of the group to read (read-only: its own administrators change it).
   *
   * Enforced: server: request-scope.ts (the `X-Campus` header), scope.ts (a read-only `campusScope`), app.ts (writes
   * refused in a campus read), the group dashboard, the profile's group. Pages: the campus picker, the Group menu entry
   * and tabs, "All campuses" on the dashboard and the organization form, Faculty Contribution's Profile tab (a group
   * administrator has no profile in a campus).
   */
  'oversee-group': ['group-admin'],
  /**
   * Read every member's own records: Faculty Contribution records, mail sent, the audit trail of others' records,
   * faculty CVs, and the contribution counts of the faculty profile report. Those without it read their own only.
   *
   * Enforced: server: crud-router.ts (`personal` records), mail-store.ts, audit-routes.ts (a record's history),
   * faculty-cv-routes.ts, the faculty profile report. Pages: Faculty Contribution (the member column and filter, a
   * member's records and CV), a row's history.
   */
  'read-every-member': ['admin', 'group-admin'],
  /**
   * Read every student's own values in the campus: marks sheets (and their filled template), the per-student CO
   * attainment of a course and its improvement plan's actions for each student. Those without it (faculty) read them
   * only for a course they own or one of their own department's (their profile's department is the course's); a student
   * reads only their own (`/api/me/*`).
   *
   * Enforced: server: course-access.ts (`assertReadsStudentsOf`) in marks-routes.ts (the sheet and the template),
   * attainment-routes.ts (per-student attainment), improvement-plan-routes.ts, the student improvement report.
   */
  'read-every-student': ['admin', 'group-admin'],
  /**
   * Keep their own work without a record type's writing role: records they own (`ownerField`, e.g. a SAR section until
   * approved), records of courses they own (`ownedVia`), their personal records (`personal`), and their own courses'
   * outcomes, mapping and papers.
   *
   * Enforced: server: crud-router.ts (`mayEverWrite`), references.ts (`assertCanWrite`), course-access.ts
   * (`assertOwnsCourse`). Pages: the entity pages' write controls.
   */
  'keep-own': ['faculty'],
  /**
   * Act as a machine client through an API key's scopes (decision 0062): call the routes and read the record types that
   * declare a scope the key holds (`keyScope`), nothing else; every write is audited as the key's.
   *
   * Enforced: server: endpoint.ts (`mayCall`), crud-router.ts (`mayReadRecords`), course-access.ts (a key that writes
   * marks), verify-token.ts (only a key's access token carries scopes).
   */
  'use-key-scopes': ['api-key'],
} as const satisfies Record<string, readonly Role[]>;

/** The roles holding `power`, in the table's order (what a declaration that names no roles defaults to). */
export const holdersOf = (power: Power): readonly Role[] => POWERS[power];

/** A named power (`POWERS`). */
export type Power = keyof typeof POWERS;

/** The powers in the table's order. */
export const POWER_NAMES = Object.keys(POWERS) as Power[];

/**
 * Whether `who` (a caller, a signed-in profile) holds `power`: its role is one of the power's roles. Nobody (`null`,
 * `undefined`, no role) and an unknown role hold nothing.
 */
export function may(who: { readonly role?: string } | null | undefined, power: Power): boolean {
  const roles: readonly string[] = POWERS[power];
  return who?.role !== undefined && roles.includes(who.role);
}

/**
 * Whether `caller` is a machine client (`use-key-scopes`) whose key holds `scope`: the one test of a key's reach, for
 * routes (`mayCall`), record types (`mayReadRecords`), campus scopes and course access. `scope` absent: false.
 */
export const holdsScope = (caller: { role?: string; scopes?: readonly ApiKeyScope[] }, scope: ApiKeyScope | undefined): boolean =>
  !!scope && may(caller, 'use-key-scopes') && !!caller.scopes?.includes(scope);

/**
 * Whether a member record (a profile) counts as faculty where the product counts people by their role: the group
 * roll-up's faculty, and the SAR's program faculty when no post is given. About the data (the member's role as stored),
 * not about what the reader may do.
 */
export const countsAsFaculty = (role: unknown): boolean => role === 'faculty';
