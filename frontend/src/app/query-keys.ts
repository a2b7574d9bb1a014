/**
 * Every TanStack Query key of the app, built here and nowhere else, so a write knows exactly which cached reads it
 * changes. Keys are arrays whose first element names the family; a prefix (e.g. `['list', path]`) matches every key
 * that starts with it (invalidation, `setQueriesData`).
 *
 * - `['list', path, filters]`: a list (`GET path?<filters>&limit=100&next=<cursor>`) as an infinite query: the server
 *   pages read so far, each read with the cursor the page before it gave (the query's page param; so a server page is
 *   named by this key plus its cursor). A table and every picker of the same entity and filters share it; a saved
 *   record is put into it (see `entity/list-cache.ts`) rather than the list read again.
 * - `['refs', entity, ids]`: the records of `entity` with these ids, sorted, at most 100 (`GET path?ids=a,b,...`):
 *   what a table's reference column shows for one page, or a chosen value a picker has not listed.
 * - `['record', path, id]`: one record or document read whole (`GET path/id`): a CRUD record, a CO-PO matrix, a
 *   question paper, a marks sheet (`DOCUMENT_PATHS`).
 * - `['attainment', kind, id, year]`: a computed attainment view (`GET /api/attainment/<kind>/<id>?year=`; `kind`
 *   course, program, students or improvement-plan; `year` null = the newest). Every save of marks, a matrix, a paper
 *   or a registry record marks them all stale.
 * - `['attainment', 'freeze', program]`: a program's approved (frozen) years (`GET /api/attainment/freeze/{program}`);
 *   under the attainment prefix, so the same saves mark it stale, as approving and unfreezing do.
 * - `['import-job', id]`: a large marks file's import progress (`GET /api/import-job/id`, polled).
 * - `['recipients', source, id]`: whom Send Mail's pickers add: a department's users (`source` `department`, `id` its
 *   short name: `GET /api/department/user-list?short_name=`) or a curriculum's students (`curriculum`, its id: every
 *   page of `GET /api/student?curriculum=`).
 * - `['mail-suppression']`: the campus's suppression list (`GET /api/mail-suppression`, one answer, not paged).
 *   Sent mail is a list (`qk.list('/api/send-mail', {})`, polled while a mail is being sent) and a record (one mail
 *   with its recipients).
 * - `['api-keys']`: the campus's API keys for machine clients (`GET /api/auth/api-keys`, one answer, not paged, never
 *   a secret); a key created or revoked is put into it.
 * - `['survey', view, ...]`: the Survey area's computed views: `['survey', 'host', id]` (`GET /api/survey-host/{id}`,
 *   polled while invitations are being delivered), `['survey', 'report', id]` (`GET /api/survey-results/{id}`) and
 *   `['survey', 'dashboard', year, department]` (`GET /api/survey-results/dashboard?year=&department=`; null = the
 *   server's default). Inviting, reminding, paper results and any registry write mark them all stale.
 * - `['report', name, filters]`: a report of the Reports area (`GET /api/reports/{name}?<filters>`, a `ReportView`),
 *   `['report', 'sar', program, filters]` the SAR export's page (`GET /api/reports/sar/{program}?<filters>`) and
 *   `['report', 'sar-readiness', program, year]` the SAR readiness page (`GET /api/reports/sar/{program}/readiness`).
 *   Computed from the records on each read; kept fresh 30 s like every read; any registry write marks them stale.
 *   `['report', 'po-move', program]` is the preview of moving a program's POs to its format's
 *   (`GET /api/po-move/{program}`).
 * - `['group', view, ...]`: a group administrator's views: `['group', 'campuses']` (`GET /api/group/campus`)
 *   and `['group', 'rollup', year]` (`GET /api/group/rollup?year=`; null = the server's default). Adding, disabling or
 *   enabling a campus marks them stale.
 * - `['dashboard']`: the dashboard's figures (`GET /api/dashboard`) for the campus chosen (or the group).
 * - `['me', 'results', year]`: a signed-in student's own results (`GET /api/me/results?year=`; null = the server's
 *   default year).
 *
 * Choosing another campus (a group administrator) forgets every cached read.
 * - `['audit', ...]`: the audit trail, read fresh whenever it is shown: `['audit', 'history', entity, id]` one record's
 *   history (`GET /api/audit/history/{entity}/{id}`) and `['audit', 'list', filters]` the campus list (`GET
 *   /api/audit?<filters>`, paged like a list).
 *
 * `filters` are query parameters as a plain object without empty values (TanStack hashes object keys sorted, so
 * their order does not matter).
 */
