import {
  type CampusScope,
  INVITATION_DAYS,
  MAX_MAIL_RECIPIENTS,
  PERSONAL_LINK,
  type RecordOf,
  type StudentAccountRow,
  type StudentAccountState,
  type StudentInviteResult,
  type StudentInviteSkip,
  type StudentInviteRun,
  MAX_LISTED_SKIPS,
  type UserAccess,
  type AccessAction,
  type Caller,
  accountStateOf,
  curriculum,
  formatDate,
  organization,
  profile,
  student,
} from '@attain/shared-types';
import pLimit from 'p-limit';
import { v7 as uuidv7 } from 'uuid';
import { escapeHtml } from '../../platform/lib/escape-html.js';
import { HttpError } from '../../platform/lib/errors.js';
import { newLinkToken, tokenHash } from '../../platform/lib/link-token.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { batchWrite } from '../../platform/store/batch.js';
import { listAll } from '../../platform/store/list-all.js';
import { assertWritable, findRecord, getRecord } from '../../platform/store/records.js';
import { campusAccess } from '../../platform/store/user-access.js';
import { changeMemberAccess, invitationItem, studentLoginKey } from '../identity/index.js';
import { type Login, claimInviteRun, loginOf, loginsOf, queuedInviteMails, queuedMails, releaseInviteRun } from './student-login-store.js';
import {
  type InviteRunChange,
  type StoredInviteRun,
  endInviteRun,
  getInviteRun,
  putInviteRun,
  updateInviteRun,
} from './invite-run-store.js';
import { enqueueInviteRun } from './invite-queue.js';
import { type MailSender, enqueueMail, onMailQueueJob, queueMail, suppressedAddresses } from '../mail/index.js';

type Student = RecordOf<typeof student>;

/** Batch writes of invitations in flight at once (5,000 students are 400 of them). */
const WRITES_IN_FLIGHT = 8;

/** The roster of a curriculum, or one section of it, by roll number. @throws HttpError 404 for a curriculum not of the campus */
async function rosterOf(scope: CampusScope, curriculumId: string, section?: string): Promise<Student[]> {
  await getRecord(scope, curriculum, curriculumId);
  const rows = await listAll(scope, student, { curriculum: curriculumId, ...(section ? { section } : {}) });
  return rows.sort((a, b) => a.roll_no.localeCompare(b.roll_no, undefined, { numeric: true }));
}

/**
 * Where a roster entry's account stands at `now`, from its login `l`: once made, `Active`, `Disabled` or `Removed` (its
 * access); else an invitation whose mail was queued (a run cut short queued none) to the entry's `address` as it is
 * now is `Invited` while its link works and `Invitation expired` after; else `No account` (an invitation to an address
 * corrected since is none: the student is invited again at the new one). A login holds an account or an invitation,
 * never both (`linkStudentAccount` writes it anew).
 */
function accountState(
  l: Login | undefined,
  address: string,
  access: ReadonlyMap<string, UserAccess>,
  mails: ReadonlySet<string>,
  now: number,
): StudentAccountState {
  if (l?.sub) return accountStateOf(access.get(l.sub)?.status);
  if (!l?.invite_mail || !mails.has(l.invite_mail) || l.email !== address) return 'No account';
  return l.invited_until && Date.parse(l.invited_until) > now ? 'Invited' : 'Invitation expired';
}

/**
 * How long an invitation run holds the campus's claim (`claimInviteRun`) unless it ends first: beyond a worker's 15
 * minutes, so a run that died gives the campus back on its own.
 */
const RUN_CLAIM_MS = 20 * 60_000;

/**
 * `GET /api/auth/student-accounts?curriculum=&section=`: the roster with where each account stands: `Active`, `Disabled` or
 * `Removed` (its access), `Invited` (a link mailed and still working), `Invitation expired`, or `No account`.
 * @throws HttpError 404 for a curriculum not of the campus
 */
