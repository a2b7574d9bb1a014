import type { QuestionKind, SurveyFor, SurveyType } from './survey-choices.js';
import type { ScalePoint } from './template-rules.js';
import type { YearChoice } from '../format/academic-year.js';

/**
 * The Survey area's API beyond generic CRUD. Units: percents 0-100 with 2 decimals; levels 0-3; counts are
 * people; dates ISO `YYYY-MM-DD`, times ISO-8601 UTC. Errors as everywhere: `{ errors: { detail, fields } }`.
 */

/**
 * Path of the stakeholder import: `POST /api/stakeholder/import?curriculum=<id>`, the CSV text as the body (columns
 * `STAKEHOLDER_COLUMNS`; department and program come from the curriculum). Answers `{ message, data:
 * StakeholderImportResult }`; a file with any wrong row is refused whole (400 with `errors.rows`) and nothing is written.
 */
export const STAKEHOLDER_IMPORT_PATH = '/api/stakeholder/import';

/** Hosting: `GET /api/survey-host/{survey}`, `POST .../invite`, `POST .../remind`, `PUT .../offline`. */
export const SURVEY_HOST_PATH = '/api/survey-host';
/** Results: `GET /api/survey-results/{survey}` (the report) and `GET /api/survey-results/dashboard?year=&department=`. */
export const SURVEY_RESULTS_PATH = '/api/survey-results';
/** The public page's API: `GET|POST /api/public/survey/{token}` (no sign-in; throttled). */
export const PUBLIC_SURVEY_PATH = '/api/public/survey';
/** The public page itself (the frontend route of an invitation's link): `/s/{token}`. */
export const PUBLIC_SURVEY_PAGE = '/s';
/** Placeholder of an invitation mail's body replaced by each invitee's own link. */
export const PERSONAL_LINK = '{{survey_link}}';
/** How long a link stays valid after it was mailed, at most (it also ends when the survey closes), in days. */
export const SURVEY_LINK_DAYS = 60;

/**
 * Throttle of the public survey route (the whole route, not per address: a class answering from a campus network
 * shares one address, and 300 students submitting at the bell fit the burst). API Gateway's route throttling in the
 * cloud, a token bucket locally; both from these numbers.
 * Requests per second, and the burst above it.
 */
export const PUBLIC_SURVEY_THROTTLE = { rate: 100, burst: 300 } as const;

/** One question of a survey's form as stored when the survey was made (the template's, with its outcome resolved). */
export interface SurveyQuestion {
  /** Stable within the survey: `q1`, `q2`, ... in the template's order. */
  id: string;
  text: string;
  kind: QuestionKind;
  /** The outcome code as the template gave it (`CO2`, `PO3`), when it assesses one. */
  outcome_code?: string;
  /** The outcome record's id (a course outcome or a program outcome record). */
  outcome?: string;
}

/** A survey's form: its scale (lowest point first) and questions, fixed when the survey was made. */
export interface SurveyForm {
  scale: ScalePoint[];
  questions: SurveyQuestion[];
  /** Outcome codes of template questions left out because the course or program has no such outcome (`CO7`). */
  omitted?: string[];
}

/** Where a survey stands, by its dates (India time): before `start_date`, through `end_date`, after it. */
export type SurveyStatus = 'Scheduled' | 'Open' | 'Closed';

// ---------- the public page ----------

/**
 * `GET /api/public/survey/{token}` answers 200 `{ data: PublicSurvey }` for a valid, unused link of an open survey.
 * Otherwise it answers the status and `errors.detail` of `PublicSurveyRefusal`, and never any survey data.
 */
export interface PublicSurvey {
  name: string;
  sub_title?: string;
  intro_text?: string;
  end_text?: string;
  campus: string;
  /** The course (`CS3101 Data Structures`) of a course-exit survey. */
  course?: string;
  academic_year: string;
  closes_on: string;
  anonymous: boolean;
  scale: ScalePoint[];
  /** Only what a respondent needs: id, text, kind, and the outcome's code (no record ids). */
  questions: Pick<SurveyQuestion, 'id' | 'text' | 'kind' | 'outcome_code'>[];
}

