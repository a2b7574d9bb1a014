import {
  type CampusScope,
  MAX_FREE_TEXT,
  type PublicSurvey,
  type PublicSurveyRefusal,
  type SurveyForm,
  type SurveyQuestion,
  courseCurriculum,
  formatDate,
  organization,
  survey as surveyEntity,
  inSurveyAudience,
  isPlainObject,
  objectOrEmpty,
} from '@attain/shared-types';
import { SURVEYS_SK, setStamp, stampSk } from '../course-inputs/index.js';
import { type CampusRegistration, campusRegistration } from '../../platform/store/campus-registry.js';
import { noteCampusChange } from '../../platform/store/campus-changes.js';
import { HttpError } from '../../platform/lib/errors.js';
import { isLinkToken, tokenHash } from '../../platform/lib/link-token.js';
import { getDocument } from '../../platform/store/documents.js';
import { findRecord } from '../../platform/store/records.js';
import { type Answers, type InviteeItem, type LinkItem, getInvitee, getLink, recordAnswer } from './survey-store.js';
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

export type SurveyRecord = NonNullable<Awaited<ReturnType<typeof findRecord<typeof surveyEntity>>>>;

/** The form an answer is checked against: its scale and its questions' ids and kinds. */
export interface AnswerForm {
  scale: readonly unknown[];
  questions: readonly Pick<SurveyQuestion, 'id' | 'kind'>[];
}

/** What a link leads to, read: the campus scope, the link, its survey and form, and the campus's registration. */
interface Reached<F extends AnswerForm> {
  scope: CampusScope;
  link: LinkItem;
  survey: SurveyRecord;
  form: F;
  campus: CampusRegistration | undefined;
}

/** Most forms an instance keeps for checking answers (`answerForm`; one of 60 questions is a few KB). */
const ANSWER_FORMS_KEPT = 200;
const answerForms = new Map<string, AnswerForm>();

/** Keeps what `answerForm` needs of a survey's form, forgetting the oldest kept beyond `ANSWER_FORMS_KEPT`. */
function keepAnswerForm(campus: string, survey: string, form: SurveyForm): AnswerForm {
  const kept: AnswerForm = { scale: form.scale, questions: form.questions.map((q) => ({ id: q.id, kind: q.kind })) };
  const key = `${campus}/${survey}`;
  answerForms.delete(key);
  if (answerForms.size >= ANSWER_FORMS_KEPT) answerForms.delete(answerForms.keys().next().value as string);
  answerForms.set(key, kept);
  return kept;
}

/**
 * A survey's form as answers are checked against it, kept per instance once read (by the page or an answer): question
 * ids, kinds and the scale cannot change once anyone is invited, and a link exists only then (the survey refuses a new
 * template, kind, course or program once anyone is invited; the PO move renames only questions' outcomes, which answers
 * do not use; a deleted survey is refused by its record, read on every answer). One GetItem when not kept.
 * @returns undefined when the survey has no form
 */
async function answerForm(scope: CampusScope, survey: string): Promise<AnswerForm | undefined> {
  const kept = answerForms.get(`${scope.campus}/${survey}`);
  if (kept) return kept;
  const doc = await getDocument(scope, 'survey-form', survey);
  return doc ? keepAnswerForm(scope.campus, survey, doc) : undefined;
}

/**
 * Reads what a link token leads to: the link (one GetItem), then at once its survey (one GetItem), its form (`form`),
 * the campus's registration (cached 30 s per instance) and, when `withInvitee`, the invitee (one GetItem).
 * @throws SurveyRefusal `invalid` for a token that is malformed or unknown, or whose survey or form is gone
 */