export async function studentAccounts(scope: CampusScope, curriculumId: string, section?: string): Promise<StudentAccountRow[]> {
  const [roster, logins, access] = await Promise.all([rosterOf(scope, curriculumId, section), loginsOf(scope), campusAccess(scope.campus)]);
  const mails = await queuedInviteMails(scope, logins);
  const now = Date.now();
  return roster.map((s) => {
    const l = logins.get(s.id);
    const account = accountState(l, s.email?.trim().toLowerCase() ?? '', access, mails, now);
    return {
      student: s.id,
      roll_no: s.roll_no,
      name: s.name,
      section: s.section,
      email: s.email ?? '',
      account,
      ...(account === 'Invited' && l?.invited_until ? { invited_until: l.invited_until } : {}),
    };
  });
}

/** The invitation mail: the campus's words, each student's own link where `PERSONAL_LINK` stands. */
async function invitationMail(scope: CampusScope, expires: number) {
  const campus = (await findRecord(scope, organization, scope.campus))?.name ?? 'your college';
  return {
    subject: `Your Attain student account at ${campus}`,
    email_body: [
      '<p>Dear student,</p>',
      `<p>${escapeHtml(campus)} has made a place for you in Attain, where you see your own marks, which course outcomes ` +
        'you reached, what your teachers plan with you, and the course exit surveys to answer. It works on a phone.</p>',
      `<p>Set your password to make your account: ${PERSONAL_LINK}</p>`,
      `<p>The link is yours alone, works once, and until ${formatDate(new Date(expires).toISOString().slice(0, 10), 'en-IN')}. ` +
        'Your sign-in name is this e-mail address.</p>',
    ].join(''),
  };
}

/**
 * `POST /api/auth/student-accounts`: starts an invitation run of a roster (or one section) as a background job
 * (`runInviteJob`, a `student-invites` job of the bulk-mail queue) and answers at once with the run, queued. One run at a time per
 * campus (`claimInviteRun`, held until the run ends), so two runs cannot mail a student twice.
 * DynamoDB: the curriculum's GetItem, the claim's PutItem, the run's TransactWriteItems.
 * @param site where people open Attain (the request's Origin)
 * @throws HttpError 404 (curriculum), 403 (a read-only scope), 409 (another invitation run of the campus is under way)
 */
export async function inviteStudents(
  scope: CampusScope,
  sender: MailSender,
  body: { curriculum: string; section?: string },
  site: string,
): Promise<StudentInviteRun> {
  assertWritable(scope);
  await getRecord(scope, curriculum, body.curriculum);
  const claim = await claimInviteRun(scope, RUN_CLAIM_MS);
  if (!claim)
    throw new HttpError(409, 'Students are being invited already (by you or another administrator): try again when that run ends');
  const now = new Date().toISOString();
  const run: StoredInviteRun = {
    id: uuidv7(),
    state: 'queued',
    curriculum: body.curriculum,
    ...(body.section ? { section: body.section } : {}),
    total: 0,
    written: 0,
    invited: 0,
    mail: null,
    skipped: [],
    skipped_more: 0,
    created_at: now,
    updated_at: now,
    site,
    sender: { user: sender.user, sub: sender.sub },
    actor: scope.actor,
    claim,
  };
  try {
    await putInviteRun(scope.campus, run);
    await enqueueInviteRun({ campus: scope.campus, run: run.id });
  } catch (e) {
    // Nothing was started: the campus is given back and the run (when written) reads failed, never holding it.
    await releaseInviteRun(scope, claim);
    await endInviteRun(scope.campus, run.id, { state: 'failed', error: STOPPED_RUN }).catch(() => undefined);
    throw e;
  }
  return inviteRunView(run);
}

/**
 * How long a running run may go without a word before it reads as stopped (`inviteRunView`): beyond a worker's 15
 * minutes. A queued one waits for the mail worker (one at a time, behind a large mail being sent) however long it takes.
 */
const SILENT_RUN_MS = 20 * 60_000;

