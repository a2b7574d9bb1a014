import * as z from 'zod/mini';
import { defineRoute, item, textBody } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';
import { PUBLIC_SURVEY_PATH, STAKEHOLDER_IMPORT_PATH, SURVEY_HOST_PATH, SURVEY_RESULTS_PATH } from './survey-api.js';

// ---------- the public page (no sign-in; the token in the path is the only key) ----------

/**
 * `GET /api/public/survey/{token}` (public): the survey a valid, unused link of an open survey shows (`PublicSurvey`).
 * A refused link answers its status with `{ errors: PublicSurveyError }` (`detail`, `reason`, `opens_on`) and no survey
 * data: 404 `invalid`, 409 `used`, 410 `expired` or `closed`, 403 `audience`, 429 `busy` (throttled in front).
 */
export const publicSurveyRoute = defineRoute({
  method: 'GET',
  path: `${PUBLIC_SURVEY_PATH}/{token}`,
  domain: 'survey',
  summary: 'The survey an invitation link shows (no sign-in)',
  description: 'A refused link answers `errors.reason` (`PublicSurveyRefusal`) beside `errors.detail`, and never any survey data.',
  public: true,
  answer: item('PublicSurvey'),
  errors: [403, 404, 409, 410, 429],
});

/**
 * `POST /api/public/survey/{token}` `SurveyAnswerBody` (public): stores the invitee's answers once, 201
 * `{ message, data: SurveyAnswered }`. 400 with `errors.fields[<question id>]` for a missing or impossible answer
 * (checked against the survey's form); the refusals of `publicSurveyRoute` otherwise (a second answer: 409 `used`).
 */
export const answerSurveyRoute = defineRoute({
  method: 'POST',
  path: `${PUBLIC_SURVEY_PATH}/{token}`,
  domain: 'survey',
  summary: 'Answer a survey through an invitation link (no sign-in); each invitee answers once',
  description:
    '`answers`: per question id, the index of the chosen scale point (0 = the lowest) of a rating question, or the text ' +
    'of a free-text one; every rating question must be answered. The answers are checked against the survey’s form.',
  public: true,
  body: z.object(
    { answers: z.optional(z.nullable(z.record(z.string(), z.unknown(), { error: 'Must be an object' }))) },
    { error: 'Must be an object' },
  ),
  invalid: 'Send the answers as { "answers": { ... } }',
  answer: item('SurveyAnswered', 201),
  errors: [400, 403, 404, 409, 410, 429],
});

// ---------- stakeholders ----------

/**
 * `POST /api/stakeholder/import?curriculum=<id>` (admins), the CSV text as the body (`STAKEHOLDER_COLUMNS`):
 * `{ message, data: StakeholderImportResult }`. A file with any wrong row is refused whole (400 with `errors.rows`),
 * an empty one is 400, one over `MAX_IMPORT_BYTES` 413; nothing is written then.
 */
export const importStakeholdersRoute = defineRoute({
  method: 'POST',
  path: STAKEHOLDER_IMPORT_PATH,
  domain: 'survey',
  summary: "Load a curriculum's stakeholders from a CSV file (created, or updated by e-mail)",
  roles: ['admin'],
  query: z.object({ curriculum: z.optional(z.string()) }),
  body: textBody('text/csv'),
  answer: item('StakeholderImportResult'),
  errors: [400, 401, 403, 404, 413],
});

// ---------- hosting (campus admins; group administrators read) ----------

const HOSTS_READ = ['admin', 'group-admin'] as const;

/** A list of ids or names (at most 5000 of at most 100 characters), or nothing. */
const names = z.optional(
  z.nullable(
    z
      .array(z.string({ error: 'Must be a list' }).check(z.maxLength(100, 'Must be a list')), { error: 'Must be a list' })
      .check(z.maxLength(5000, 'Must be a list')),
  ),
);
/** Text of at most `max` characters, or nothing (`''` is nothing). */
const text = (max: number) => z.optional(z.nullable(z.string({ error: 'Must be text' }).check(z.maxLength(max, MESSAGES.tooLong))));

