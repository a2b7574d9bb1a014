import type { MailRecipient, SentMail, SentMailDetail } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, signedIn } from '../support/client.js';
import { pdfDocument } from '../support/sample-files.js';
import { upload } from '../support/uploads.js';

/**
 * Issue 13: Send Mail through the local stack's SES emulator, whose events (following SES's mailbox simulator) reach
 * the same receipts handler as in AWS.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
type Api = ReturnType<typeof client>;
let admin: Api;
let asha: Api;
let other: Api;

const SIM = (who: string) => `${who}@simulator.amazonses.com`;
/**
 * Subjects of this run: the SES emulator's store is one per process, shared by every local stack the test runner
 * starts (this file also runs in the deployed-shape run), so a message is told apart by its subject.
 */
const run = Date.now().toString(36);
const TIMETABLE = `Timetable for the odd semester ${run}`;
const SECOND = `Second notice ${run}`;
const FINAL = new Set(['delivered', 'bounced', 'complained', 'suppressed', 'rejected', 'skipped', 'failed']);

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  asha = await signedIn(base, users.demoFaculty);
  other = await signedIn(base, users.otherAdmin);
});

/**
 * Reads a mail until `done` holds for it, every 100 ms as the sent-mail table polls (every 2 s there); the test's own
 * time limit is what gives up, so a busy machine only makes it slower.
 */