/** A run as its page reads it: the stored run without what only the worker needs; one running silent too long reads failed. */
export function inviteRunView(run: StoredInviteRun, now = Date.now()): StudentInviteRun {
  const { site: _site, sender: _sender, actor: _actor, claim: _claim, attempt_mail: _attempt, ...view } = run;
  const silent = view.state === 'running' && now - Date.parse(view.updated_at) > SILENT_RUN_MS;
  return silent ? { ...view, state: 'failed', error: STOPPED_RUN } : view;
}

/** What a run that stopped says: inviting again is safe. */
const STOPPED_RUN = 'The invitation run stopped before it ended. Invite again: nobody already mailed is mailed twice.';

/**
 * `GET /api/student-invites/{run}`: one invitation run of the campus. @throws HttpError 404 when the campus has none of that id
 */
export async function inviteRun(scope: CampusScope, id: string): Promise<StudentInviteRun> {
  const run = await getInviteRun(scope.campus, id);
  if (!run) throw new HttpError(404, 'No such invitation run');
  return inviteRunView(run);
}

/** How often a run records how many links it has written (ms). */
const PROGRESS_EVERY_MS = 1_000;

/**
 * Runs (or resumes) an invitation run (`InviteJob`, a `student-invites` job of the bulk-mail queue): every student of
 * the roster (or section) who has no account and no pending invitation is mailed their own link, each address once, in
 * one mail through Send Mail (`inviteChosen`). The run records how many links it has written as it goes (at most once
 * a second), and what it did at the end; the campus's claim is given back just before.
 * Each attempt names its mail with an id of its own, recorded on the run before anything is written (`attempt_mail`).
 * Resuming after a kill: when the last attempt's mail was queued, the run ends as recorded before it was queued, and
 * the mail's job is queued again (the mail worker leaves a mail already being sent or sent alone). An attempt cut short
 * before its mail was queued wrote logins naming a mail that never was: those students are not pending, and the next
 * attempt chooses again, each address mailed once; a student it no longer chooses (moved section, address taken since)
 * reads `No account`, never "Invited" by a mail that was not sent. A run that ended (or was never) is left alone.
 * A refusal in words (more than `MAX_MAIL_RECIPIENTS` to invite, no sender address) ends the run `failed` with it.
 * @param opts.after told each step's count: links written after each BatchWriteItem, and once the mail is queued (tests
 *   stop a run there, as a kill would)
 * @throws what the store throws (the queue runs the job again)
 */
export async function runInviteJob(
  job: { campus: string; run: string },
  opts: { after?: (step: 'written' | 'queued', n: number) => void } = {},
): Promise<void> {
  const run = await getInviteRun(job.campus, job.run);
  if (!run || run.state === 'done' || run.state === 'failed') return;
  const scope: CampusScope = { campus: job.campus, actor: run.actor, access: 'read-write' };
  // The campus's claim is given back before the run reads ended, so a page that sees it end can start the next one.
  const end = async (change: InviteRunChange & { state: 'done' | 'failed' }) => {
    await releaseInviteRun(scope, run.claim);
    await endInviteRun(job.campus, run.id, change);
  };
  try {
    const [queued] = run.attempt_mail ? [...(await queuedMails(scope, [run.attempt_mail]))] : [];
    if (queued) {
      await enqueueMail({ campus: job.campus, mail: queued });
      return await end({ state: 'done', written: run.invited, mail: queued });
    }
    const attempt = uuidv7();
    await updateInviteRun(job.campus, run.id, { state: 'running', attempt_mail: attempt, written: 0 });
    let said = 0;
    const result = await inviteChosen(scope, run.sender, run, run.site, {
      mail: attempt,
      onQueued: () => opts.after?.('queued', 1),
      onChosen: async (r) => updateInviteRun(job.campus, run.id, r),
      onWritten: async (written) => {
        opts.after?.('written', written);
        if (Date.now() - said < PROGRESS_EVERY_MS) return;
        said = Date.now();
        await updateInviteRun(job.campus, run.id, { written });
      },
    });
    await end({ state: 'done', written: result.invited, ...listed(result) });
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    await end({ state: 'failed', error: e.message });
  }
}