/** `GET /api/survey-host/{survey}`: `SurveyHostView` (admins; group administrators read). Another campus's survey is 404. */
export const surveyHostRoute = defineRoute({
  method: 'GET',
  path: `${SURVEY_HOST_PATH}/{survey}`,
  domain: 'survey-hosting',
  summary: 'A survey as its host sees it: form, status, invitees and their delivery, response rate, paper counts',
  roles: HOSTS_READ,
  answer: item('SurveyHostView'),
  errors: [401, 403, 404],
});

/**
 * `POST /api/survey-host/{survey}/invite` `SurveyInviteBody` (admins): mails each new invitee their own link, 201
 * `SurveyMailResult`; 400 (`Check the invitation`) for a malformed body or invitees the survey cannot have, 404 for
 * another campus's survey, 409 for a closed survey.
 */
export const inviteToSurveyRoute = defineRoute({
  method: 'POST',
  path: `${SURVEY_HOST_PATH}/{survey}/invite`,
  domain: 'survey-hosting',
  summary: "Invite the curriculum's students and/or stakeholders to a survey, each with their own link",
  roles: ['admin'],
  body: z.object({
    students: z.optional(z.boolean({ error: 'Must be true or false' })),
    groups: names,
    stakeholders: names,
    subject: text(200),
    message: text(20_000),
  }),
  invalid: 'Check the invitation',
  answer: item('SurveyMailResult', 201),
  errors: [400, 401, 403, 404, 409],
});

/** `POST /api/survey-host/{survey}/remind` (admins): mails those who have not answered again, 201 `SurveyMailResult`; 409 when closed. */
export const remindSurveyRoute = defineRoute({
  method: 'POST',
  path: `${SURVEY_HOST_PATH}/{survey}/remind`,
  domain: 'survey-hosting',
  summary: 'Remind the invitees who have not answered',
  roles: ['admin'],
  answer: item('SurveyMailResult', 201),
  errors: [401, 403, 404, 409],
});

/**
 * `PUT /api/survey-host/{survey}/offline` `OfflineResultsBody` (admins): the paper counts, `OfflineResults`. The counts
 * are checked against the survey's form (400 `Check the paper counts` naming each question); 409 for a stale version.
 */
export const saveOfflineResultsRoute = defineRoute({
  method: 'PUT',
  path: `${SURVEY_HOST_PATH}/{survey}/offline`,
  domain: 'survey-hosting',
  summary: "Save a survey's paper (offline) counts",
  description:
    '`surveyed`: people handed the paper form; `counts`: per rating question id, the count at each scale point (lowest ' +
    'first); `version`: the version read (0 the first time). The counts are checked against the survey’s form.',
  roles: ['admin'],
  body: z.looseObject({ surveyed: z.optional(z.unknown()), counts: z.optional(z.unknown()), version: z.optional(z.unknown()) }),
  invalid: 'Check the paper counts',
  answer: item('OfflineResults'),
  errors: [400, 401, 403, 404, 409],
});

// ---------- results (every user of the campus) ----------

/**
 * `GET /api/survey-results/dashboard?year=<2025-26>&department=<id>`: `SurveyDashboardView`, the surveys of that
 * year (default the newest with surveys) and department (default all) with their outcomes' survey levels.
 */
export const surveyDashboardRoute = defineRoute({
  method: 'GET',
  path: `${SURVEY_RESULTS_PATH}/dashboard`,
  domain: 'survey-results',
  summary: "The surveys of an academic year and department, their response rates and the outcomes' survey levels",
  query: z.object({ year: z.optional(z.string()), department: z.optional(z.string()) }),
  answer: item('SurveyDashboardView'),
  errors: [401],
});

/** `GET /api/survey-results/{survey}`: the survey's report (`SurveyReportView`); another campus's survey is 404. */
export const surveyReportRoute = defineRoute({
  method: 'GET',
  path: `${SURVEY_RESULTS_PATH}/{survey}`,
  domain: 'survey-results',
  summary: "A survey's report: response rate, margin of error, counts per question, outcomes and review flags",
  answer: item('SurveyReportView'),
  errors: [401, 404],
});

/** Every survey route, in the order the API serves them (the dashboard before `{survey}`). */
export const SURVEY_ROUTES = [
  publicSurveyRoute,
  answerSurveyRoute,
  importStakeholdersRoute,
  surveyHostRoute,
  inviteToSurveyRoute,
  remindSurveyRoute,
  saveOfflineResultsRoute,
  surveyDashboardRoute,
  surveyReportRoute,
] as const;
