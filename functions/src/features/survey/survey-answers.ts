import {
  type CampusScope,
  MAX_FREE_TEXT,
  type PublicSurvey,
  type PublicSurveyRefusal,
  type SurveyForm,
  courseCurriculum,
  formatDate,
  organization,
  survey as surveyEntity,
  inSurveyAudience,
  isPlainObject,
  objectOrEmpty,
} from '@attain/shared-types';
import { surveyEvidenceChanged } from '../course-inputs/index.js';
import { campusRegistration } from '../../platform/store/campus-registry.js';
import { HttpError } from '../../platform/lib/errors.js';
import { isLinkToken, tokenHash } from '../../platform/lib/link-token.js';
import { getDocument } from '../../platform/store/documents.js';
import { findRecord } from '../../platform/store/records.js';
import { type Answers, type LinkItem, getInvitee, getLink, recordAnswer } from './survey-store.js';
import { todayInIndia } from '@attain/shared-types';
import { surveyStatus } from './survey-status.js';

/** A public request refused: the HTTP status, a sentence, and the reason the page shows (`PublicSurveyRefusal`). */
export class SurveyRefusal extends Error {
  constructor(
    readonly status: 403 | 404 | 409 | 410 | 429,
    readonly reason: PublicSurveyRefusal,
    readonly detail: string,
    readonly opensOn?: string,
  ) {
    super(detail);
  }
}

const INVALID = () =>
  new SurveyRefusal(
    404,
    'invalid',
    'This survey link is not valid. Check that the whole link was opened, or ask the college for a new one.',
  );
const USED = () => new SurveyRefusal(409, 'used', 'This survey has already been answered through your link. Thank you.');

/** Everything a link leads to, read and checked: the campus scope, survey, its form and the invitee's id. */
interface LinkTarget {
  scope: CampusScope;
  link: LinkItem;
  survey: NonNullable<Awaited<ReturnType<typeof findRecord<typeof surveyEntity>>>>;
  form: SurveyForm;
}

/**
 * Follows a link token to its survey, refusing (never with survey data) a token that is malformed or unknown, whose
 * survey is gone (`invalid`), past its date (`expired`), of a survey not open today or of a disabled campus (`closed`,
 * word for word as a closed survey), or whose invitee has answered (`used`). Reads: the link, the survey, its form,
 * the invitee and the campus's registration (5 GetItems; the registration cached 30 s per instance).
 */
async function follow(token: string): Promise<LinkTarget> {
  if (!isLinkToken(token)) throw INVALID();
  const link = await getLink(tokenHash(token));
  if (!link) throw INVALID();
  const scope: CampusScope = { campus: link.campus, actor: 'survey link', access: 'read-write' };
  const [survey, formDoc, invitee, campus] = await Promise.all([
    findRecord(scope, surveyEntity, link.survey),
    getDocument(scope, 'survey-form', link.survey),
    getInvitee(link.campus, link.survey, link.invitee),
    campusRegistration(link.campus),
  ]);
  if (!survey || !formDoc || !invitee) throw INVALID();
  if (invitee.responded) throw USED();
  // Someone invited from outside the survey's audience (before invitations kept to it) cannot answer: their answers
  // would be counted with the audience's.
  if (!inSurveyAudience(survey.type, invitee))
    throw new SurveyRefusal(
      403,
      'audience',
      `This survey asks ${survey.type === 'Students' ? 'students' : survey.type} only. Thank you for your interest.`,
    );
  if (link.expires < Date.now())
    throw new SurveyRefusal(410, 'expired', 'This survey link has expired. Ask the college for a new one if the survey is still open.');
  const status = surveyStatus(survey);
  // A disabled campus's links answer as a closed survey's do: nothing tells a respondent more.
  if (status === 'Closed' || campus?.status === 'Disabled')
    throw new SurveyRefusal(410, 'closed', `This survey closed on ${formatDate(survey.end_date, 'en-IN')}. Thank you for your interest.`);
  if (status === 'Scheduled')
    throw new SurveyRefusal(
      410,
      'closed',
      `This survey opens on ${formatDate(survey.start_date, 'en-IN')}. Please come back then.`,
      survey.start_date,
    );
  return { scope, link, survey, form: { scale: formDoc.scale, questions: formDoc.questions } satisfies SurveyForm };
}

