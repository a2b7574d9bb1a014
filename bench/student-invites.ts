import { type CampusScope, type StudentInviteRun, department, student } from '@attain/shared-types';
import { v7 as uuidv7 } from 'uuid';
import { newLinkToken, tokenHash } from '../functions/src/platform/lib/link-token.js';
import { batchWrite } from '../functions/src/platform/store/batch.js';
import { createRecords } from '../functions/src/platform/store/records.js';
import { listAll } from '../functions/src/platform/store/list-all.js';
import { invitationItem, studentLoginKey } from '../functions/src/features/identity/index.js';
import { measure } from './measures.js';

/** Students invited in one go (issue 43 item 2: 5,000, a mail's most recipients). */
const STUDENTS = 5_000;
/** Of them, those a run killed between its writes and the queueing of its mail left written, with no mail. */
const CUT_SHORT = 1_500;
type Row = { metric: string; value: string; budget: string; ok: boolean | null };

/**
 * A step of `npm run bench` (issue 43 item 2): a roster of 5,000 students, each with an address of their own, invited
 * in one run (`POST /api/auth/student-accounts` answers with it; the worker does it, followed at
 * `GET /api/student-invites/{run}`). Before it, 1,500 of them carry what a run killed after its
 * writes and before queueing its mail leaves behind (invitation and login items naming a mail that was never queued).
 * Checked: the run invites all 5,000 in one queued mail whose recipients are the 5,000 addresses, each once; a
 * second run invites nobody. Measured: the request's time and DynamoDB calls, and the run's time to the end.
 */
export async function benchInvites(base: string, headers: Record<string, string>, scope: CampusScope): Promise<Row[]> {
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: any };
    if (!res.ok) throw new Error(`bench invites: ${method} ${path} answered ${res.status}: ${JSON.stringify(json).slice(0, 400)}`);
    return { json, calls: Number(res.headers.get('x-dynamodb-calls')) };
  };
  const stamp = Date.now().toString(36);
  const dept = (await listAll(scope, department)).find((d) => d.short_name === 'CSE') ?? (await listAll(scope, department))[0];
  const prog = (await api('POST', '/api/program', { title: `Bench invites ${stamp}`, department: dept.id, number_of_terms: 1 })).json.data;
  const cur = (await api('POST', '/api/curriculum', { name: `Bench invites ${stamp}`, program: prog.id })).json.data as { id: string };
  const roster = Array.from({ length: STUDENTS }, (_, i) => ({
    curriculum: cur.id,
    section: String.fromCharCode(65 + (i % 8)),
    roll_no: `BI${stamp}${String(i).padStart(5, '0')}`,
    name: `Bench student ${i}`,
    email: `success+bi-${stamp}-${i}@simulator.amazonses.com`,
  }));
  const made = await createRecords(scope, student, roster as never);
  // What a run killed between its writes and its mail leaves: invitations and logins naming a mail never queued.
  const lost = uuidv7();
  const until = Date.now() + 7 * 24 * 3600 * 1000;
  const leftovers = made.slice(0, CUT_SHORT).flatMap((s) => [
    { PutRequest: { Item: invitationItem(scope, tokenHash(newLinkToken()), { sub: '', email: s.email ?? '', student: s.id }, until) } },
    {
      PutRequest: {
        Item: {
          ...studentLoginKey(scope.campus, s.id),
          entityType: 'student-login',
          email: s.email,
          invite_mail: lost,
          invited_until: new Date(until).toISOString(),
        },
      },
    },
  ]);
  for (let i = 0; i < leftovers.length; i += 25) await batchWrite(leftovers.slice(i, i + 25));

  // The request answers with the run, queued; the worker (in this process, as the local stack runs it) does it.
  const t0 = performance.now();
  const first = await api('POST', '/api/auth/student-accounts', { curriculum: cur.id });
  const answerMs = performance.now() - t0;
  const follow = async (run: StudentInviteRun): Promise<StudentInviteRun> => {
    let now = run;
    while (now.state === 'queued' || now.state === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      now = (await api('GET', `/api/student-invites/${run.id}`)).json.data;
    }
    return now;
  };
  const result = await follow(first.json.data);
  const ms = performance.now() - t0;
  if (result.state !== 'done') throw new Error(`bench invites: the run ended ${result.state}: ${result.error ?? ''}`);
  const mail = (await api('GET', `/api/send-mail/${result.mail}`)).json.data as { to: string[]; counts?: Record<string, number> };
  const addresses = new Set(roster.map((r) => r.email));
  const once = mail.to.length === STUDENTS && new Set(mail.to).size === STUDENTS && mail.to.every((a) => addresses.has(a));
  if (result.invited !== STUDENTS || result.skipped.length || !once)
    throw new Error(`bench invites: invited ${result.invited}, skipped ${result.skipped.length}, the mail's recipients each once: ${once}`);
  const again = await follow((await api('POST', '/api/auth/student-accounts', { curriculum: cur.id })).json.data);
  if (again.invited !== 0) throw new Error(`bench invites: a second run invited ${again.invited} again`);
  measure('students.invite.ms_per_student', ms / STUDENTS);
  measure('students.invite.answer_ms', answerMs);
  return [
    {
      metric:
        `Invite ${STUDENTS.toLocaleString('en-IN')} students in one go (${CUT_SHORT.toLocaleString('en-IN')} left by a run cut ` +
        'short): the request answers with the run, which mails each once, in one mail',
      value: `answered in ${answerMs.toFixed(0)} ms (${first.calls} DynamoDB calls); run done in ${(ms / 1000).toFixed(1)} s`,
      budget: 'answer < 1 s; run < 15 min (the worker)',
      ok: answerMs < 1000 && ms < 15 * 60_000,
    },
  ];
}
