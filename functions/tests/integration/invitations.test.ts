import type { SentMailDetail } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, signedIn } from '../support/client.js';

/**
 * Issue 13, item 5: Add User without a password mails the new member an invitation through Send Mail's path (its
 * receipt visible to the admin) with a link that sets their password once.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
});

/** The invitation link's token, read from the message the SES emulator accepted for `address`. */
async function tokenSentTo(address: string): Promise<string> {
  const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] };
  const html = store.emails.filter((e) => e.destination.to.includes(address)).at(-1)?.body.html ?? '';
  const token = /set-password#token=([A-Za-z0-9_-]+)/.exec(html)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${address}`);
  return token;
}

describe('an invitation to a new member', { timeout: 120_000 }, () => {
  it('is mailed with a receipt, sets the password once, and the member signs in with it', async () => {
    const email = `new.member.${Date.now()}@simulator.amazonses.com`;
    const res = await client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password)).post('/api/auth/user-list', {
      email,
      role: 'faculty',
      first_name: 'Meera',
      last_name: 'Iyer',
    });
    expect(res.status).toBe(201);
    const mailId = res.body.invitation.mail as string;
    // Read as the sent-mail table polls, until the receipt says delivered (the test's time limit gives up).
    let mail: SentMailDetail | undefined;
    while (mail?.recipients[0].status !== 'delivered') {
      if (mail) await new Promise((r) => setTimeout(r, 100));
      mail = (await admin.get(`/api/send-mail/${mailId}`)).body.data;
    }
    expect(mail).toMatchObject({ purpose: 'invitation', to: [email], recipients: [{ address: email, status: 'delivered' }] });
    expect(mail?.subject).toMatch(/^Your Attain account at /);

    const token = await tokenSentTo(email);
    const anon = client(base);
    expect((await anon.post('/api/auth/set-password', { token, password: 'short' })).body.errors.fields.password).toBe(
      'At least 10 characters',
    );
    expect((await anon.post('/api/auth/set-password', { token: 'not-a-token', password: 'Meera-Pass-12!' })).status).toBe(400);
    const set = await anon.post('/api/auth/set-password', { token, password: 'Meera-Pass-12!' });
    expect(set.status).toBe(200);
    expect(await login(base, email, 'Meera-Pass-12!')).toBeTruthy();
    const again = await anon.post('/api/auth/set-password', { token, password: 'Other-Pass-12!' });
    expect(again.status).toBe(400);
    expect(again.body.errors.detail).toMatch(/expired or was already used/);
    await expect(login(base, email, 'Other-Pass-12!')).rejects.toThrow();
  });
});
