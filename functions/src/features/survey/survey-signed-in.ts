import {
  type CampusScope,
  type MySurvey,
  type MySurveyAnswered,
  type MySurveyForm,
  type RecordOf,
  courseCurriculum,
  curriculum,
  formatDate,
  student,
  survey as surveyEntity,
  todayInIndia,
} from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { getDocument } from '../../platform/store/documents.js';
import { findRecord, getRecord, queryByField } from '../../platform/store/records.js';
import { sitsCourse } from '../marks/index.js';
import { type SurveyRecord, answerStored, checkAnswers, respondentView } from './survey-answers.js';
import { type SignedInRespondent, getAnswerSet, getInvitee, recordSignedInAnswer } from './survey-store.js';
import { surveyStatus } from './survey-status.js';

/** A roster entry answering signed in (the `student` record the account is linked to). */
export type StudentRespondent = RecordOf<typeof student>;

/** The invitee id a roster entry answers as, the same as an invitation by mail gives them. */
const inviteeOf = (me: Pick<StudentRespondent, 'id'>) => `student#${me.id}`;

const NOT_YOURS = () => new HttpError(404, 'No such survey among your courses');

/**
 * Whether a survey is one the student answers: a course-exit survey asked of students, of their curriculum, of a course
 * they sit in its academic year (`sitsCourse`: one Query).
 */
async function isTheirs(scope: CampusScope, s: SurveyRecord, me: StudentRespondent): Promise<boolean> {
  if (s.survey_for !== 'CO' || s.type !== 'Students' || !s.course || s.curriculum !== me.curriculum) return false;
  return sitsCourse(scope, s.course, s.academic_year, me);
}

/**
 * The survey `id` when the student answers it and it is open today.
 * @throws HttpError 404 (not theirs: another course's, a staff survey, unknown), 410 (closed, or not open yet)
 */
async function theirOpenSurvey(scope: CampusScope, id: string, me: StudentRespondent): Promise<SurveyRecord> {
  const s = await findRecord(scope, surveyEntity, id);
  if (!s || !(await isTheirs(scope, s, me))) throw NOT_YOURS();
  const status = surveyStatus(s);
  if (status === 'Closed')
    throw new HttpError(410, `This survey closed on ${formatDate(s.end_date, 'en-IN')}. Thank you for your interest.`);
  if (status === 'Scheduled') throw new HttpError(410, `This survey opens on ${formatDate(s.start_date, 'en-IN')}. Please come back then.`);
  return s;
}

/** Whether the student answered, and whether answering again replaces it (they answered signed in). One GetItem. */
async function answeredState(scope: CampusScope, survey: string, me: StudentRespondent, account: string) {
  const inv = await getInvitee(scope.campus, survey, inviteeOf(me));
  const answered = Boolean(inv?.responded);
  return { answered, replaceable: !answered || (inv?.signed_in === true && inv.account === account) };
}

/**
 * `GET /api/me/surveys`: the open course-exit surveys of the student's courses (`isTheirs`), closing soonest first,
 * each with whether they answered. Reads: their curriculum, its program's surveys (one Query on the program index),
 * the occasions of each candidate course (one Query each), the courses of their curriculum (one Query) and each
 * candidate's invitee item (one GetItem each).
 */
export async function studentSurveys(scope: CampusScope, me: StudentRespondent, account: string): Promise<MySurvey[]> {
  const cur = await getRecord(scope, curriculum, me.curriculum);
  const [surveys, courses] = await Promise.all([
    queryByField(scope, surveyEntity, 'program', cur.program),
    queryByField(scope, courseCurriculum, 'curriculum', me.curriculum),
  ]);
  const open = surveys.filter((s) => surveyStatus(s) === 'Open');
  const mine = (await Promise.all(open.map(async (s) => ((await isTheirs(scope, s, me)) ? s : undefined)))).filter((s): s is SurveyRecord =>
    Boolean(s),
  );
  const byId = new Map(courses.map((c) => [c.id, c]));
  const rows = await Promise.all(
    mine.map(async (s): Promise<MySurvey> => {
      const c = byId.get(s.course ?? '');
      return {
        id: s.id,
        name: s.name,
        course: { id: s.course ?? '', code: c?.code ?? '', title: c?.title ?? '' },
        academic_year: s.academic_year,
        closes_on: s.end_date,
        anonymous: Boolean(s.anonymous),
        ...(await answeredState(scope, s.id, me, account)),
      };
    }),
  );
  return rows.sort((a, b) => a.closes_on.localeCompare(b.closes_on) || a.name.localeCompare(b.name));
}

/**
 * `GET /api/me/surveys/{survey}`: the survey as the student answers it, with their own earlier answers when the survey
 * is not anonymous (an anonymous survey's answers are never returned beside a person).
 * @param slot where their answer set is stored (`SignedInRespondent.slot`)
 * @throws HttpError 404, 410 (`theirOpenSurvey`)
 */
export async function studentSurveyForm(
  scope: CampusScope,
  me: StudentRespondent,
  id: string,
  who: Pick<SignedInRespondent, 'account' | 'slot'>,
): Promise<MySurveyForm> {
  const s = await theirOpenSurvey(scope, id, me);
  const form = await getDocument(scope, 'survey-form', s.id);
  if (!form) throw NOT_YOURS();
  const [view, state] = await Promise.all([respondentView(scope, s, form), answeredState(scope, s.id, me, who.account)]);
  const own = !s.anonymous && state.answered && state.replaceable ? await getAnswerSet(scope.campus, s.id, who.slot) : undefined;
  return { id: s.id, ...view, ...state, ...(own ? { answers: own } : {}) };
}

/**
 * `PUT /api/me/surveys/{survey}`: stores the signed-in student's answers (`recordSignedInAnswer`), replacing their
 * earlier signed-in answer, then stamps the course's survey evidence and the campus's summaries stale (`answerStored`),
 * so the course's indirect attainment and response rate are recomputed from it.
 * @throws HttpError 404, 410 (`theirOpenSurvey`), 400 (answers, `checkAnswers`), 409 (answered through a mailed link,
 *   or from another account)
 */
export async function answerStudentSurvey(
  scope: CampusScope,
  me: StudentRespondent,
  id: string,
  who: Pick<SignedInRespondent, 'account' | 'slot'>,
  body: unknown,
): Promise<MySurveyAnswered> {
  const s = await theirOpenSurvey(scope, id, me);
  const form = await getDocument(scope, 'survey-form', s.id);
  if (!form) throw NOT_YOURS();
  const answers = checkAnswers(form, body);
  const before = await answeredState(scope, s.id, me, who.account);
  if (!before.replaceable) throw new HttpError(409, 'You answered this survey through the link mailed to you; that answer stands.');
  const now = new Date();
  const recorded = await recordSignedInAnswer(
    scope,
    s.id,
    { invitee: inviteeOf(me), name: me.name, email: me.email ?? '', ...who },
    answers,
    { anonymous: Boolean(s.anonymous), at: now.toISOString(), day: todayInIndia(now) },
  );
  if (!recorded.recorded)
    throw new HttpError(
      409,
      recorded.invitee?.signed_in
        ? 'This survey was answered from another account of yours; that answer stands.'
        : 'You answered this survey through the link mailed to you; that answer stands.',
    );
  await answerStored(scope, s);
  return { ...(s.end_text ? { end_text: s.end_text } : {}), replaced: before.answered };
}