/**
 * `GET /api/public/survey/{token}`: what the respondent's page shows (no ids but the questions').
 * @throws SurveyRefusal as `follow` says
 */
export async function publicSurvey(token: string): Promise<PublicSurvey> {
  const { scope, survey: s, form } = await follow(token);
  const [org, course] = await Promise.all([
    findRecord(scope, organization, scope.campus),
    s.course ? findRecord(scope, courseCurriculum, s.course) : Promise.resolve(undefined),
  ]);
  return {
    name: s.name,
    ...(s.sub_title ? { sub_title: s.sub_title } : {}),
    ...(s.intro_text ? { intro_text: s.intro_text } : {}),
    ...(s.end_text ? { end_text: s.end_text } : {}),
    campus: org?.name ?? '',
    ...(course ? { course: [course.code, course.title].filter(Boolean).join(' ') } : {}),
    academic_year: s.academic_year,
    closes_on: s.end_date,
    anonymous: Boolean(s.anonymous),
    scale: form.scale,
    questions: form.questions.map((q) => ({
      id: q.id,
      text: q.text,
      kind: q.kind,
      ...(q.outcome_code ? { outcome_code: q.outcome_code } : {}),
    })),
  };
}

/**
 * Checks a respondent's answers against the form: every rating question answered with a point of the scale (an
 * integer index), free text a string of at most `MAX_FREE_TEXT` characters (blank ones dropped), no other keys.
 * @returns the answers to store
 * @throws HttpError 400 with `fields[<question id>]` (`Required`, `Not one of the allowed choices`, `Too Long!`,
 *   `Not a question of this survey`)
 */
export function checkAnswers(form: SurveyForm, body: unknown): Answers {
  const given = objectOrEmpty(body).answers ?? {};
  if (!isPlainObject(given)) throw new HttpError(400, 'Send the answers as { "answers": { ... } }', { answers: 'Must be an object' });
  const fields: Record<string, string> = {};
  const out: Answers = {};
  const ids = new Set(form.questions.map((q) => q.id));
  for (const k of Object.keys(given)) if (!ids.has(k)) fields[k.slice(0, 40)] = 'Not a question of this survey';
  for (const q of form.questions) {
    const v = given[q.id];
    if (q.kind === 'Rating') {
      if (v === undefined || v === null || v === '') fields[q.id] = 'Required';
      else if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= form.scale.length)
        fields[q.id] = 'Not one of the allowed choices';
      else out[q.id] = v;
    } else if (v !== undefined && v !== null) {
      if (typeof v !== 'string') fields[q.id] = 'Must be text';
      else if (v.length > MAX_FREE_TEXT) fields[q.id] = 'Too Long!';
      else if (v.trim()) out[q.id] = v.trim();
    }
  }
  if (Object.keys(fields).length) {
    const first = Object.keys(fields)[0];
    throw new HttpError(400, fields[first] === 'Required' ? 'Answer every rated question' : `${first}: ${fields[first]}`, fields);
  }
  return out;
}

/**
 * `POST /api/public/survey/{token}`: stores one response for the link's invitee. One transaction: the invitee is
 * marked answered (only if not already: a second answer through any of their links is 409 `used`) and the answers
 * are stored under a random id; for an anonymous survey neither item names the other nor keeps the time (the answers
 * keep only the day). The survey's evidence is then marked changed (`surveyEvidenceChanged`).
 * @returns the survey's closing message
 * @throws SurveyRefusal (see `follow`), HttpError 400 (answers)
 */
export async function answerSurvey(token: string, body: unknown): Promise<{ end_text?: string }> {
  const { scope, link, survey: s, form } = await follow(token);
  const answers = checkAnswers(form, body);
  const anonymous = Boolean(s.anonymous);
  const now = new Date();
  const recorded = await recordAnswer(scope, s.id, link.invitee, answers, { anonymous, at: now.toISOString(), day: todayInIndia(now) });
  if (recorded === 'used') throw USED();
  await surveyEvidenceChanged(scope, s);
  return s.end_text ? { end_text: s.end_text } : {};
}