/**
 * Why a link shows no survey: `invalid` (404: no such link, or its survey was deleted), `used` (409: this invitee
 * has answered), `expired` (410: the link is past its date), `closed` (410: the survey is closed or not open yet;
 * `opens_on` says when), `busy` (429: throttled; try again).
 */
export const PUBLIC_SURVEY_REFUSALS = ['invalid', 'used', 'expired', 'closed', 'busy', 'audience'] as const;
/** One of `PUBLIC_SURVEY_REFUSALS` (the list above says what each means). */
export type PublicSurveyRefusal = (typeof PUBLIC_SURVEY_REFUSALS)[number];

/** The `errors` of a refused public request: the usual detail plus `reason`. */
export interface PublicSurveyError {
  detail: string;
  reason: PublicSurveyRefusal;
  opens_on?: string;
}

/**
 * `POST /api/public/survey/{token}` body: per question id, the index of the chosen scale point (0 = the lowest) for a
 * rating question, or the text of a free-text one. Every rating question must be answered; free text may be left out.
 * Answers 201 `{ message, data: { end_text } }`; 400 with `errors.fields[<question id>]` for a missing or impossible
 * answer; the refusals of `PublicSurveyRefusal` otherwise. A second answer through any link of the same invitee is 409.
 */
export interface SurveyAnswerBody {
  answers: Record<string, number | string>;
}

/** What a saved answer gives back: the survey's closing text, when it has one. */
export interface SurveyAnswered {
  end_text?: string;
}

// ---------- hosting ----------

/** One person invited to a survey. */
export interface SurveyInvitee {
  id: string;
  name: string;
  email: string;
  /** Where they came from: the curriculum's students, or a stakeholder group. */
  source: 'Students' | 'Stakeholder';
  group?: string;
  invited_at: string;
  /** Reminders sent so far, and the last one. */
  reminders: number;
  reminded_at?: string;
  /** Delivery of the latest invitation or reminder, from the mail's receipts (`RecipientStatus`). */
  mail_status?: string;
  /** The mail it went in (`/api/send-mail/{id}`). */
  mail?: string;
  responded: boolean;
  /** When they answered; absent for an anonymous survey (only that they did is kept). */
  responded_at?: string;
  /** They answered signed in to their student account (no mailed link); absent otherwise. */
  signed_in?: boolean;
}

/** Offline (paper) results of a survey: people surveyed on paper, and per rating question the count at each point. */
export interface OfflineResults {
  /** People handed the paper form (the response rate's base for paper answers). */
  surveyed: number;
  /** Question id -> count per scale point (lowest first); every rating question, as many counts as scale points. */
  counts: Record<string, number[]>;
  version: number;
  updated_by?: string;
  updated_at?: string;
}

/** `PUT /api/survey-host/{survey}/offline` body: the counts and the `version` read (0 the first time; stale: 409). */
export type OfflineResultsBody = Pick<OfflineResults, 'surveyed' | 'counts' | 'version'>;

/**
 * `GET /api/survey-host/{survey}`: the survey, its form, its status, who was invited and how far answers have come.
 * `students_available` / `stakeholders_available`: how many could still be invited (with an e-mail, not yet invited).
 */
export interface SurveyHostView {
  survey: {
    id: string;
    name: string;
    survey_for: SurveyFor;
    type: SurveyType;
    academic_year: string;
    start_date: string;
    end_date: string;
    anonymous: boolean;
    course?: string;
    program: string;
    curriculum: string;
  };
  status: SurveyStatus;
  form: SurveyForm;
  /** Every invitee with their delivery and answer; empty for an anonymous survey (counts only). */
  invitees: SurveyInvitee[];
  /** People invited by mail (a student who answered signed in without a mailed link is not counted). */
  invited: number;
  responded: number;
  /** Of `responded`, those who answered signed in to their student account. */
  responded_signed_in: number;
  /**
   * The people the survey is for: a course-exit survey's course students of its year (`surveyPopulation`'s rule),
   * else those invited; never fewer than those who answered.
   */
  population: number;
  /** Online responses / `population`, percent (null while it is nobody). */
  response_rate: number | null;
  students_available: number;
  stakeholders_available: Record<string, number>;
  offline: OfflineResults | null;
}

