import type { StudentInviteRun } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetClients } from '../../src/platform/lib/aws.js';
import { resetConfig } from '../../src/platform/lib/config.js';
import type { InviteJob } from '../../src/features/students/invite-queue.js';
import type { MailJob } from '../../src/features/mail/mail-queue.js';
import { client, login, signedIn } from '../support/client.js';

/**
 * Inviting students is a background run (issue 43 item 2, decision 0058): the request answers at once, the run says
 * how far it has got, and a run killed half-way through its writes is resumed by the next delivery of its job with
 * every student mailed once, in one mail. The worker runs in this process against the integration stack's table and
 * SES, as the bulk-mail test plays the mail worker.
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
const ses = inject('sesEmulatorUrl');
const STUDENTS = 120;
const stamp = Date.now().toString(36);
const address = (tag: string, i: number) => `success+run-${stamp}-${tag}-${i}@simulator.amazonses.com`;
let admin: ReturnType<typeof client>;
let curriculumId = '';

/** A new curriculum whose roster has `n` students, each with an address of their own (`address(tag, i)`). */
async function roster(tag: string, n: number): Promise<string> {
  const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  const program = (await admin.post('/api/program', { title: `Runs ${tag} ${stamp}`, department: dept.id, number_of_terms: 1 })).body.data;
  const id = (await admin.post('/api/curriculum', { name: `Runs ${tag} ${stamp}`, program: program.id })).body.data.id;
  const rows = Array.from({ length: n }, (_, i) => `${tag}${i},Run student ${i},${i % 2 ? 'B' : 'A'},${address(tag, i)}`);
  const res = await fetch(`${base}/api/import/students?curriculum=${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await login(base, users.demoAdmin.email, users.demoAdmin.password)}`, 'content-type': 'text/csv' },
    body: `roll_no,name,section,email\n${rows.join('\n')}\n`,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return id;
}

/** The messages the SES emulator took for the addresses of `tag`, by address. */
async function sentTo(tag: string) {
  const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] };
  return store.emails.filter((e) => e.destination.to[0]?.startsWith(`success+run-${stamp}-${tag}-`));
}

class WorkerCrash extends Error {
  override name = 'WorkerCrash';
}

/**
 * Starts an invitation run of `curriculum` with this process's mail queue only recording its jobs (the run's and its
 * mail's), and hands `play` what the test needs to play the worker; the queue is given back afterwards.
 */
async function playingTheWorker(
  curriculum: string,
  play: (q: {
    started: StudentInviteRun;
    runs: InviteJob[];
    mails: MailJob[];
    runInviteJob: typeof import('../../src/features/students/student-accounts.js').runInviteJob;
    runMailJob: typeof import('../../src/features/mail/mail-worker.js').runMailJob;
  }) => Promise<void>,
): Promise<void> {
  const { inviteStudents, runInviteJob } = await import('../../src/features/students/student-accounts.js');
  const { setLocalMailRunner } = await import('../../src/features/mail/mail-queue.js');
  const { runMailJob } = await import('../../src/features/mail/mail-worker.js');
  const runs: InviteJob[] = [];
  const mails: MailJob[] = [];
  setLocalMailRunner((job) => (job.kind === 'student-invites' ? runs.push({ campus: job.campus, run: job.mail }) : mails.push(job)));
  try {
    const scope = { campus: 'demo', actor: users.demoAdmin.email, access: 'read-write' as const };
    const started = await inviteStudents(scope, { user: users.demoAdmin.email, sub: 'run-test' }, { curriculum }, base);
    await play({ started, runs, mails, runInviteJob, runMailJob });
  } finally {
    setLocalMailRunner(undefined);
  }
}

beforeAll(async () => {
  Object.assign(process.env, env);
  resetConfig();
  resetClients();
  admin = await signedIn(base, users.demoAdmin);
  curriculumId = await roster('r', STUDENTS);
});