/**
 * Registers the invitation runs with the bulk-mail worker where it runs (the mail-sender Lambda, the local stack): the
 * mail queue carries them as `student-invites` jobs (`enqueueInviteRun`), and the mail feature hands them over without
 * importing this one.
 */
export const takeInviteRuns = (): void => onMailQueueJob('student-invites', (job) => runInviteJob({ campus: job.campus, run: job.mail }));

/** A result as a run records it: the left-out students listed up to `MAX_LISTED_SKIPS`, the rest counted. */
const listed = (r: StudentInviteResult) => ({
  invited: r.invited,
  mail: r.mail,
  skipped: r.skipped.slice(0, MAX_LISTED_SKIPS),
  skipped_more: Math.max(0, r.skipped.length - MAX_LISTED_SKIPS),
});

/**
 * An invitation run's work, once the campus's claim is held: chooses who to invite (left out, with why, not guessed:
 * no e-mail; an address shared by two roster entries of the campus, both listed; a staff member's address; an account
 * already; a pending invitation; the suppression list), then writes each chosen student's link (`/set-password`, only
 * its hash stored, `invitationItem`, for `INVITATION_DAYS`) and login, naming the mail `opts.mail`, and then queues that
 * one mail through Send Mail (its receipts there; the mail worker sends each recipient once and resumes after a stop).
 * A run cut short between the writes and the mail queued none: its students are not pending, and are chosen again.
 * A removed account is invited again; an invitation to an address corrected since is sent again to the new one.
 * Writes: the invitations and logins (BatchWriteItem, 25 a call, `WRITES_IN_FLIGHT` at once), the mail (`queueMail`),
 * one audit entry (a count).
 * @param opts.onChosen told who is invited and left out before anything is written
 * @param opts.onWritten told how many links are written, after each BatchWriteItem
 * @throws HttpError 404 (curriculum), 400 (no sender address; more than `MAX_MAIL_RECIPIENTS` to invite)
 */