async function reach<F extends AnswerForm>(
  token: string,
  form: (scope: CampusScope, survey: string) => Promise<F | undefined>,
  withInvitee: boolean,
): Promise<Reached<F> & { invitee?: InviteeItem }> {
  if (!isLinkToken(token)) throw INVALID();
  const link = await getLink(tokenHash(token));
  if (!link) throw INVALID();
  const scope: CampusScope = { campus: link.campus, actor: 'survey link', access: 'read-write' };
  const [survey, formDoc, campus, invitee] = await Promise.all([
    findRecord(scope, surveyEntity, link.survey),
    form(scope, link.survey),
    campusRegistration(link.campus),
    withInvitee ? getInvitee(link.campus, link.survey, link.invitee) : undefined,
  ]);
  if (!survey || !formDoc) throw INVALID();
  return { scope, link, survey, form: formDoc, campus, invitee };
}

/**
 * Why the link's invitee may not answer, if so: there is none (`invalid`), they answered already (`used`), or they are
 * not of the survey's audience (`audience`: someone invited from outside it, before invitations kept to it, would be
 * counted with it).
 */
function inviteeRefusal(
  s: Pick<SurveyRecord, 'type'>,
  invitee: Pick<InviteeItem, 'responded' | 'source' | 'group'> | undefined,
): SurveyRefusal | undefined {
  if (!invitee) return INVALID();
  if (invitee.responded) return USED();
  if (!inSurveyAudience(s.type, invitee))
    return new SurveyRefusal(
      403,
      'audience',
      `This survey asks ${s.type === 'Students' ? 'students' : s.type} only. Thank you for your interest.`,
    );
  return undefined;
}

/**
 * Why the link cannot be used today, if so: it is past its date (`expired`); its survey closed or its campus is
 * disabled (`closed`, word for word as a closed survey: nothing tells a respondent more); its survey is not open yet
 * (`closed`, with the day it opens).
 */
function dateRefusal(r: Reached<AnswerForm>): SurveyRefusal | undefined {
  const s = r.survey;
  if (r.link.expires < Date.now())
    return new SurveyRefusal(410, 'expired', 'This survey link has expired. Ask the college for a new one if the survey is still open.');
  const status = surveyStatus(s);
  if (status === 'Closed' || r.campus?.status === 'Disabled')
    return new SurveyRefusal(410, 'closed', `This survey closed on ${formatDate(s.end_date, 'en-IN')}. Thank you for your interest.`);
  if (status === 'Scheduled')
    return new SurveyRefusal(
      410,
      'closed',
      `This survey opens on ${formatDate(s.start_date, 'en-IN')}. Please come back then.`,
      s.start_date,
    );
  return undefined;
}

/**
 * Follows a link token to its survey for its page, refusing (never with survey data), in this order, a token that is
 * malformed or unknown or whose survey is gone (`invalid`), one whose invitee has answered (`used`) or is not of the
 * survey's audience (`audience`), then the date refusals (`dateRefusal`: `expired`, `closed`). Reads: the link, then
 * at once the survey, its form, the invitee and the campus's registration (5 GetItems; the registration cached 30 s per
 * instance). The form is kept for the answers to come (`answerForm`).
 */
async function follow(token: string): Promise<Reached<SurveyForm>> {
  const reached = await reach(
    token,
    async (scope, survey) => {
      const doc = await getDocument(scope, 'survey-form', survey);
      if (doc) keepAnswerForm(scope.campus, survey, doc);
      return doc ? { scale: doc.scale, questions: doc.questions } : undefined;
    },
    true,
  );
  const refused = inviteeRefusal(reached.survey, reached.invitee) ?? dateRefusal(reached);
  if (refused) throw refused;
  return reached;
}

/**
 * A survey as its respondent's page shows it (`PublicSurvey`: no ids but the questions'), read with the campus's name
 * and, for a course-exit survey, its course (2 GetItems at once).
 */