describe('an invitation run', { timeout: 120_000 }, () => {
  it('killed half-way through its writes, resumes on the next delivery and mails every student once, in one mail', async () => {
    await playingTheWorker(curriculumId, async ({ started, runs, mails, runInviteJob, runMailJob }) => {
      expect(started).toMatchObject({ state: 'queued', total: 0, written: 0 });
      expect(runs).toEqual([{ campus: 'demo', run: started.id }]);
      // While the run holds the campus, another one waits its turn.
      expect((await admin.post('/api/auth/student-accounts', { curriculum: curriculumId })).status).toBe(409);

      // The first worker dies after its first links are written, before the mail is queued.
      await expect(
        runInviteJob(runs[0]!, {
          after: (step, n) => {
            if (step === 'written' && n >= 24) throw new WorkerCrash('killed');
          },
        }),
      ).rejects.toThrow('killed');
      const halfway: StudentInviteRun = (await admin.get(`/api/student-invites/${started.id}`)).body.data;
      expect(halfway).toMatchObject({ state: 'running', total: STUDENTS, invited: STUDENTS, mail: null });
      expect(mails).toEqual([]);

      // SQS delivers the job again: the run chooses again and ends, with one mail of every student.
      await runInviteJob(runs[0]!);
      const done: StudentInviteRun = (await admin.get(`/api/student-invites/${started.id}`)).body.data;
      expect(done).toMatchObject({ state: 'done', total: STUDENTS, written: STUDENTS, invited: STUDENTS, skipped: [] });
      expect(mails).toEqual([{ campus: 'demo', mail: done.mail }]);
      // A third delivery (a duplicate message) changes nothing.
      await runInviteJob(runs[0]!);
      expect(mails).toHaveLength(1);
      expect(await runMailJob(mails[0]!, { rate: 100 })).toBe('done');
      const sent = await sentTo('r');
      expect(sent).toHaveLength(STUDENTS);
      expect(new Set(sent.map((e) => e.destination.to[0])).size).toBe(STUDENTS);
      // Each link works: the first student's makes their account.
      const token = /set-password#token=([A-Za-z0-9_-]+)/.exec(sent.find((e) => e.destination.to[0] === address('r', 0))!.body.html)?.[1];
      expect((await client(base).post('/api/auth/set-password', { token, password: 'Run-Student-Pass-1!' })).status).toBe(200);
      // The run gave the campus back: the next one starts, and finds nobody left to invite.
      const next = await admin.post('/api/auth/student-accounts', { curriculum: curriculumId });
      expect(next.status, JSON.stringify(next.body)).toBe(202);
      // The stack's own worker runs this one: its page follows it until it ends.
      let after: StudentInviteRun = next.body.data;
      while (after.state === 'queued' || after.state === 'running') {
        await new Promise((r) => setTimeout(r, 50));
        after = (await admin.get(`/api/student-invites/${after.id}`)).body.data;
      }
      expect(after).toMatchObject({ state: 'done', invited: 0, mail: null });
      expect(after.skipped).toHaveLength(STUDENTS);
    });
  });

  it('killed right after queueing its mail, ends on the next delivery with that mail sent once', async () => {
    await playingTheWorker(await roster('q', 30), async ({ started, runs, mails, runInviteJob, runMailJob }) => {
      await expect(
        runInviteJob(runs[0]!, {
          after: (step) => {
            if (step === 'queued') throw new WorkerCrash('killed');
          },
        }),
      ).rejects.toThrow('killed');
      expect(mails).toHaveLength(1);
      // The redelivered job finds the mail queued: the run ends as recorded, and the mail's job is queued again.
      await runInviteJob(runs[0]!);
      const done: StudentInviteRun = (await admin.get(`/api/student-invites/${started.id}`)).body.data;
      expect(done).toMatchObject({ state: 'done', total: 30, written: 30, invited: 30, mail: mails[0]!.mail });
      expect(mails.map((m) => m.mail)).toEqual([mails[0]!.mail, mails[0]!.mail]);
      expect(await runMailJob(mails[0]!, { rate: 100 })).toBe('done');
      expect(await runMailJob(mails[1]!, { rate: 100 })).toBe('gone');
      const sent = await sentTo('q');
      expect(sent).toHaveLength(30);
      expect(new Set(sent.map((e) => e.destination.to[0])).size).toBe(30);
    });
  });

  it("answers only the campus's administrators, and 404 for a run that is not there", async () => {
    const faculty = await signedIn(base, users.demoFaculty);
    const runs = await admin.get('/api/student-invites/0190f3c2-0000-7000-8000-000000000000');
    expect(runs.status).toBe(404);
    expect(runs.body.errors.detail).toBe('No such invitation run');
    expect((await faculty.get('/api/student-invites/0190f3c2-0000-7000-8000-000000000000')).status).toBe(403);
    expect((await admin.get('/api/student-invites/not-an-id')).status).toBe(404);
  });
});