async function inviteChosen(
  scope: CampusScope,
  sender: MailSender,
  body: { curriculum: string; section?: string },
  site: string,
  opts: {
    mail: string;
    onChosen: (r: Pick<StudentInviteRun, 'total' | 'invited' | 'skipped' | 'skipped_more'>) => Promise<void>;
    onWritten: (written: number) => Promise<void>;
    onQueued?: () => void;
  },
): Promise<StudentInviteResult> {
  const [roster, everyone, staff, logins, suppressed, access] = await Promise.all([
    rosterOf(scope, body.curriculum, body.section || undefined),
    listAll(scope, student, {}),
    listAll(scope, profile, {}),
    loginsOf(scope),
    suppressedAddresses(scope),
    campusAccess(scope.campus),
  ]);
  const mails = await queuedInviteMails(scope, logins);
  const holders = new Map<string, Student[]>();
  for (const s of everyone) {
    const a = s.email?.trim().toLowerCase();
    if (a) holders.set(a, [...(holders.get(a) ?? []), s]);
  }
  const staffAddresses = new Set(staff.map((p) => p.email?.toLowerCase()).filter(Boolean));
  const blocked = new Set(suppressed.map((x) => x.address));
  const now = Date.now();
  const skipped: StudentInviteSkip[] = [];
  const chosen: { s: Student; address: string }[] = [];
  for (const s of roster) {
    const address = s.email?.trim().toLowerCase() ?? '';
    const l = logins.get(s.id);
    const others = (holders.get(address) ?? []).filter((x) => x.id !== s.id);
    const account = accountState(l, address, access, mails, now);
    const reason = s.left_on
      ? `Left on ${formatDate(s.left_on, 'en-IN')} (a roster sync marked them left)`
      : !address
        ? 'No e-mail address'
        : others.length
          ? `The address is also ${others.map((o) => o.roll_no).join(', ')}'s: give each student their own`
          : staffAddresses.has(address)
            ? "The address is a staff member's"
            : account === 'Active' || account === 'Disabled'
              ? 'Has an account already'
              : account === 'Invited'
                ? `Invited already; the link works until ${formatDate((l?.invited_until ?? '').slice(0, 10), 'en-IN')}`
                : blocked.has(address)
                  ? "On the campus's suppression list (bounced or complained)"
                  : undefined;
    if (reason) skipped.push({ roll_no: s.roll_no, name: s.name, ...(address ? { email: address } : {}), reason });
    else chosen.push({ s, address });
  }
  if (!chosen.length) return { invited: 0, mail: null, skipped };
  if (chosen.length > MAX_MAIL_RECIPIENTS)
    throw new HttpError(
      400,
      `There are ${chosen.length} students to invite; invite at most ${MAX_MAIL_RECIPIENTS} at once: choose a section`,
      { section: 'Too many students' },
    );
  const { invited, skipped: listedSkips, skipped_more } = listed({ invited: chosen.length, mail: null, skipped });
  await opts.onChosen({ total: chosen.length, invited, skipped: listedSkips, skipped_more });
  const mail = opts.mail;
  const expires = now + INVITATION_DAYS * 24 * 3600 * 1000;
  const until = new Date(expires).toISOString();
  const links = new Map<string, string>();
  const writes = chosen.flatMap(({ s, address }) => {
    const token = newLinkToken();
    links.set(address, `${site.replace(/\/+$/, '')}/set-password#token=${token}`);
    const [first_name, ...rest] = s.name.split(' ');
    return [
      {
        PutRequest: {
          Item: invitationItem(
            scope,
            tokenHash(token),
            { sub: '', email: address, student: s.id, first_name, last_name: rest.join(' ') },
            expires,
          ),
        },
      },
      {
        PutRequest: {
          Item: {
            ...studentLoginKey(scope.campus, s.id),
            entityType: 'student-login',
            email: address,
            invite_mail: mail,
            invited_until: until,
          },
        },
      },
    ];
  });
  const limit = pLimit(WRITES_IN_FLIGHT);
  const batches = Array.from({ length: Math.ceil(writes.length / 25) }, (_, i) => writes.slice(i * 25, i * 25 + 25));
  let written = 0;
  await Promise.all(
    batches.map((b) =>
      limit(async () => {
        await batchWrite(b);
        // Two items a student: their invitation and their login.
        written += b.length / 2;
        await opts.onWritten(written);
      }),
    ),
  );
  await queueMail(scope, sender, {
    id: mail,
    to: chosen.map((c) => c.address),
    ...(await invitationMail(scope, expires)),
    links,
    purpose: 'invitation',
  });
  opts.onQueued?.();
  await appendAudit(scope, {
    action: 'invite',
    entity: 'student-account',
    record_id: body.curriculum,
    record_label: `${body.section ? `Section ${body.section} of ` : ''}a roster`,
    changes: [{ field: 'invited', label: 'Students invited', new: chosen.length }],
  });
  return { invited: chosen.length, mail, skipped };
}

/**
 * `POST /api/auth/student-accounts/{student}/access`: disables, enables or removes a roster entry's account as a staff
 * member's is (`changeMemberAccess`: its open sessions refused at once, Cognito's sign-in disabled, audited).
 * @throws HttpError 404 (no such roster entry, or no account), 403, 409 as `changeMemberAccess`
 */
export async function changeStudentAccess(
  scope: CampusScope,
  caller: Caller,
  studentId: string,
  action: AccessAction,
): Promise<UserAccess> {
  await getRecord(scope, student, studentId);
  const login = await loginOf(scope, studentId);
  if (!login?.sub) throw new HttpError(404, 'This student has no account yet: invite them first');
  return changeMemberAccess(scope, caller, { id: login.sub, email: login.email, role: 'student' }, action);
}
