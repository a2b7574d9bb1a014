import type { SentMailDetail } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetClients } from '../../src/platform/lib/aws.js';
import { resetConfig } from '../../src/platform/lib/config.js';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailJob } from '../../src/features/mail/mail-queue.js';
import { client, signedIn } from '../support/client.js';

/**
 * Issue 13: a send of 2,000 recipients is queued and sent by the worker; the worker dies halfway (right after SES
 * accepted its 1,000th message, before it recorded it) and a new worker finishes: every recipient gets exactly one
 * message. The worker runs in this process against the integration stack's table and SES (with its events).
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
const ses = inject('sesEmulatorUrl');
const RECIPIENTS = 2000;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  Object.assign(process.env, env);
  resetConfig();
  resetClients();
  admin = await signedIn(base, users.demoAdmin);
});

class WorkerCrash extends Error {
  override name = 'WorkerCrash';
}

describe('a queued send of 2,000 recipients', () => {
  it('survives a worker restart halfway with every recipient sent exactly once', { timeout: 240_000 }, async () => {
    const { queueMail } = await import('../../src/features/mail/queue-mail.js');
    const { setLocalMailRunner } = await import('../../src/features/mail/mail-queue.js');
    const { runMailJob } = await import('../../src/features/mail/mail-worker.js');
    const queued: MailJob[] = [];
    // This process's queue only records the job: the test plays the worker.
    setLocalMailRunner((job) => queued.push(job));
    const subject = `Alumni meet ${Date.now()}`;
    const to = Array.from({ length: RECIPIENTS }, (_, i) => `alumnus${i}@alumni.example`);
    const { data } = await queueMail(
      { campus: 'demo', actor: users.demoAdmin.email, access: 'read-write' },
      { user: users.demoAdmin.email, sub: 'bulk-mail-test' },
      { to, subject, email_body: '<p>You are invited to the alumni meet.</p>' },
    );
    expect(queued).toEqual([{ campus: 'demo', mail: data.id }]);
    expect(data).toMatchObject({ state: 'queued', total: RECIPIENTS, counts: { queued: RECIPIENTS } });

    // The first worker sends in batches of 100 and dies as SES answers its 1,000th message (the last of a batch).
    await expect(
      runMailJob(queued[0], {
        rate: 100,
        leaseMs: 1,
        afterSend: (n) => {
          if (n >= 1000) throw new WorkerCrash('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const halfway = (await admin.get(`/api/send-mail/${data.id}`)).body.data as SentMailDetail;
    expect(halfway.state).toBe('stalled');
    expect(halfway.processed).toBe(1000);

    // A new worker (SQS's redelivery, or Resume) goes on from the last checkpoint.
    expect(await runMailJob(queued[0], { rate: 100 })).toBe('done');
    const done = (await admin.get(`/api/send-mail/${data.id}`)).body.data as SentMailDetail;
    expect(done.state).toBe('sent');
    expect(done.processed).toBe(RECIPIENTS);
    expect((done.counts.sent ?? 0) + (done.counts.delivered ?? 0)).toBe(RECIPIENTS);

    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { subject: string; destination: { to: string[] } }[] };
    const sent = store.emails.filter((e) => e.subject === subject).map((e) => e.destination.to[0]);
    expect(sent).toHaveLength(RECIPIENTS);
    expect(new Set(sent).size).toBe(RECIPIENTS);
    setLocalMailRunner(undefined);
  });
});

/** The messages of `subject` in the SES emulator's store, by recipient address. */
async function copiesPerRecipient(subject: string): Promise<Map<string, number>> {
  const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { subject: string; destination: { to: string[] } }[] };
  const copies = new Map<string, number>();
  for (const e of store.emails.filter((m) => m.subject === subject))
    copies.set(e.destination.to[0], (copies.get(e.destination.to[0]) ?? 0) + 1);
  return copies;
}

/**
 * Queues `n` recipients and runs a first worker that dies once SES has answered `crashAfter` messages, in a batch of
 * `rate`. Then, as when `kill -9` lands after SES took a message but before anything recorded it (neither the worker
 * nor SES's Send event), the last `inDoubt` recipients SES took are put back to `sending` by the dead worker with no
 * message id (but the first `sendRecorded` of them, whose Send event was recorded). Returns the job, its subject and
 * the addresses in doubt.
 */