export async function respondentView(
  scope: CampusScope,
  s: SurveyRecord,
  form: Pick<SurveyForm, 'scale' | 'questions'>,
): Promise<PublicSurvey> {
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
    // A course whose title is its code is named once.
    ...(course ? { course: [...new Set([course.code, course.title].filter(Boolean))].join(' ') } : {}),
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
 * `GET /api/public/survey/{token}`: what the respondent's page shows (`respondentView`).
 * @throws SurveyRefusal as `follow` says
 */
export async function publicSurvey(token: string): Promise<PublicSurvey> {
  const { scope, survey: s, form } = await follow(token);
  return respondentView(scope, s, form);
}

/**
 * Checks a respondent's answers against the form: every rating question answered with a point of the scale (an
 * integer index), free text a string of at most `MAX_FREE_TEXT` characters (blank ones dropped), no other keys.
 * @returns the answers to store
 * @throws HttpError 400 with `fields[<question id>]` (`Required`, `Not one of the allowed choices`, `Too Long!`,
 *   `Not a question of this survey`)
 */
export function checkAnswers(form: AnswerForm, body: unknown): Answers {
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
 * Tells the readers of a survey's answers that one was stored: the survey's evidence stamp (a course-exit survey's
 * course, a PO survey's program: one UpdateItem, `setStamp`, which then stamps the campus's summaries stale), or, for a
 * survey without one (PEO), the campus's change stamp alone (`noteCampusChange`). Either way the campus is stamped once,
 * after the answer and the evidence stamp were written. 2 UpdateItems (1 for a PEO survey).
 */
export async function answerStored(scope: CampusScope, s: Pick<SurveyRecord, 'survey_for' | 'course' | 'program'>): Promise<void> {
  const sk = s.survey_for === 'PO' ? SURVEYS_SK : s.survey_for === 'CO' && s.course ? stampSk(s.course) : undefined;
  if (sk) await setStamp(scope, s.program, sk, { changed_at: new Date().toISOString() });
  else await noteCampusChange(scope.campus);
}

/**
 * `POST /api/public/survey/{token}`: stores one response for the link's invitee, refusing as the page does
 * (`follow`: `invalid`, `used`, `audience`, `expired`, `closed`, in that order), then answers that break the form (400).
 * One transaction (`recordAnswer`) marks the invitee answered, on the condition that they exist, had not answered (a
 * second answer through any of their links is 409 `used`) and are of the survey's audience, and stores the answers
 * under a random id; for an anonymous survey neither item names the other nor keeps the time (the answers keep only the
 * day). Then the survey's evidence and the campus's summaries are stamped stale (`answerStored`).
 * DynamoDB calls of an answer stored: the link and the survey (GetItems; the survey is read on every answer, since it
 * may have closed or changed its audience, and answers are taken only while it is open: a frozen year's rule), the
 * transaction and the two stamps: 5 (one more when the instance has not kept the survey's form, and one more every
 * 30 s for the campus's registration). An answer refused before the transaction (its dates, a 400) reads the invitee
 * instead, so the refusals keep their order; one the transaction's condition refuses costs the 3 calls up to it.
 * @returns the survey's closing message
 * @throws SurveyRefusal (see `follow`), HttpError 400 (answers, with `fields[<question id>]`, see `checkAnswers`)
 */
export async function answerSurvey(token: string, body: unknown): Promise<{ end_text?: string }> {
  const reached = await reach(token, answerForm, false);
  const { scope, link, survey: s } = reached;
  let answers: Answers;
  try {
    const late = dateRefusal(reached);
    if (late) throw late;
    answers = checkAnswers(reached.form, body);
  } catch (e) {
    if (!(e instanceof SurveyRefusal || e instanceof HttpError)) throw e;
    // Who the link is for comes first, as on the page: a used link is `used` whatever else is wrong with it.
    throw inviteeRefusal(s, await getInvitee(link.campus, link.survey, link.invitee)) ?? e;
  }
  const now = new Date();
  const recorded = await recordAnswer(scope, s.id, link.invitee, answers, {
    anonymous: Boolean(s.anonymous),
    at: now.toISOString(),
    day: todayInIndia(now),
    audience: s.type,
  });
  // The condition failed: the invitee is gone, answered (meanwhile, or without the invitee item saying so) or not of
  // the audience.
  if (!recorded.recorded) throw inviteeRefusal(s, recorded.invitee) ?? USED();
  await answerStored(scope, s);
  return s.end_text ? { end_text: s.end_text } : {};
}
