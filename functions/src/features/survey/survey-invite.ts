import {
  type CampusScope,
  PERSONAL_LINK,
  PUBLIC_SURVEY_PAGE,
  type RecordOf,
  SURVEY_LINK_DAYS,
  type SurveyInviteBody,
  type SurveyMailResult,
  formatDate,
  organization,
  stakeholder,
  student,
  survey as surveyEntity,
  inSurveyAudience,
  type AuditChange,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { v7 as uuidv7 } from 'uuid';
import { appendAudit } from '../../platform/store/audit-store.js';
import { escapeHtml } from '../../platform/lib/escape-html.js';
import { HttpError } from '../../platform/lib/errors.js';
import { newLinkToken, tokenHash } from '../../platform/lib/link-token.js';
import { type MailSender, queueMail } from '../mail/index.js';
import { suppressedAddresses } from '../mail/index.js';
import { listAll } from '../../platform/store/list-all.js';
import { assertWritable, findRecord, getRecord } from '../../platform/store/records.js';
import { type InviteeItem, addInvitee, putLinks, readInvitees, remindInvitee } from './survey-store.js';
import { surveyEvidenceChanged } from '../course-inputs/index.js';
import { surveyStatus } from './survey-status.js';
import { courseYearRoster } from '../marks/index.js';

type Survey = RecordOf<typeof surveyEntity>;

/** Writes in flight at once while recording invitees. */
const WRITES_IN_FLIGHT = 16;

/** Someone who may be invited: an invitee id (`student#<id>` / `stakeholder#<id>`), name, address and where from. */
interface Candidate {
  id: string;
  name: string;
  email?: string;
  source: InviteeItem['source'];
  group?: string;
}

/**
 * The survey's students and its stakeholders, as invitation candidates: for a course-exit survey the course's students
 * of its year (`courseYearRoster`: its population; the curriculum's while the course has no occasion that year), else
 * the students of its curriculum.
 */
export async function candidatesOf(scope: CampusScope, s: Survey): Promise<{ students: Candidate[]; stakeholders: Candidate[] }> {
  const [students, people, course] = await Promise.all([
    listAll(scope, student, { curriculum: s.curriculum }),
    listAll(scope, stakeholder, { curriculum: s.curriculum }),
    s.survey_for === 'CO' && s.course ? courseYearRoster(scope, s.course, s.academic_year) : undefined,
  ]);
  return {
    // A course with no occasion that year yet has no roster of its own: its curriculum's students, as its tally counts.
    students: students
      .filter((x) => !course?.size || course.has(x.id))
      .map((x) => ({ id: `student#${x.id}`, name: x.name, email: x.email ?? undefined, source: 'Students' })),
    stakeholders: people.map((x) => ({
      id: `stakeholder#${x.id}`,
      name: [x.first_name, x.last_name].filter(Boolean).join(' ') || (x.email ?? ''),
      email: x.email ?? undefined,
      source: 'Stakeholder',
      group: x.group,
    })),
  };
}

/** The mail a survey's links go out in: the caller's subject and message, or ours; the message holds `PERSONAL_LINK`. */
async function invitationMail(scope: CampusScope, s: Survey, reminder: boolean, subject?: string, message?: string) {
  const campus = (await findRecord(scope, organization, scope.campus))?.name ?? 'your college';
  const body =
    message?.trim() ||
    [
      `<p>Dear participant,</p>`,
      `<p>${reminder ? 'A reminder: ' : ''}${escapeHtml(campus)} asks for your views in the survey <strong>${escapeHtml(s.name)}</strong>` +
        ` (${escapeHtml(s.academic_year)}). It takes a few minutes and works on a phone.</p>`,
      `<p>Your own link: ${PERSONAL_LINK}</p>`,
      `<p>The link is yours alone and takes one response. The survey closes on ${formatDate(s.end_date, 'en-IN')}.</p>`,
    ].join('');
  return {
    subject: subject?.trim() || `${reminder ? 'Reminder: ' : ''}${s.name}`,
    email_body: body.includes(PERSONAL_LINK) ? body : `${body}<p>${PERSONAL_LINK}</p>`,
  };
}

/**
 * Mails each person their own link in one mail (through Send Mail's path, so every link has a delivery receipt):
 * a new token per person, its link item (hash only) written before the mail is queued, so no link is mailed that does
 * not work. `record` stores the invitee's side (a new invitee, or a reminder on an existing one) and says whether
 * to mail them (false: they answered meanwhile).
 */
async function mailLinks(
  scope: CampusScope,
  sender: MailSender,
  s: Survey,
  people: readonly Candidate[],
  site: string,
  mailText: { subject: string; email_body: string },
  record: (p: Candidate, mail: string) => Promise<boolean>,
): Promise<SurveyMailResult> {
  const mail = uuidv7();
  const expires = Date.now() + SURVEY_LINK_DAYS * 24 * 3600 * 1000;
  const links = new Map<string, string>();
  const linkWrites: { hash: string; invitee: string }[] = [];
  const mailed: Candidate[] = [];
  const limit = pLimit(WRITES_IN_FLIGHT);
  const kept = await Promise.all(people.map((p) => limit(() => record(p, mail))));
  for (const [i, p] of people.entries()) {
    if (!kept[i]) continue;
    const token = newLinkToken();
    links.set((p.email ?? '').toLowerCase(), `${site}${PUBLIC_SURVEY_PAGE}/${token}`);
    linkWrites.push({ hash: tokenHash(token), invitee: p.id });
    mailed.push(p);
  }
  await putLinks(scope, s.id, linkWrites, expires);
  if (!mailed.length) return { mailed: 0, mail: null, skipped: [] };
  await queueMail(scope, sender, {
    id: mail,
    to: mailed.map((p) => (p.email ?? '').toLowerCase()),
    ...mailText,
    links,
    purpose: 'survey',
    // Who an anonymous survey's reminder goes to is who has not answered: nobody may read that list.
    hideRecipients: Boolean(s.anonymous),
  });
  return { mailed: mailed.length, mail, skipped: [] };
}

/**
 * The audit entry of a survey's invitations or reminders, on the survey: a count, never who (an anonymous survey's
 * reminders would otherwise name who has not answered).
 */
async function auditSurveyMail(scope: CampusScope, s: Survey, change: AuditChange): Promise<void> {
  await appendAudit(scope, { action: 'replace', entity: 'survey', record_id: s.id, record_label: s.name, changes: [change] });
}

/** Refuses hosting work on a closed survey. @throws HttpError 409 */
function assertNotClosed(s: Survey) {
  if (surveyStatus(s) === 'Closed')
    throw new HttpError(409, `"${s.name}" closed on ${formatDate(s.end_date, 'en-IN')}; change its closing day to invite or remind anyone`);
}

/**
 * Invites people to a survey: its students (`candidatesOf`) and/or stakeholders by group or id,
 * each address once; people already invited, without an e-mail or on the campus's suppression list are skipped with
 * the reason (an anonymous survey's already invited are counted, not named: they include who answered signed in).
 * Each gets their own link (`<site>/s/<token>`) in one mail through Send Mail.
 * @param site where people open Attain (the request's Origin)
 * @throws HttpError 404 (no such survey in this campus), 409 (closed), 400 (nobody chosen)
 */
export async function inviteToSurvey(
  scope: CampusScope,
  sender: MailSender,
  surveyId: string,
  body: SurveyInviteBody,
  site: string,
): Promise<SurveyMailResult> {
  assertWritable(scope);
  const s = await getRecord(scope, surveyEntity, surveyId);
  assertNotClosed(s);
  if (!body.students && !body.groups?.length && !body.stakeholders?.length)
    throw new HttpError(400, 'Choose whom to invite: the students, a stakeholder group or stakeholders', { students: 'Required' });
  const [{ students, stakeholders }, invited, suppressed] = await Promise.all([
    candidatesOf(scope, s),
    readInvitees(scope, s.id),
    suppressedAddresses(scope),
  ]);
  // Only the survey's audience ("Answered by") is invited: students, or the one stakeholder group it asks.
  const outside: Record<string, string> = {};
  if (body.students && s.type !== 'Students') outside.students = `This survey is answered by ${s.type}, not students`;
  const strayGroups = (body.groups ?? []).filter((g) => !inSurveyAudience(s.type, { group: g }));
  if (strayGroups.length) outside.groups = `This survey is answered by ${s.type === 'Students' ? 'students' : s.type} only`;
  if (Object.keys(outside).length) throw new HttpError(400, "Invite only the survey's audience", outside);
  const ids = new Set(body.stakeholders ?? []);
  const groups = new Set(body.groups ?? []);
  const chosen = [
    ...(body.students ? students : []),
    ...stakeholders.filter((p) => groups.has(p.group ?? '') || ids.has(p.id.slice('stakeholder#'.length))),
  ];
  const takenIds = new Set(invited.map((i) => i.id));
  const takenAddresses = new Set(invited.map((i) => i.email.toLowerCase()));
  const blocked = new Set(suppressed.map((x) => x.address));
  const skipped: SurveyMailResult['skipped'] = [];
  const people: Candidate[] = [];
  for (const p of chosen) {
    const address = p.email?.trim().toLowerCase();
    const reason = !inSurveyAudience(s.type, p)
      ? `Not in this survey's audience (${s.type === 'Students' ? 'students' : s.type})`
      : !address
        ? 'No e-mail address'
        : takenIds.has(p.id) || takenAddresses.has(address)
          ? 'Already invited'
          : blocked.has(address)
            ? "On the campus's suppression list (bounced or complained)"
            : undefined;
    // Without an address there is always a reason (the audience's, else 'No e-mail address').
    if (reason || !address) skipped.push({ name: p.name, ...(address ? { email: address } : {}), reason: reason ?? 'No e-mail address' });
    else {
      takenAddresses.add(address);
      people.push({ ...p, email: address });
    }
  }
  // An anonymous survey's invitees include those who answered signed in: counted, never named.
  const already = skipped.filter((x) => x.reason === 'Already invited');
  if (s.anonymous && already.length)
    skipped.splice(0, skipped.length, ...skipped.filter((x) => x.reason !== 'Already invited'), {
      name: `${already.length} ${already.length === 1 ? 'person' : 'people'}`,
      reason: 'Already invited, or answered signed in',
    });
  const now = new Date().toISOString();
  const result = await mailLinks(
    scope,
    sender,
    s,
    people,
    site,
    await invitationMail(scope, s, false, body.subject, body.message),
    async (p, mail) => {
      const item: InviteeItem = {
        id: p.id,
        name: p.name,
        email: p.email ?? '',
        source: p.source,
        ...(p.group ? { group: p.group } : {}),
        invited_at: now,
        reminders: 0,
        mail,
        responded: false,
      };
      return addInvitee(scope, s.id, item); // false: invited by a request that ran alongside
    },
  );
  if (result.mailed) {
    await auditSurveyMail(scope, s, { field: 'invited', label: 'Invited', old: invited.length, new: invited.length + result.mailed });
    // More people invited: a larger population for the survey's margin of error.
    await surveyEvidenceChanged(scope, s);
  }
  return { ...result, skipped };
}

/**
 * Reminds everyone invited who has not answered (reminders only to non-respondents, also when answers are
 * anonymous): a new link each (the old one keeps working; one response per invitee either way), in one mail. Writes
 * an audit entry with the number mailed (never who). For an anonymous survey, those left out are counted, not named
 * (a name left out of a reminder is someone who has not answered).
 * @throws HttpError 404, 409 (closed)
 */
export async function remindSurvey(scope: CampusScope, sender: MailSender, surveyId: string, site: string): Promise<SurveyMailResult> {
  assertWritable(scope);
  const s = await getRecord(scope, surveyEntity, surveyId);
  assertNotClosed(s);
  const [invited, suppressed] = await Promise.all([readInvitees(scope, s.id), suppressedAddresses(scope)]);
  const blocked = new Set(suppressed.map((x) => x.address));
  const skipped: SurveyMailResult['skipped'] = [];
  const people: Candidate[] = [];
  for (const i of invited) {
    if (i.responded) continue;
    if (blocked.has(i.email.toLowerCase())) skipped.push({ name: i.name, email: i.email, reason: "On the campus's suppression list" });
    else people.push({ id: i.id, name: i.name, email: i.email.toLowerCase(), source: i.source, group: i.group });
  }
  const now = new Date().toISOString();
  if (s.anonymous && skipped.length)
    skipped.splice(0, skipped.length, { name: `${skipped.length} invitee${skipped.length === 1 ? '' : 's'}`, reason: skipped[0].reason });
  // false: answered meanwhile
  const result = await mailLinks(scope, sender, s, people, site, await invitationMail(scope, s, true), (p, mail) =>
    remindInvitee(scope, s.id, p.id, mail, now),
  );
  if (result.mailed) await auditSurveyMail(scope, s, { field: 'reminded', label: 'Reminders mailed', new: result.mailed });
  return { ...result, skipped };
}