async function sendCutShort(n: number, rate: number, crashAfter: number, inDoubt: number, sendRecorded = 0) {
  const { queueMail } = await import('../../src/features/mail/queue-mail.js');
  const { setLocalMailRunner } = await import('../../src/features/mail/mail-queue.js');
  const { runMailJob } = await import('../../src/features/mail/mail-worker.js');
  const { moveRecipient } = await import('../../src/features/mail/recipient-store.js');
  const { documentClient } = await import('../../src/platform/lib/aws.js');
  const { mailRecipientsPk } = await import('@attain/shared-types');
  const queued: MailJob[] = [];
  setLocalMailRunner((job) => queued.push(job));
  const subject = `Results day ${Date.now()}`;
  const to = Array.from({ length: n }, (_, i) => `parent${i}.${Date.now()}@parents.example`);
  await queueMail(
    { campus: 'demo', actor: users.demoAdmin.email, access: 'read-write' },
    { user: users.demoAdmin.email, sub: 'bulk-mail-test' },
    { to, subject, email_body: '<p>Results are out.</p>' },
  );
  setLocalMailRunner(undefined);
  let answered = 0;
  const crash = runMailJob(queued[0], {
    rate,
    leaseMs: 1,
    afterSend: (sent) => {
      answered = sent;
      if (sent > crashAfter) throw new WorkerCrash('killed');
    },
  });
  await expect(crash).rejects.toThrow('killed');
  // The rest of the dying batch is still with SES: wait until SES has answered all of it (its events recorded).
  const taken = Math.ceil(crashAfter / rate) * rate;
  while (answered < taken) await new Promise((r) => setTimeout(r, 20));
  const job = queued[0];
  // ... and until SES's later events (Delivery, 50 ms after) have been recorded too, so none arrives after the kill.
  const recipients = async () =>
    (
      await documentClient().send(
        new QueryCommand({
          TableName: env.TABLE_NAME,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': mailRecipientsPk('demo', job.mail) },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];
  let items = await recipients();
  while (items.filter((i) => i.status === 'delivered').length < taken) {
    await new Promise((r) => setTimeout(r, 50));
    items = await recipients();
  }
  const doubtful = items.filter((i) => Number(i.index) >= taken - inDoubt && Number(i.index) < taken);
  for (const [k, i] of doubtful.entries()) {
    await moveRecipient('demo', job.mail, Number(i.index), i.status, 'sending', { sending_by: 'killed-worker', sending_at: Date.now() });
    // The first `sendRecorded` keep their message id: SES's Send event was recorded before the kill.
    if (k >= sendRecorded)
      await documentClient().send(
        new UpdateCommand({ TableName: env.TABLE_NAME, Key: { PK: i.PK, SK: i.SK }, UpdateExpression: 'REMOVE message_id' }),
      );
  }
  return { job, subject, doubtful: doubtful.map((i) => String(i.address)) };
}

describe('a send killed between SES taking messages and recording them (privacy and security, item 10)', () => {
  it('locally, resumes without sending anyone a second copy: the emulator store says which were taken', { timeout: 120_000 }, async () => {
    const { runMailJob } = await import('../../src/features/mail/mail-worker.js');
    const { localMailOptions } = await import('../../src/local/local-mail-worker.js');
    const { job, subject, doubtful } = await sendCutShort(200, 50, 120, 20, 5);
    expect(doubtful).toHaveLength(20);
    expect(await runMailJob(job, { rate: 50, ...localMailOptions(ses) })).toBe('done');
    const copies = await copiesPerRecipient(subject);
    expect(copies.size).toBe(200);
    const twice = [...copies.entries()].filter(([, c]) => c > 1);
    console.log(`in doubt: ${doubtful.length}; recipients with two copies: ${twice.length}`);
    expect(twice).toEqual([]);
    const done = (await admin.get(`/api/send-mail/${job.mail}`)).body.data as SentMailDetail;
    expect(done.state).toBe('sent');
    expect((done.counts.sent ?? 0) + (done.counts.delivered ?? 0)).toBe(200);
    expect(done.recipients.filter((r) => r.status === 'sending' || r.status === 'queued')).toEqual([]);
  });
  it(
    'in AWS, where nothing can be asked, marks a recipient in doubt for people to see and never sends it again',
    { timeout: 60_000 },
    async () => {
      const { IN_DOUBT_NOTE, runMailJob } = await import('../../src/features/mail/mail-worker.js');
      const { job, subject, doubtful } = await sendCutShort(20, 10, 5, 4);
      expect(doubtful).toHaveLength(4);
      // The count the stack's MailInDoubt alarm reads from the mail sender's log line (`logMarkedInDoubt`).
      let markedInDoubt = 0;
      const onMarkedInDoubt = (_: unknown, n: number) => (markedInDoubt += n);
      expect(await runMailJob(job, { rate: 10, inDoubtGraceMs: 0, onMarkedInDoubt })).toBe('done');
      expect(markedInDoubt).toBe(4);
      const copies = await copiesPerRecipient(subject);
      expect(copies.size).toBe(20);
      console.log(`in doubt: ${doubtful.length}; recipients with two copies: ${[...copies.values()].filter((c) => c > 1).length}`);
      expect([...copies.values()].every((c) => c === 1)).toBe(true);
      const done = (await admin.get(`/api/send-mail/${job.mail}`)).body.data as SentMailDetail;
      const marked = done.recipients.filter((r) => r.status === 'failed');
      expect(marked.map((r) => r.address).sort()).toEqual([...doubtful].sort());
      expect(marked.every((r) => r.note === IN_DOUBT_NOTE)).toBe(true);
    },
  );
});

describe('receipts a killed stack left short of a final state (issue 42, item 3)', () => {
  it(
    'are settled at start from the SES emulator’s store: a lost delivery, a lost bounce, a Send recorded mid-kill',
    { timeout: 60_000 },
    async () => {
      const { queueMail } = await import('../../src/features/mail/queue-mail.js');
      const { setLocalMailRunner } = await import('../../src/features/mail/mail-queue.js');
      const { runMailJob } = await import('../../src/features/mail/mail-worker.js');
      const { moveRecipient, getRecipient } = await import('../../src/features/mail/recipient-store.js');
      const { localMailOptions, reconcileLocalReceipts } = await import('../../src/local/local-mail-worker.js');
      const { handler } = await import('../../src/lambdas/workers/mail-receipts.js');
      const queued: MailJob[] = [];
      setLocalMailRunner((job) => queued.push(job));
      const stamp = Date.now();
      const to = [`success+a${stamp}@simulator.amazonses.com`, `bounce+b${stamp}@simulator.amazonses.com`, `c${stamp}@parents.example`];
      await queueMail(
        { campus: 'demo', actor: users.demoAdmin.email, access: 'read-write' },
        { user: users.demoAdmin.email, sub: 'bulk-mail-test' },
        { to, subject: `Receipts ${stamp}`, email_body: '<p>Hello.</p>' },
      );
      setLocalMailRunner(undefined);
      const job = queued[0];
      expect(await runMailJob(job, { rate: 10, ...localMailOptions(ses) })).toBe('done');
      const final = new Set(['delivered', 'bounced']);
      const statuses = async () => Promise.all([0, 1, 2].map(async (i) => (await getRecipient('demo', job.mail, i))?.status));
      // SES's events (50 ms after) are recorded; then the kill is played: they are lost again.
      while (!(await statuses()).every((s) => s && final.has(s))) await new Promise((r) => setTimeout(r, 50));
      await moveRecipient('demo', job.mail, 0, 'delivered', 'sent', {});
      await moveRecipient('demo', job.mail, 1, 'bounced', 'sending', {});
      await moveRecipient('demo', job.mail, 2, 'delivered', 'sending', {});
      expect(await statuses()).toEqual(['sent', 'sending', 'sending']);

      expect(await reconcileLocalReceipts(ses, handler, String(env.MAIL_CONFIGURATION_SET))).toBeGreaterThanOrEqual(3);
      expect(await statuses()).toEqual(['delivered', 'bounced', 'delivered']);
      const detail = (await admin.get(`/api/send-mail/${job.mail}`)).body.data as SentMailDetail;
      expect(detail.recipients.every((r) => final.has(r.status))).toBe(true);
      // The one whose Send was recorded before the kill keeps one Send, and its delivery does not precede it.
      const history = detail.recipients[2].history;
      expect(history.filter((h) => h.event === 'send')).toHaveLength(1);
      const at = (e: string) => Date.parse(history.find((h) => h.event === e)?.at ?? '');
      expect(at('delivery')).toBeGreaterThanOrEqual(at('send'));
    },
  );
});