export type Filters = Readonly<Record<string, string>>;

export const qk = {
  /** Every list of `path` (any filters): the prefix a write to that entity updates. */
  lists: (path: string) => ['list', path] as const,
  list: (path: string, filters: Filters) => ['list', path, filters] as const,
  /** Every by-id read of `entity` (the prefix a write updates). */
  allRefs: (entity: string) => ['refs', entity] as const,
  refs: (entity: string, ids: readonly string[]) => ['refs', entity, ids] as const,
  /** Every record or document under `path`. */
  records: (path: string) => ['record', path] as const,
  record: (path: string, id: string) => ['record', path, id] as const,
  /** Every attainment view: what saving marks, a matrix, a paper or a method invalidates. */
  attainment: () => ['attainment'] as const,
  attainmentView: (kind: 'course' | 'program' | 'students' | 'improvement-plan', id: string, year?: string | null) =>
    ['attainment', kind, id, year ?? null] as const,
  frozenYears: (program: string) => ['attainment', 'freeze', program] as const,
  importJob: (id: string) => ['import-job', id] as const,
  /** The column mapping kept from an occasion's last import of another system's export. */
  marksMapping: (occasion: string) => ['marks-mapping', occasion] as const,
  recipients: (source: 'department' | 'curriculum', id: string) => ['recipients', source, id] as const,
  suppression: () => ['mail-suppression'] as const,
  apiKeys: () => ['api-keys'] as const,
  /** The campus's sign-in provider (Utilities > College sign-in). */
  identityProvider: () => ['identity-provider'] as const,
  /** Every Survey view (host, report, dashboard): what an invitation, paper results or a registry write marks stale. */
  surveyViews: () => ['survey'] as const,
  surveyHost: (id: string) => ['survey', 'host', id] as const,
  surveyReport: (id: string) => ['survey', 'report', id] as const,
  surveyDashboard: (year: string | null, department: string | null) => ['survey', 'dashboard', year, department] as const,
  /** Every audit read (history and campus list). */
  audit: () => ['audit'] as const,
  auditHistory: (entity: string, id: string) => ['audit', 'history', entity, id] as const,
  auditList: (filters: Filters) => ['audit', 'list', filters] as const,
  report: (name: string, filters: Filters) => ['report', name, filters] as const,
  sar: (program: string, filters: Filters) => ['report', 'sar', program, filters] as const,
  sarReadiness: (program: string, year: string) => ['report', 'sar-readiness', program, year] as const,
  /** What Attain holds of a batch (intake list, rolls): under `report`, so any record write refreshes it. */
  batchFigures: (program: string, year: string) => ['report', 'batch-figures', program, year] as const,
  sarTableRows: (program: string, format: string, year: string, item: string) =>
    ['report', 'sar-table-rows', program, format, year, item] as const,
  /** The preview of moving a program's 12 POs to its format's 11: under `report`, so any record write refreshes it. */
  poMove: (program: string) => ['report', 'po-move', program] as const,
  /** Every report, the SAR export and the SAR readiness: what any record write may change. */
  reports: () => ['report'] as const,
  group: () => ['group'] as const,
  groupCampuses: () => ['group', 'campuses'] as const,
  rollup: (year: string | null) => ['group', 'rollup', year] as const,
  dashboard: () => ['dashboard'] as const,
  myResults: (year: string | null) => ['me', 'results', year] as const,
  mySurveys: () => ['me', 'surveys'] as const,
  mySurvey: (id: string) => ['me', 'surveys', id] as const,
  studentEngagement: (course: string, year: string) => ['student-engagement', course, year] as const,
  studentAccounts: (curriculum: string, section: string) => ['student-accounts', curriculum, section] as const,
  studentInviteRun: (run: string) => ['student-invites', run] as const,
};

/** Base paths of the documents read through `qk.record` (their GET path is `<base>/<owner id>`). */
export const DOCUMENT_PATHS = { coPoMatrix: '/api/co-po-matrix', questionPaper: '/api/question-paper', marks: '/api/marks' } as const;
