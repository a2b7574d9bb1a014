import {
  type CampusScope,
  type RecordOf,
  type SurveyHostView,
  type SurveyInvitee,
  mailRecipientSk,
  mailRecipientsPk,
  survey as surveyEntity,
  textOf,
} from '@attain/shared-types';
import { round2 } from '../course-inputs/index.js';
import { readPartition } from '../../platform/store/partition.js';
import { getRecord } from '../../platform/store/records.js';
import { candidatesOf } from './survey-invite.js';
import { readInvitees } from './survey-store.js';
import { surveyStatus } from './survey-status.js';
import { surveyDocuments, surveyStudents } from './survey-tally.js';

type Survey = RecordOf<typeof surveyEntity>;

/** A response rate: `part` of `whole` in percent (2 decimals), null when nobody was asked. */
export const responseRate = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : null);

/** The survey as the hosting and report views show it. */
export const surveyHead = (s: Survey): SurveyHostView['survey'] => ({
  id: s.id,
  name: s.name,
  survey_for: s.survey_for,
  type: s.type,
  academic_year: s.academic_year,
  start_date: s.start_date,
  end_date: s.end_date,
  anonymous: Boolean(s.anonymous),
  ...(s.course ? { course: s.course } : {}),
  program: s.program,
  curriculum: s.curriculum,
});

/** Each invitee's delivery status, from the receipts of the mails their links went in (one Query per mail). */
async function deliveryStatus(scope: CampusScope, mails: readonly string[]): Promise<Map<string, string>> {
  const byMailAndAddress = new Map<string, string>();
  await Promise.all(
    [...new Set(mails)].map(async (mail) => {
      for (const r of await readPartition(mailRecipientsPk(scope.campus, mail)))
        if (textOf(r.SK).startsWith(mailRecipientSk(0).slice(0, 2))) byMailAndAddress.set(`${mail} ${textOf(r.address)}`, textOf(r.status));
    }),
  );
  return byMailAndAddress;
}

/**
 * `GET /api/survey-host/{survey}` (`SurveyHostView`): the survey, its form and status, every invitee with the
 * delivery status of their latest link, the response rate over the people it is for (a course-exit survey's course
 * students of its year), who else could be invited, and the paper counts.
 * An anonymous survey lists no invitee (counts only): whether someone answered shows in their row, and a reminder
 * (sent only to those who have not) in its count and date, so nobody, admins included, can tell who answered.
 * @throws HttpError 404 (no such survey in this campus)
 */
export async function surveyHostView(scope: CampusScope, surveyId: string): Promise<SurveyHostView> {
  const s = await getRecord(scope, surveyEntity, surveyId);
  const [docs, invitees, candidates, students] = await Promise.all([
    surveyDocuments(scope, s.id),
    readInvitees(scope, s.id),
    candidatesOf(scope, s),
    surveyStudents(scope, s),
  ]);
  const delivery = s.anonymous
    ? new Map<string, string>()
    : await deliveryStatus(
        scope,
        invitees.map((i) => i.mail).filter((m): m is string => Boolean(m)),
      );
  const shown: SurveyInvitee[] = s.anonymous
    ? []
    : invitees
        .map((i) => ({ ...i, ...(i.mail ? { mail_status: delivery.get(`${i.mail} ${i.email.toLowerCase()}`) ?? 'queued' } : {}) }))
        .sort((a, b) => a.name.localeCompare(b.name));
  const invitedIds = new Set(invitees.map((i) => i.id));
  const invitedAddresses = new Set(invitees.map((i) => i.email.toLowerCase()));
  const open = (c: { id: string; email?: string }) =>
    Boolean(c.email) && !invitedIds.has(c.id) && !invitedAddresses.has((c.email ?? '').toLowerCase());
  const stakeholders: Record<string, number> = {};
  for (const c of candidates.stakeholders.filter(open)) stakeholders[c.group ?? ''] = (stakeholders[c.group ?? ''] ?? 0) + 1;
  const responded = invitees.filter((i) => i.responded).length;
  // Whom it is for: a course-exit survey's course students of its year, as its report and margin of error count them.
  // Invited by mail: a student who answered signed in without a mailed link was not invited (the tally's rule).
  const invited = invitees.filter((i) => i.mail || !i.signed_in).length;
  const population = Math.max(students ?? invited, responded);
  return {
    survey: surveyHead(s),
    status: surveyStatus(s),
    form: docs?.form ?? { scale: [], questions: [] },
    invitees: shown,
    invited,
    responded,
    responded_signed_in: invitees.filter((i) => i.responded && i.signed_in).length,
    population,
    response_rate: responseRate(responded, population),
    students_available: candidates.students.filter(open).length,
    stakeholders_available: stakeholders,
    offline: docs?.offline ?? null,
  };
}
