import type { SentMail } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/features/identity/sign-in-throttle.js';
import { client, login, signedIn, until } from '../support/client.js';

/**
 * "Forgot password?" (issue 44 item 3): a link to choose a new password is mailed to an account's own address, through
 * the local stack's SES emulator as through SES; the answer never says whether an address has an account, the link
 * works once, the requests are throttled like sign-in, and both the request and its use are audited.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
const run = Date.now().toString(36);
let admin: ReturnType<typeof client>;
const anon = () => client(base);

/** The reset links the SES emulator took for `address`, oldest first, whole (the token is in the URL's fragment). */
async function resetLinksTo(address: string): Promise<string[]> {
  const store = (await (await fetch(`${ses}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { html: string } }[];
  };
  return store.emails
    .filter((e) => e.destination.to.includes(address) && e.subject === 'Choose a new password for Attain')
    .flatMap((e) => /href="([^"]*\/set-password#token=[A-Za-z0-9_-]+)"/.exec(e.body.html)?.[1] ?? []);
}

/** The campus's sent mails to `address` (what the Send Mail table lists), newest first. */
async function mailsTo(address: string): Promise<SentMail[]> {
  const res = await admin.get('/api/send-mail?limit=100');
  expect(res.status).toBe(200);
  return (res.body.data as SentMail[]).filter((m) => m.to.includes(address));
}

/** A faculty member with a first password, as an admin adds one; their account's id. */
async function member(email: string, password: string): Promise<string> {
  const res = await admin.post('/api/auth/user-list', { email, role: 'faculty', password, first_name: 'Reset', last_name: 'Test' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
});

describe('Forgot password?', { timeout: 120_000 }, () => {
  it('mails a known address a link that sets a new password once, and answers an unknown one the same', async () => {
    const email = `forgot.${run}@attain.example`;
    const sub = await member(email, 'Before-Reset-12!');
    // Anyone may call this route, so the link never follows the Origin header they send.
    const forged = await fetch(`${base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: email.toUpperCase() }),
    });
    expect(forged.status).toBe(202);
    const known = await anon().post('/api/auth/forgot-password', { email: email.toUpperCase() });
    const unknown = await anon().post('/api/auth/forgot-password', { email: `nobody.${run}@attain.example` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toMatch(/^If an Attain account signs in with this address, a link .* 60 minutes\.$/);
    // Only the account's address gets a mail; nothing is queued for the unknown one.
    const links = await until(
      () => resetLinksTo(email),
      (t) => t.length === 2,
    );
    expect(links.every((l) => l.startsWith(`${new URL(base).origin}/set-password#token=`))).toBe(true);
    const token = links[1]!.split('#token=')[1]!;
    expect(await mailsTo(`nobody.${run}@attain.example`)).toEqual([]);
    // The Send Mail table lists the mail, never its link: an administrator reading it cannot use it.
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ purpose: 'password-reset', subject: 'Choose a new password for Attain' });
    const detail = await admin.get(`/api/send-mail/${mail!.id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain(token);

    const set = await anon().post('/api/auth/set-password', { token, password: 'After-Reset-12!' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await anon().post('/api/auth/login', { email, password: 'Before-Reset-12!' })).status).toBe(401);
    expect(await login(base, email, 'After-Reset-12!')).toBeTruthy();
    // Once only.
    const again = await anon().post('/api/auth/set-password', { token, password: 'Third-Reset-12!' });
    expect(again.status).toBe(400);
    expect(again.body.errors.detail).toMatch(/^This link has expired or was already used: ask for a new one with "Forgot password\?"/);
    // Both the request and its use are in the account's audit history: asked for at the sign-in page (by anyone), set by
    // the account.
    const history = await admin.get(`/api/audit/history/user-account/${sub}`);
    expect(history.body.data.map((e: { action: string; user: string }) => [e.action, e.user]).slice(0, 3)).toEqual([
      ['set-password', email],
      ['forgot-password', 'Forgot password? (sign-in page)'],
      ['forgot-password', 'Forgot password? (sign-in page)'],
    ]);
    expect(history.body.data[0]).toMatchObject({ changes: [{ field: 'password', new: 'Set through a reset link' }] });
  });

  it('a link mailed before an administrator ended the access sets nothing, and a new request mails nothing', async () => {
    const email = `ended.${run}@attain.example`;
    const sub = await member(email, 'Ended-Pass-12!');
    expect((await anon().post('/api/auth/forgot-password', { email })).status).toBe(202);
    const [link] = await until(
      () => resetLinksTo(email),
      (t) => t.length === 1,
    );
    expect((await admin.post(`/api/auth/user-list/${sub}/access`, { action: 'disable' })).status).toBe(200);
    const used = await anon().post('/api/auth/set-password', { token: link!.split('#token=')[1], password: 'Ended-Again-12!' });
    expect(used.status).toBe(400);
    const res = await anon().post('/api/auth/forgot-password', { email });
    expect(res.status).toBe(202);
    // A mail is queued before the answer: only the first request's is listed.
    expect(await mailsTo(email)).toHaveLength(1);
    // Nothing was set: enabled again, the old password still signs in.
    expect((await admin.post(`/api/auth/user-list/${sub}/access`, { action: 'enable' })).status).toBe(200);
    expect(await login(base, email, 'Ended-Pass-12!')).toBeTruthy();
  });

  it('slows an address asked for too often, known or not, and refuses a body that is not an address', async () => {
    // The sign-in rule: the account's first `accountFreeFailures` requests and one more go through, then it waits.
    const through = SIGN_IN_LIMITS.accountFreeFailures + 1;
    for (const email of [`often.${run}@attain.example`, users.demoFaculty.email]) {
      const answers = [];
      for (let i = 0; i <= through; i++) answers.push(await anon().post('/api/auth/forgot-password', { email }));
      expect(answers.slice(0, through).map((a) => a.status)).toEqual(Array(through).fill(202));
      const refused = answers[through]!;
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.body.errors.detail).toMatch(/^Too many requests for a reset link: try again in \d+ seconds?$/);
    }
    const bad = await anon().post('/api/auth/forgot-password', { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields.email).toBeTruthy();
    const extra = await anon().post('/api/auth/forgot-password', { email: `x.${run}@attain.example`, role: 'admin' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors.fields.role).toBe('Unknown field');
  });
});
