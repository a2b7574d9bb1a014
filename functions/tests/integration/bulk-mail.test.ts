import type { SentMailDetail } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetClients } from '../../src/lib/aws.js';
import { resetConfig } from '../../src/lib/config.js';
import type { MailJob } from '../../src/mail/mail-queue.js';
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
    const { queueMail } = await import('../../src/mail/queue-mail.js');
    const { setLocalMailRunner } = await import('../../src/mail/mail-queue.js');
    const { runMailJob } = await import('../../src/mail/mail-worker.js');
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
