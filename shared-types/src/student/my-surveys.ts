import * as z from 'zod/mini';
import { defineRoute, item, items } from '../api/contract.js';
import type { PublicSurvey } from '../survey/survey-api.js';

/** Where a signed-in student finds the course-exit surveys they may answer. */
export const MY_SURVEYS_PATH = '/api/me/surveys';

/**
 * One open course-exit survey a signed-in student may answer: a `Students` survey of a course they sit in the survey's
 * academic year (an occasion of the course that year in their curriculum and section).
 */
export interface MySurvey {
  id: string;
  name: string;
  course: { id: string; code: string; title: string };
  academic_year: string;
  /** ISO date: the last day answers are taken. */
  closes_on: string;
  anonymous: boolean;
  /** Whether the student has answered it (signed in or through a mailed link). */
  answered: boolean;
  /**
   * Whether answering again replaces their answer: true when they answered signed in, false when they answered
   * through a mailed link (that answer cannot be found again, so it stands).
   */
  replaceable: boolean;
}

/**
 * One survey as the signed-in student answers it: what the public page shows (`PublicSurvey`), whether they have
 * answered, and their own answers to change, given only when the survey is not anonymous (an anonymous survey's
 * answers are never returned beside a person, the respondent included).
 */
export interface MySurveyForm extends PublicSurvey {
  id: string;
  answered: boolean;
  replaceable: boolean;
  /** Question id -> their answer (scale point index, or text); absent for an anonymous survey or before answering. */
  answers?: Record<string, number | string>;
}

/** What a signed-in answer did: the survey's closing message, and whether it replaced an earlier answer. */
export interface MySurveyAnswered {
  end_text?: string;
  replaced: boolean;
}

const STUDENTS_ONLY = 'These pages are for students';

/**
 * `GET /api/me/surveys` (students): the open course-exit surveys of the signed-in student's courses, answered or not,
 * closing soonest first.
 */
export const mySurveysRoute = defineRoute({
  method: 'GET',
  path: MY_SURVEYS_PATH,
  domain: 'student',
  summary: 'The open course-exit surveys the signed-in student may answer',
  roles: ['student'],
  forbidden: STUDENTS_ONLY,
  answer: items('MySurvey'),
  errors: [401, 403, 404],
});

/**
 * `GET /api/me/surveys/{survey}` (students): one of those surveys to answer (`MySurveyForm`). 404 for a survey that is
 * not one of the student's (another course's, another campus's, a staff survey); 410 when it is closed or not open yet.
 */
export const mySurveyRoute = defineRoute({
  method: 'GET',
  path: `${MY_SURVEYS_PATH}/{survey}`,
  domain: 'student',
  summary: 'A course-exit survey for the signed-in student to answer',
  roles: ['student'],
  forbidden: STUDENTS_ONLY,
  answer: item('MySurveyForm'),
  errors: [401, 403, 404, 410],
});

/**
 * `PUT /api/me/surveys/{survey}` `SurveyAnswerBody` (students): stores the signed-in student's answers; answering again
 * while the survey is open replaces them. 400 with `errors.fields[<question id>]` as the public answer; 409 when they
 * answered through a mailed link; 404/410 as `mySurveyRoute`.
 */
export const answerMySurveyRoute = defineRoute({
  method: 'PUT',
  path: `${MY_SURVEYS_PATH}/{survey}`,
  domain: 'student',
  summary: 'Answer a course-exit survey signed in; a second answer replaces the first until it closes',
  description:
    '`answers`: per question id, the index of the chosen scale point (0 = the lowest) of a rating question, or the text ' +
    'of a free-text one; every rating question must be answered.',
  roles: ['student'],
  forbidden: STUDENTS_ONLY,
  body: z.object(
    { answers: z.optional(z.nullable(z.record(z.string(), z.unknown(), { error: 'Must be an object' }))) },
    { error: 'Must be an object' },
  ),
  invalid: 'Send the answers as { "answers": { ... } }',
  answer: item('MySurveyAnswered'),
  errors: [400, 401, 403, 404, 409, 410],
});

/** Every route of the student's surveys. */
export const MY_SURVEY_ROUTES = [mySurveysRoute, mySurveyRoute, answerMySurveyRoute] as const;