async function until(api: Api, id: string, done: (m: SentMailDetail) => boolean): Promise<SentMailDetail> {
  for (;;) {
    const res = await api.get(`/api/send-mail/${id}`);
    expect(res.status).toBe(200);
    const mail = res.body.data as SentMailDetail;
    if (done(mail)) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
}
const byAddress = (m: SentMailDetail) => Object.fromEntries(m.recipients.map((r: MailRecipient) => [r.address, r]));
/** Every message the SES emulator accepted for `address`. */
const messagesTo = async (address: string) =>
  (
    (await (await fetch(`${ses}/store`)).json()).emails as {
      destination: { to: string[] };
      subject: string;
      attachments: { filename: string; size: number }[];
    }[]
  ).filter((e) => e.destination.to.includes(address));

describe('send mail to the mailbox simulator', { timeout: 120_000 }, () => {
  it('reaches five final statuses, one message per recipient, and puts the bounced and complaining addresses on the suppression list', async () => {
    const to = ['success', 'bounce', 'complaint', 'suppressionlist', 'ooto'].map(SIM);
    const pdf = await upload(admin, 'attachment', 'timetable.pdf', 'application/pdf', pdfDocument());
    const res = await admin.post('/api/send-mail', {
      to,
      subject: TIMETABLE,
      email_body: '<p>Please find the timetable attached.</p><script>alert(1)</script>',
      signature: 'Dean (Academics)',
      attachments: [pdf],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('successfully created');
    const queued = res.body.data as SentMail;
    expect(queued.total).toBe(5);
    expect(queued.email_body).not.toContain('script');
    // The mail's counts and its recipients are two reads, so one poll can see a recipient moved and the counts not yet:
    // wait for both to be final.
    const mail = await until(
      admin,
      queued.id,
      (m) =>
        m.recipients.every((r) => FINAL.has(r.status)) &&
        Object.keys(m.counts).every((s) => FINAL.has(s)) &&
        (m.counts.complained ?? 0) === 1,
    );
    const got = byAddress(mail);
    expect(got[SIM('success')].status).toBe('delivered');
    expect(got[SIM('ooto')].status).toBe('delivered');
    expect(got[SIM('bounce')].status).toBe('bounced');
    expect(got[SIM('complaint')].status).toBe('complained');
    expect(got[SIM('suppressionlist')].status).toBe('suppressed');
    expect(mail.counts).toEqual({ delivered: 2, bounced: 1, complained: 1, suppressed: 1 });
    expect(mail.state).toBe('sent');
    // Each recipient's history carries SES's events in order, with the words of the bounce.
    expect(got[SIM('complaint')].history.map((h) => h.event)).toEqual(['queued', 'send', 'delivery', 'complaint']);
    expect(got[SIM('bounce')].history.at(-1)?.detail).toBe('Permanent bounce: General');
    // One message each, with the attachment, the signature and the sanitised body.
    for (const address of to) {
      const msgs = await messagesTo(address);
      const mine = msgs.filter((m) => m.subject === TIMETABLE);
      expect(mine).toHaveLength(1);
      expect(mine[0].attachments.map((a) => a.filename)).toEqual(['timetable.pdf']);
    }
    const list = (await admin.get('/api/mail-suppression')).body.data.map(
      (s: { address: string; reason: string }) => `${s.address} ${s.reason}`,
    );
    expect(list).toEqual(
      expect.arrayContaining([`${SIM('bounce')} bounce`, `${SIM('complaint')} complaint`, `${SIM('suppressionlist')} bounce`]),
    );
    expect(list.some((l: string) => l.startsWith(SIM('success')))).toBe(false);
  });

  it('skips a suppressed address next time and says so, and sends to it again once an admin clears it', async () => {
    const first = await admin.post('/api/send-mail', {
      to: [SIM('bounce'), SIM('success')],
      subject: SECOND,
      email_body: '<p>Hello</p>',
    });
    expect(first.status).toBe(201);
    expect(first.body.skipped).toEqual([{ address: SIM('bounce'), reason: expect.stringMatching(/suppression list .*bounced/) }]);
    const mail = await until(admin, first.body.data.id, (m) => m.state === 'sent' && m.recipients.every((r) => FINAL.has(r.status)));
    expect(byAddress(mail)[SIM('bounce')]).toMatchObject({ status: 'skipped', note: expect.stringMatching(/suppression list/) });
    expect((await messagesTo(SIM('bounce'))).filter((m) => m.subject === SECOND)).toHaveLength(0);

    expect((await asha.del(`/api/mail-suppression/${encodeURIComponent(SIM('bounce'))}`)).status).toBe(403);
    expect((await other.del(`/api/mail-suppression/${encodeURIComponent(SIM('bounce'))}`)).status).toBe(404);
    expect((await admin.del(`/api/mail-suppression/${encodeURIComponent(SIM('bounce'))}`)).status).toBe(204);
    expect((await admin.del(`/api/mail-suppression/${encodeURIComponent(SIM('bounce'))}`)).status).toBe(404);
    // A blank address is on no list: 404, not a refused storage key.
    const blank = await admin.del('/api/mail-suppression/%20');
    expect(blank.status).toBe(404);
    expect(blank.body.errors.detail).toMatch(/is not on the suppression list/);
    // The removal and the mail are in the audit trail: who took the address off and why it was listed.
    const removal = await admin.get(`/api/audit/history/mail-suppression/${encodeURIComponent(SIM('bounce'))}`);
    expect(removal.status).toBe(200);
    expect(removal.body.data).toHaveLength(1);
    expect(removal.body.data[0]).toMatchObject({ action: 'delete', user: users.demoAdmin.email, record_label: SIM('bounce') });
    expect(removal.body.data[0].changes).toContainEqual(expect.objectContaining({ field: 'reason', old: 'bounce' }));
    const sent = await admin.get(`/api/audit/history/sent-mail/${first.body.data.id}`);
    expect(sent.body.data?.[0]).toMatchObject({ action: 'create', record_label: SECOND });
    expect(sent.body.data[0].changes).toContainEqual(expect.objectContaining({ field: 'to', new: `${SIM('bounce')}, ${SIM('success')}` }));
    const again = await admin.post('/api/send-mail', { to: [SIM('bounce')], subject: 'Third notice', email_body: '<p>Hello</p>' });
    expect(again.body.skipped).toEqual([]);
    await until(admin, again.body.data.id, (m) => m.recipients[0].status === 'bounced');
  });
});

describe('the rules of Send Mail', () => {
  it("answers the spec's messages for bad input and keeps nothing", async () => {
    const before = (await admin.get('/api/send-mail')).body.data.length;
    const res = await admin.post('/api/send-mail', {
      to: ['principal@college.example', 'not-an-address'],
      cc: ['x@'],
      subject: '',
      email_body: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields).toEqual({
      to: 'Not valid email (address 2)',
      cc: 'Not valid email (address 1)',
      subject: 'Required',
      email_body: 'Required',
    });
    expect((await admin.post('/api/send-mail', { subject: 'x', email_body: '<p>x</p>' })).body.errors.fields.to).toBe('Required');
    expect((await admin.get('/api/send-mail')).body.data.length).toBe(before);
  });
  it('refuses attachments over 10 MB in all, and files that are not the sender’s own uploads', async () => {
    const big = (n: number) => Buffer.concat([pdfDocument(), Buffer.alloc(n * 1024 * 1024, 0x20)]);
    const a = await upload(admin, 'attachment', 'a.pdf', 'application/pdf', big(6));
    const b = await upload(admin, 'attachment', 'b.pdf', 'application/pdf', big(5));
    const res = await admin.post('/api/send-mail', { to: [SIM('success')], subject: 'Big', email_body: '<p>x</p>', attachments: [a, b] });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields.attachments).toMatch(/At most 10\.0 MB in all/);
    const hers = await upload(asha, 'attachment', 'hers.pdf', 'application/pdf', pdfDocument());
    const notMine = await admin.post('/api/send-mail', { to: [SIM('success')], subject: 'x', email_body: '<p>x</p>', attachments: [hers] });
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors.fields.attachments).toBe('Not a file uploaded here');
  });
  it('lets faculty mail only students of their own courses, and shows each member only their own mails', async () => {
    const res = await asha.post('/api/send-mail', { to: ['principal@college.example'], subject: 'Hello', email_body: '<p>x</p>' });
    expect(res.status).toBe(403);
    expect(res.body.errors.detail).toMatch(/students of their own courses; principal@college.example is not one of them/);
    const adminMails = (await admin.get('/api/send-mail')).body.data as SentMail[];
    expect(adminMails.length).toBeGreaterThan(0);
    expect((await asha.get('/api/send-mail')).body.data).toEqual([]);
    expect((await asha.get(`/api/send-mail/${adminMails[0].id}`)).status).toBe(404);
    expect((await asha.get('/api/mail-suppression')).status).toBe(403);
  });
  it("keeps another campus's mail, receipts and suppression list out of sight", async () => {
    const demo = (await admin.get('/api/send-mail')).body.data as SentMail[];
    expect((await other.get(`/api/send-mail/${demo[0].id}`)).status).toBe(404);
    expect((await other.post(`/api/send-mail/${demo[0].id}/resume`, {})).status).toBe(404);
    const theirs = (await other.get('/api/send-mail')).body.data as SentMail[];
    expect(theirs.map((m) => m.id)).not.toContain(demo[0].id);
    expect((await other.get('/api/mail-suppression')).body.data).toEqual([]);
  });
  it('refuses to resume a mail that is not stopped', async () => {
    const sent = ((await admin.get('/api/send-mail')).body.data as SentMail[]).find((m) => m.state === 'sent');
    const res = await admin.post(`/api/send-mail/${sent?.id}/resume`, {});
    expect(res.status).toBe(409);
  });
});
