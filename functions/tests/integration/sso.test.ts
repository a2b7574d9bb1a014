import type { AuditEntry, IdentityProviderSetting, SsoLookup } from '@attain/shared-types';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, signedIn } from '../support/client.js';
import { exchangeCode, ssoBrowser } from '../support/sso.js';

/**
 * Sign-in with the college's accounts (issue 44 item 2, decision 0063), against the local stack's own OpenID provider
 * (`oidc-provider`, registered as the demo campus's for attain.example) through the local pool domain, as a browser
 * does it: a person with an Attain account signs in through the provider and gets a token naming their own account; an
 * address of another campus's domain, or one Attain does not know, is refused and nothing is linked; an ended access
 * gets no token; a changed provider's links are asked the rule again.
 */
const base = inject('stackUrl');
const users = inject('users');
const samlMetadataUrl = inject('samlMetadataUrl');
let clientId: string;
let provider: string;
const redirectUri = `${base}/sso/callback`;

beforeAll(async () => {
  const config = (await (await fetch(`${base}/config.json`)).json()) as { userPoolClientId: string; oauthDomain?: string };
  clientId = config.userPoolClientId;
  expect(config.oauthDomain).toBe(base);
  const found = (await client(base).get(`/api/auth/sso?domain=${users.demoFaculty.email.split('@')[1]}`)).body as SsoLookup;
  provider = found.provider?.identity_provider ?? '';
  // The pool's name of the demo campus's provider: `campus-` and 24 hex digits of its id's SHA-256.
  expect(provider).toMatch(/^campus-[0-9a-f]{24}$/);
});

/** The pool domain's refresh grant. */
const refresh = (refreshToken: string) =>
  fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }),
  });