/**
 * `POST /api/survey-host/{survey}/invite` body: who to invite (each address once; those already invited are left
 * out): the students of the survey's curriculum (for a CO survey, the course's curriculum) and/or stakeholders of the
 * curriculum by group and/or by id. `subject` and `message` (sanitised HTML) are the mail's; the message must hold
 * `PERSONAL_LINK` where each invitee's link goes (added at the end when missing).
 */
export interface SurveyInviteBody {
  students?: boolean;
  groups?: string[];
  stakeholders?: string[];
  subject?: string;
  message?: string;
}

/**
 * Answer of `invite` and `remind` (201): how many were mailed, the mail that carries them (its receipts in Send Mail),
 * and the people left out with why (no e-mail, already invited, on the suppression list).
 */
export interface SurveyMailResult {
  mailed: number;
  mail: string | null;
  skipped: { name: string; email?: string; reason: string }[];
}

// ---------- results ----------

/** One rating question's answers: counts per scale point (online, offline, both) and what they come to. */
export interface QuestionResult {
  question: SurveyQuestion;
  /** Count per scale point, lowest first: online answers, paper counts, and their sum. */
  online: number[];
  offline: number[];
  counts: number[];
  respondents: number;
  /** sum(count_k x weight_k) / (respondents x max weight) x 100 (`surveyPercent`), null with no respondents. */
  percent: number | null;
  /** Level 0-3 by the method's indirect bands, null with no respondents. */
  level: number | null;
}

/** A CO whose direct and indirect levels differ by 1 or more, for review. */
export interface CoReviewFlag {
  co: string;
  code: string;
  direct: number;
  indirect: number;
  difference: number;
}

/**
 * `GET /api/survey-results/{survey}`: the survey report. `margin_of_error`: the 95 % margin of a proportion at the
 * worst case p = 0.5 with the finite-population correction, percentage points (`marginOfError`), null when nobody (or
 * everybody) answered. `free_text`: per free-text question, the answers (newest first, at most 500).
 */
export interface SurveyReportView {
  survey: SurveyHostView['survey'];
  status: SurveyStatus;
  scale: ScalePoint[];
  invited: number;
  surveyed_offline: number;
  responded_online: number;
  responded_offline: number;
  response_rate: number | null;
  margin_of_error: number | null;
  questions: QuestionResult[];
  free_text: { question: SurveyQuestion; answers: string[] }[];
  /** For a CO survey: per CO, the survey percent and level, and the direct level of the same course and year. */
  outcomes: OutcomeSurveyResult[];
  flags: CoReviewFlag[];
  /** Why the attainment does not use this survey, when it does not (fewer responses than the method's minimum). */
  notes: string[];
}

/** One outcome (CO, PO, PSO or PEO) as a survey assessed it. */
export interface OutcomeSurveyResult {
  outcome: string;
  code: string;
  percent: number | null;
  /** Indirect level by the method; null when the survey is too small to give one (`note` says why). */
  level: number | null;
  respondents: number;
  /** People the survey was for, its 95 % margin of error (percentage points) and the respondents a level needs. */
  population: number;
  margin_of_error: number | null;
  needed: number;
  note?: string;
  /** The direct level of the same outcome and year (CO: the course's; PO/PSO: the program's), when there is one. */
  direct?: number | null;
  survey?: string;
  survey_name?: string;
}

/** One survey as the dashboard lists it. */
export interface SurveySummary {
  id: string;
  name: string;
  survey_for: SurveyFor;
  academic_year: string;
  department?: string;
  program: string;
  course?: string;
  status: SurveyStatus;
  invited: number;
  responded: number;
  response_rate: number | null;
}

/**
 * `GET /api/survey-results/dashboard?year=<2025-26>&department=<id>`: the surveys of that academic year (default the
 * newest with surveys) and department (default all), their response rates, and the survey level of every outcome
 * they assess. `years`: every academic year with a survey plus the spec's 2019-20 .. 2023-24, newest first.
 */
export interface SurveyDashboardView {
  year: string;
  /** Why that year: asked for, or the newest with surveys not after the campus's CAY (`defaultResultsYear`). */
  year_choice: YearChoice;
  years: string[];
  surveys: SurveySummary[];
  outcomes: OutcomeSurveyResult[];
}