describe('Sign-in through the college provider', { timeout: 120_000 }, () => {
  it('says which domain signs in through a provider, asked by the domain alone, written in any case', async () => {
    const anon = client(base);
    const known = await anon.get(`/api/auth/sso?domain=${users.demoFaculty.email.split('@')[1]}`);
    const unknown = await anon.get('/api/auth/sso?domain=Attain.Example');
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.provider.name).toBe('Attain Demo College accounts');
    expect((await anon.get('/api/auth/sso?domain=elsewhere.example')).body).toEqual({ provider: null });
    const bad = await anon.get('/api/auth/sso?domain=not%20a%20domain');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields.domain).toBeTruthy();
  });

  it("links a known address at the first sign-in, and signs in as that person's own account", async () => {
    const browser = ssoBrowser();
    const start = { domain: base, clientId, provider, redirectUri, login: users.demoFaculty.email };
    // The first sign-in links the identity to the account and comes straight back with a code.
    const first = await browser.signIn(start);
    expect(first.error_description).toBeUndefined();
    expect(first.code).toBeTruthy();
    const res = await exchangeCode(base, clientId, first);
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { id_token: string; refresh_token: string };
    const claims = decodeJwt(tokens.id_token);
    // The pool's user of the identity is its own (no Cognito link to the account): the trigger names the account.
    expect(claims['cognito:username']).toBe(`${provider}_${String((claims.identities as { userId: string }[])[0].userId)}`);
    expect(claims.email).toBe(users.demoFaculty.email);
    expect(claims['custom:tenant']).toBe('demo');
    expect(claims['cognito:groups']).toEqual(['faculty']);
    // The token opens Attain as that person: the same profile a password sign-in reads.
    const me = await client(base, tokens.id_token).get('/api/auth/profile');
    expect(me.status).toBe(200);
    const viaPassword = await (await signedIn(base, users.demoFaculty)).get('/api/auth/profile');
    expect(me.body.data.id).toBe(viaPassword.body.data.id);
    expect(claims['attain:account']).toBe(viaPassword.body.data.id);
    expect(claims.sub).not.toBe(viaPassword.body.data.id);
    // A code works once.
    expect((await exchangeCode(base, clientId, first)).status).toBe(400);
    // A second sign-in finds the link: the same account, and no second audit entry.
    const again = await browser.signIn(start);
    const second = decodeJwt(((await (await exchangeCode(base, clientId, again)).json()) as { id_token: string }).id_token);
    expect(second.sub).toBe(claims.sub);
    expect(second['attain:account']).toBe(claims['attain:account']);
    // The refresh token gets a new ID token for the same person.
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(((await refreshed.json()) as { id_token: string }).id_token)['attain:account']).toBe(claims['attain:account']);
    // The campus's audit says the account was linked, by whom and through what, once.
    const admin = await signedIn(base, users.demoAdmin);
    const audit = await admin.get(`/api/audit/history/user-account/${String(claims['attain:account'])}`);
    const linked = (audit.body.data as AuditEntry[]).filter((e) => e.action === 'link');
    expect(linked).toHaveLength(1);
    expect(linked[0].changes[0].new).toMatch(/Attain Demo College accounts/);
  });

  it('issues no token once the access or session is ended, or the provider changed, until the person signs in again', async () => {
    const admin = await signedIn(base, users.demoAdmin);
    const email = `ravi.kumar.${Date.now().toString(36)}@attain.example`;
    const added = await admin.post('/api/auth/user-list', { email, role: 'faculty', first_name: 'Ravi', last_name: 'Kumar' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const account = String(added.body.data.id);
    const browser = ssoBrowser();
    const start = { domain: base, clientId, provider, redirectUri, login: email };
    const tokens = (await (await exchangeCode(base, clientId, await browser.signIn(start))).json()) as {
      refresh_token: string;
      id_token: string;
    };
    expect(decodeJwt(tokens.id_token)['attain:account']).toBe(account);
    // The admin ends the access: the refresh is refused, with the pool's words, and so is a new sign-in.
    expect((await admin.post(`/api/auth/user-list/${account}/access`, { action: 'disable' })).status).toBe(200);
    // Tokens carry whole seconds: an end of access refuses every sign-in up to the end of its second.
    const endedUntil = (Math.floor(Date.now() / 1000) + 1) * 1000;
    const refused = await refresh(tokens.refresh_token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/access to Attain has been ended/),
    });
    const signIn = await browser.signIn(start);
    expect(signIn.code).toBeUndefined();
    expect(signIn.error_description).toMatch(/^PreTokenGeneration failed with error Your access to Attain has been ended/);
    expect((await admin.post(`/api/auth/user-list/${account}/access`, { action: 'enable' })).status).toBe(200);
    // Access given back: the old session stays ended (as a password session's), a new sign-in works.
    const stale = await refresh(tokens.refresh_token);
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ error_description: expect.stringMatching(/session was ended by an administrator/) });
    while (Date.now() < endedUntil) await new Promise((r) => setTimeout(r, 50));
    const back = (await (await exchangeCode(base, clientId, await browser.signIn(start))).json()) as { refresh_token: string };
    expect((await refresh(back.refresh_token)).status).toBe(200);
    // A change of the provider's domains: sessions made before it end at their next refresh; a new sign-in is asked the
    // rule again and linked again (a second audit entry).
    const now = ((await admin.get('/api/auth/identity-provider')).body as IdentityProviderSetting).provider;
    if (!now) throw new Error('The demo campus has no provider');
    const keep = { name: now.name, issuer: now.issuer, client_id: now.client_id, account_domains: now.account_domains };
    const colleague = {
      email: `dean.${Date.now().toString(36)}@staff.attain.example`,
      role: 'faculty',
      first_name: 'Staff',
      last_name: 'Dean',
    };
    expect((await admin.post('/api/auth/user-list', colleague)).status).toBe(201);
    expect((await admin.put('/api/auth/identity-provider', { ...keep, domains: [...now.domains, 'staff.attain.example'] })).status).toBe(
      200,
    );
    try {
      const changed = await refresh(back.refresh_token);
      expect(changed.status).toBe(400);
      expect(await changed.json()).toMatchObject({
        error_description: expect.stringMatching(/sign-in to Attain was changed: sign in again/),
      });
      const again = (await (await exchangeCode(base, clientId, await browser.signIn(start))).json()) as { id_token: string };
      expect(decodeJwt(again.id_token)['attain:account']).toBe(account);
      const audit = await admin.get(`/api/audit/history/user-account/${account}`);
      expect((audit.body.data as AuditEntry[]).filter((e) => e.action === 'link')).toHaveLength(2);
    } finally {
      expect((await admin.put('/api/auth/identity-provider', { ...keep, domains: now.domains })).status).toBe(200);
    }
  });

  it("refuses an address of another campus's domain, and one Attain does not know, linking nothing", async () => {
    for (const login of [users.otherAdmin.email, 'nobody.here@attain.example']) {
      const browser = ssoBrowser();
      const start = { domain: base, clientId, provider, redirectUri, login };
      const first = await browser.signIn(start);
      expect(first.code).toBeUndefined();
      expect(first.error_description).toMatch(
        login === users.otherAdmin.email
          ? /is not an address of Attain Demo College accounts \(attain\.example\)/
          : /No Attain account at this college uses/,
      );
      // Nothing was linked: a second try is refused the same way.
      const again = await browser.signIn(start);
      expect(again.code).toBeUndefined();
      expect(again.error_description).toBe(first.error_description);
    }
  });

  it('makes a faculty account for a new address of a domain the admin opened, and for no other', async () => {
    const admin = await signedIn(base, users.demoAdmin);
    const now = ((await admin.get('/api/auth/identity-provider')).body as IdentityProviderSetting).provider;
    if (!now) throw new Error('The demo campus has no provider');
    const keep = { name: now.name, issuer: now.issuer, client_id: now.client_id };
    // The campus uses the domain: one of its people has an address there.
    const head = { email: `head.${Date.now().toString(36)}@staff.attain.example`, role: 'faculty', first_name: 'Staff', last_name: 'Head' };
    expect((await admin.post('/api/auth/user-list', head)).status).toBe(201);
    const stray = await admin.put('/api/auth/identity-provider', {
      ...keep,
      domains: now.domains,
      account_domains: ['staff.attain.example'],
    });
    expect(stray.status).toBe(400);
    expect(stray.body.errors.fields.account_domains).toMatch(/staff\.attain\.example is not among the e-mail domains/);
    const opened = await admin.put('/api/auth/identity-provider', {
      ...keep,
      domains: [...now.domains, 'staff.attain.example'],
      account_domains: ['staff.attain.example'],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    try {
      const email = `meena.iyer.${Date.now().toString(36)}@staff.attain.example`;
      const browser = ssoBrowser();
      const start = { domain: base, clientId, provider, redirectUri, login: email };
      const tokens = (await (await exchangeCode(base, clientId, await browser.signIn(start))).json()) as { id_token: string };
      const claims = decodeJwt(tokens.id_token);
      expect(claims['custom:tenant']).toBe('demo');
      expect(claims['cognito:groups']).toEqual(['faculty']);
      // A faculty member of the campus, named as the provider names them, in the campus's user list.
      const listed = (await admin.get('/api/auth/user-list')).body.data as { email: string; first_name: string; last_name: string }[];
      expect(listed.find((u) => u.email === email)).toMatchObject({ first_name: 'Meena Iyer', last_name: expect.any(String) });
      // The domain still sends only known addresses in (attain.example was not opened).
      const other = ssoBrowser();
      const refused = await other.signIn({ ...start, login: `someone.new.${Date.now().toString(36)}@attain.example` });
      expect(refused.error_description).toMatch(/No Attain account at this college uses/);
    } finally {
      await admin.put('/api/auth/identity-provider', { ...keep, domains: now.domains, account_domains: [] });
    }
  });

  it('refuses a sign-in link naming another page, a provider not enabled, or a code for another client', async () => {
    const authorize = (q: Record<string, string>) => fetch(`${base}/oauth2/authorize?${new URLSearchParams(q)}`, { redirect: 'manual' });
    const bad = await authorize({
      identity_provider: provider,
      client_id: clientId,
      redirect_uri: 'https://evil.example/cb',
      response_type: 'code',
    });
    expect(bad.status).toBe(400);
    const none = await authorize({
      identity_provider: 'campus-nowhere',
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 's1',
    });
    expect(none.status).toBe(302);
    const back = new URL(none.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('s1');
    const forged = await exchangeCode(base, clientId, { code: 'made-up', verifier: 'x', redirectUri });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it("lets only the campus's admins set its provider, and no campus claim another's domain", async () => {
    const admin = await signedIn(base, users.demoAdmin);
    const setting = (await admin.get('/api/auth/identity-provider')).body as IdentityProviderSetting;
    expect(setting.provider?.domains).toEqual(['attain.example']);
    expect(setting.provider?.redirect_uri).toBe(`${base}/oauth2/idpresponse`);
    expect(JSON.stringify(setting)).not.toMatch(/secret/);
    const faculty = await signedIn(base, users.demoFaculty);
    expect((await faculty.get('/api/auth/identity-provider')).status).toBe(403);
    const other = await signedIn(base, users.otherAdmin);
    const claim = {
      name: 'Other Google',
      issuer: 'https://accounts.google.com',
      client_id: 'other-client',
      client_secret: 'other-secret',
      domains: ['Attain.Example'],
    };
    // A domain the campus does not use, or a public mail service's, is refused; one another campus holds is a conflict.
    const publicMail = await other.put('/api/auth/identity-provider', { ...claim, domains: ['gmail.com'] });
    expect(publicMail.status).toBe(400);
    expect(publicMail.body.errors.fields.domains).toMatch(/gmail\.com is a public mail service/);
    const unused = await other.put('/api/auth/identity-provider', claim);
    expect(unused.status).toBe(400);
    expect(unused.body.errors.fields.domains).toMatch(/No account of this campus has an address in attain\.example/);
    const visitor = {
      email: `visiting.${Date.now().toString(36)}@attain.example`,
      role: 'faculty',
      first_name: 'Visiting',
      last_name: 'Lecturer',
    };
    expect((await other.post('/api/auth/user-list', visitor)).status).toBe(201);
    const taken = await other.put('/api/auth/identity-provider', claim);
    expect(taken.status).toBe(409);
    expect(taken.body.errors.fields.domains).toMatch(/attain\.example is another campus's/);
    const noSecret = await other.put('/api/auth/identity-provider', {
      ...claim,
      client_secret: undefined,
      domains: ['other-campus.example'],
    });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors.fields.client_secret).toBeTruthy();
    // Neither refused save left anything: the other campus has no provider and the domain still leads to the demo's.
    expect(((await other.get('/api/auth/identity-provider')).body as IdentityProviderSetting).provider).toBeNull();
    expect(((await client(base).get('/api/auth/sso?domain=other-campus.example')).body as SsoLookup).provider).toBeNull();
    const plain = await other.put('/api/auth/identity-provider', {
      ...claim,
      issuer: 'http://accounts.example',
      domains: ['other-campus.example'],
    });
    expect(plain.status).toBe(400);
    expect(plain.body.errors.fields.issuer).toBeTruthy();
  });

  it('signs a person in through a SAML provider by its metadata, and refuses an address it does not know', async () => {
    const other = await signedIn(base, users.otherAdmin);
    const domain = users.otherAdmin.email.split('@')[1];
    const saml = { name: 'Other College SAML', protocol: 'saml', metadata_url: samlMetadataUrl, domains: [domain] };
    const noMetadata = await other.put('/api/auth/identity-provider', { ...saml, metadata_url: 'ftp://idp.example/metadata' });
    expect(noMetadata.status).toBe(400);
    expect(noMetadata.body.errors.fields.metadata_url).toMatch(/SAML metadata URL/);
    const saved = await other.put('/api/auth/identity-provider', { ...saml, issuer: 'left over from the other protocol' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const setting = saved.body as IdentityProviderSetting;
    expect(setting.provider).toMatchObject({ protocol: 'saml', metadata_url: samlMetadataUrl, issuer: '', client_id: '' });
    // What the college registers for Attain: the pool's entity ID and its assertion consumer service.
    expect(setting.saml.entity_id).toMatch(/^urn:amazon:cognito:sp:/);
    expect(setting.saml.acs_url).toBe(`${base}/saml2/idpresponse`);
    try {
      const samlProvider = setting.provider?.provider_name ?? '';
      const start = { domain: base, clientId, provider: samlProvider, redirectUri, login: users.otherAdmin.email };
      const outcome = await ssoBrowser().signIn(start);
      expect(outcome.error_description).toBeUndefined();
      const tokens = (await (await exchangeCode(base, clientId, outcome)).json()) as { id_token: string };
      const claims = decodeJwt(tokens.id_token);
      expect(claims['custom:tenant']).toBe('other');
      expect(claims['cognito:groups']).toEqual(['admin']);
      const me = await client(base, tokens.id_token).get('/api/auth/profile');
      const viaPassword = await other.get('/api/auth/profile');
      expect(me.body.data.id).toBe(viaPassword.body.data.id);
      const unknown = await ssoBrowser().signIn({ ...start, login: `nobody.${Date.now().toString(36)}@${domain}` });
      expect(unknown.code).toBeUndefined();
      expect(unknown.error_description).toMatch(/No Attain account at this college uses/);
      // A response altered after the provider signed it (someone else's address put in) is refused, nothing linked.
      const forged = await ssoBrowser().signIn({
        ...start,
        login: `nobody.${Date.now().toString(36)}@${domain}`,
        tamper: (xml) => xml.replace(/nobody\.[a-z0-9]+@[a-z.-]+/g, users.otherAdmin.email),
      });
      expect(forged.code).toBeUndefined();
      expect(forged.error).toBe('access_denied');
      // A switch to OpenID Connect without its secret is refused before the pool's SAML provider is touched.
      const noSecret = await other.put('/api/auth/identity-provider', {
        name: saml.name,
        protocol: 'oidc',
        issuer: 'https://accounts.google.com',
        client_id: 'other-client',
        domains: saml.domains,
      });
      expect(noSecret.status).toBe(400);
      expect(noSecret.body.errors.fields.client_secret).toBeTruthy();
      expect(((await other.get('/api/auth/identity-provider')).body as IdentityProviderSetting).provider?.protocol).toBe('saml');
      expect((await ssoBrowser().signIn(start)).code).toBeTruthy();
    } finally {
      expect((await other.del('/api/auth/identity-provider')).status).toBe(204);
    }
  });
});
