import { createHash, randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { ID_TOKEN_VALIDITY_S, IDP_RESPONSE_PATH, SAML_RESPONSE_PATH, errorMessage, samlEntityIdOf } from '@attain/shared-types';
import { config } from '../platform/lib/config.js';
import { publicSiteOf } from '../platform/lib/link-token.js';
import { log } from '../platform/lib/log.js';
import { type ClaimsOverride, type UserPoolTriggerEvent, preSignUp, preTokenGeneration } from '../features/identity/federated-sign-in.js';
import type { LocalFederatedUser, LocalFederation, LocalIdentityProvider } from './cognito-federation.js';
import { SAML_BINDING, firstValue, samlify } from './saml.js';
import { type UserGrants, appClient, localSigningKey, oauthError, sameSecret, signLocalToken } from './token-endpoint.js';

/**
 * The user pool domain's sign-in through a college's provider, on one machine (decision 0063), as Cognito's hosted
 * endpoints answer it in AWS (https://docs.aws.amazon.com/cognito/latest/developerguide/federation-endpoints.html):
 *
 * - `GET /oauth2/authorize?identity_provider=&client_id=&redirect_uri=&response_type=code&state=&code_challenge=`
 *   sends the browser to the provider, after checking the app client, its callback URLs and its providers: an OpenID
 *   Connect provider with its own authorization request, a SAML provider with an AuthnRequest (HTTP-Redirect, by
 *   `samlify`, as the pool's SAML entity `urn:amazon:cognito:sp:<pool id>`);
 * - `GET /oauth2/idpresponse` takes an OpenID Connect provider's code and exchanges it (the provider's ID token and
 *   userinfo, read by `oauth4webapi`); `POST /saml2/idpresponse` takes a SAML provider's response (its signature,
 *   issuer and times checked by `samlify` against the provider's metadata; its audience, destination and
 *   `InResponseTo` here), whose NameID is the identity's subject. An identity the pool meets for the first time goes to its pre sign-up trigger (`preSignUp` in
 *   AWS), and the pool makes its user (`<provider>_<subject>`, the provider's claims mapped to its attributes) only when
 *   the trigger lets it; an identity met before has its attributes mapped again. Then the pre token generation trigger
 *   (`preTokenGeneration`) says what its ID token carries. A trigger's refusal sends the browser back to the app with
 *   `error_description` "PreSignUp failed with error <words>." (or "PreTokenGeneration ..."), as Cognito does;
 * - `POST /oauth2/token` (`tokenEndpoint`) exchanges the app's code (PKCE S256) for the identity's ID, access and
 *   refresh tokens, signed with the data folder's pool key as cognito-local signs its own, and a refresh token for new
 *   ones, asking the pre token generation trigger again.
 *
 * What is pending (a sign-in at the provider, a code not yet exchanged) is kept in memory for 10 and 5 minutes: a
 * restart in between means signing in again.
 */

const PENDING_MS = 10 * 60_000;
const CODE_MS = 5 * 60_000;
/** The local refresh token's life: 30 days, as the stack's web client's (infra/lib/constructs/identity.ts). */
const REFRESH_S = 30 * 86_400;

interface PendingSignIn {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string | undefined;
  provider: string;
  nonce: string;
  verifier: string;
  /** Where the provider answers: the pool domain's `/oauth2/idpresponse`, or `/saml2/idpresponse` for SAML. */
  idpRedirect: string;
  /** The SAML AuthnRequest's id, which the response must answer (`InResponseTo`). */
  samlRequestId?: string;
  expires: number;
}

interface IssuedCode {
  /** The pool's user of the identity: `<provider>_<subject>`. */
  username: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string | undefined;
  /** What the pre token generation trigger said at the sign-in. */
  claims: ClaimsOverride | undefined;
  expires: number;
}

/** One of the pool's triggers, as the pool's `LambdaConfig` names it; returns the event with the trigger's response. */
export type UserPoolTrigger = (
  operation: 'PreSignUp' | 'PreTokenGeneration',
  event: UserPoolTriggerEvent & { userPoolId: string },
) => Promise<unknown>;

/** This process's own triggers: the functions the pool's Lambda runs in AWS. */
const inProcessTriggers: UserPoolTrigger = (operation, event) => (operation === 'PreSignUp' ? preSignUp(event) : preTokenGeneration(event));

/** Claims no pre token generation trigger may set (Cognito's own). */
const KEPT_CLAIMS = new Set([
  'acr',
  'amr',
  'aud',
  'auth_time',
  'azp',
  'exp',
  'iat',
  'identities',
  'iss',
  'jti',
  'nbf',
  'nonce',
  'sub',
  'token_use',
  'cognito:username',
]);

const random = () => randomBytes(24).toString('base64url');

/** The provider's metadata, read once per issuer (its discovery document). */
const discovered = new Map<string, Promise<oauth.AuthorizationServer>>();
function providerMetadata(issuer: string): Promise<oauth.AuthorizationServer> {
  let found = discovered.get(issuer);
  if (!found) {
    const url = new URL(issuer);
    found = oauth
      .discoveryRequest(url, { algorithm: 'oidc', [oauth.allowInsecureRequests]: url.protocol === 'http:' })
      .then((res) => oauth.processDiscoveryResponse(url, res));
    found.catch(() => discovered.delete(issuer));
    discovered.set(issuer, found);
  }
  return found;
}

/** A SAML provider read from its metadata URL, once per URL (as Cognito reads it when the provider is saved). */
const samlProviders = new Map<string, Promise<ReturnType<typeof samlify.IdentityProvider>>>();
function samlProvider(metadataUrl: string): Promise<ReturnType<typeof samlify.IdentityProvider>> {
  let found = samlProviders.get(metadataUrl);
  if (!found) {
    found = fetch(metadataUrl).then(async (res) => {
      if (!res.ok) throw new Error(`SAML metadata: HTTP ${res.status}`);
      return samlify.IdentityProvider({ metadata: await res.text() });
    });
    found.catch(() => samlProviders.delete(metadataUrl));
    samlProviders.set(metadataUrl, found);
  }
  return found;
}

/** The user pool as a SAML service provider: its entity ID, and its assertion consumer service at `acs`. */
const poolServiceProvider = (acs: string) =>
  samlify.ServiceProvider({
    entityID: samlEntityIdOf(config().userPoolId),
    assertionConsumerService: [{ Binding: SAML_BINDING.post, Location: acs }],
    wantAssertionsSigned: true,
  });

/** A page of the pool domain that cannot send the browser back (no known client or callback): one plain sentence. */
const stopPage = (c: Context, status: 400, text: string) => c.text(text, status, { 'Cache-Control': 'no-store' });

/** Sends the browser back to the app with an OAuth error, as the pool domain does. */
function backWithError(c: Context, redirectUri: string, state: string | undefined, error: string, description: string) {
  const to = new URL(redirectUri);
  to.searchParams.set('error', error);
  to.searchParams.set('error_description', description);
  if (state) to.searchParams.set('state', state);
  return c.redirect(to.toString(), 302);
}

/** `base64url(sha256(verifier))`, PKCE's S256. */
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The pool domain's `/oauth2/authorize` and `/oauth2/idpresponse` (`routes`, to mount at `/`), reading providers and
 * keeping the pool's users of their identities in `federation`, and the token endpoint's grants for people
 * (`userGrants`: `authorization_code`, `refresh_token`).
 * @param keyFile the data folder's signing keys (`ensureCognitoKeys`)
 * @param trigger the pool's triggers: this process's own, or the deployed-shape run's function
 */
export function hostedUi(
  federation: LocalFederation,
  keyFile: string,
  trigger: UserPoolTrigger = inProcessTriggers,
): { routes: Hono; userGrants: UserGrants } {
  const app = new Hono();
  const pending = new Map<string, PendingSignIn>();
  const codes = new Map<string, IssuedCode>();
  const signingKey = localSigningKey(keyFile);
  const checkingKey = localSigningKey(keyFile, 'public');
  const sweep = () => {
    const now = Date.now();
    for (const [k, v] of pending) if (v.expires < now) pending.delete(k);
    for (const [k, v] of codes) if (v.expires < now) codes.delete(k);
  };

  app.get('/oauth2/authorize', async (c) => {
    sweep();
    const q = c.req.query();
    const client = await appClient(q.client_id ?? '');
    if (!client) return stopPage(c, 400, 'This sign-in link names no app of Attain: start again from the sign-in page.');
    if (!q.redirect_uri || !(client.CallbackURLs ?? []).includes(q.redirect_uri))
      return stopPage(c, 400, 'This sign-in link sends you back to a page Attain does not know: start again from the sign-in page.');
    const back = (error: string, description: string) => backWithError(c, q.redirect_uri, q.state, error, description);
    if (q.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code is served');
    if (q.code_challenge && q.code_challenge_method !== 'S256') return back('invalid_request', 'Only code_challenge_method=S256 is served');
    const name = q.identity_provider ?? '';
    const provider = federation.provider(config().userPoolId, name);
    if (!provider || !(client.SupportedIdentityProviders ?? []).includes(name))
      return back('invalid_request', 'This college no longer signs in through its own accounts here');
    const key = random();
    const saml = provider.ProviderType === 'SAML';
    const sign: PendingSignIn = {
      clientId: client.ClientId ?? '',
      redirectUri: q.redirect_uri,
      state: q.state,
      codeChallenge: q.code_challenge,
      provider: name,
      nonce: oauth.generateRandomNonce(),
      verifier: oauth.generateRandomCodeVerifier(),
      idpRedirect: `${publicSiteOf(c.req.url)}${saml ? SAML_RESPONSE_PATH : IDP_RESPONSE_PATH}`,
      expires: Date.now() + PENDING_MS,
    };
    const unreachable = (e: unknown) => {
      log.warn('local pool domain: the provider could not be read', { provider: name, error: String(e) });
      return back('server_error', "The college's sign-in service could not be reached; try again, or use your Attain password");
    };
    if (saml) {
      let request: { id: string; context: string };
      try {
        const idp = await samlProvider(provider.ProviderDetails.MetadataURL);
        request = poolServiceProvider(sign.idpRedirect).createLoginRequest(idp, 'redirect', { relayState: key });
      } catch (e) {
        return unreachable(e);
      }
      pending.set(key, { ...sign, samlRequestId: request.id });
      return c.redirect(request.context, 302);
    }
    let as: oauth.AuthorizationServer;
    try {
      as = await providerMetadata(provider.ProviderDetails.oidc_issuer);
    } catch (e) {
      return unreachable(e);
    }
    pending.set(key, sign);
    const to = new URL(as.authorization_endpoint ?? '');
    to.searchParams.set('client_id', provider.ProviderDetails.client_id);
    to.searchParams.set('redirect_uri', sign.idpRedirect);
    to.searchParams.set('response_type', 'code');
    to.searchParams.set('scope', provider.ProviderDetails.authorize_scopes ?? 'openid email');
    to.searchParams.set('state', key);
    to.searchParams.set('nonce', sign.nonce);
    to.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(sign.verifier));
    to.searchParams.set('code_challenge_method', 'S256');
    return c.redirect(to.toString(), 302);
  });

  app.get(IDP_RESPONSE_PATH, async (c) => {
    sweep();
    const url = new URL(c.req.url);
    const key = url.searchParams.get('state') ?? '';
    const sign = pending.get(key);
    if (!sign || sign.samlRequestId)
      return stopPage(c, 400, 'This sign-in has expired or was already used: start again from the sign-in page.');
    pending.delete(key);
    const back = (error: string, description: string) => backWithError(c, sign.redirectUri, sign.state, error, description);
    const provider = federation.provider(config().userPoolId, sign.provider);
    if (!provider || provider.ProviderType === 'SAML')
      return back('invalid_request', 'This college no longer signs in through its own accounts here');
    let claims: Record<string, unknown>;
    try {
      claims = await providerClaims(provider, sign, url);
    } catch (e) {
      log.warn('local pool domain: the provider refused the sign-in', { provider: sign.provider, error: String(e) });
      return back('access_denied', "The college's sign-in did not complete: try again");
    }
    return signedInAs(c, sign, provider, String(claims.sub), claims);
  });

  app.post(SAML_RESPONSE_PATH, async (c) => {
    sweep();
    const form = await c.req.parseBody();
    const key = typeof form.RelayState === 'string' ? form.RelayState : '';
    const sign = pending.get(key);
    if (!sign?.samlRequestId) return stopPage(c, 400, 'This sign-in has expired or was already used: start again from the sign-in page.');
    pending.delete(key);
    const back = (error: string, description: string) => backWithError(c, sign.redirectUri, sign.state, error, description);
    const provider = federation.provider(config().userPoolId, sign.provider);
    if (provider?.ProviderType !== 'SAML') return back('invalid_request', 'This college no longer signs in through its own accounts here');
    let subject: string;
    let claims: Record<string, unknown>;
    try {
      const idp = await samlProvider(provider.ProviderDetails.MetadataURL);
      const { extract } = await poolServiceProvider(sign.idpRedirect).parseLoginResponse(idp, 'post', {
        body: { SAMLResponse: typeof form.SAMLResponse === 'string' ? form.SAMLResponse : '', RelayState: key },
      });
      // Beyond samlify's own checks (signature against the metadata's certificate, issuer, times): for this pool, to this
      // address, in answer to the request sent.
      if (extract.audience !== samlEntityIdOf(config().userPoolId)) throw new Error('The assertion is for another service');
      if (extract.response?.destination !== sign.idpRedirect) throw new Error('The response is for another address');
      if (extract.response?.inResponseTo !== sign.samlRequestId) throw new Error('The response answers another request');
      subject = String(extract.nameID ?? '');
      if (!subject) throw new Error('The response names nobody');
      claims = Object.fromEntries(Object.entries(extract.attributes ?? {}).map(([k, v]) => [k, firstValue(v)]));
    } catch (e) {
      log.warn('local pool domain: the SAML response was refused', { provider: sign.provider, error: String(e) });
      return back('access_denied', "The college's sign-in did not complete: try again");
    }
    return signedInAs(c, sign, provider, subject, claims);
  });

  /**
   * The end of a provider's sign-in, as the pool finishes it: the pool's user of the identity made (after the pre sign-up
   * trigger lets it) or its attributes mapped again from `claims` (`AttributeMapping`), the pre token generation trigger
   * asked, and the browser sent back to the app with a code (or the trigger's refusal).
   */
  const signedInAs = async (
    c: Context,
    sign: PendingSignIn,
    provider: LocalIdentityProvider,
    subject: string,
    claims: Record<string, unknown>,
  ) => {
    const back = (error: string, description: string) => backWithError(c, sign.redirectUri, sign.state, error, description);
    const pool = config().userPoolId;
    const username = `${sign.provider}_${subject}`;
    const attributes: Record<string, string> = {};
    for (const [attr, claim] of Object.entries(provider.AttributeMapping))
      if (claims[claim] !== undefined && claims[claim] !== null) attributes[attr] = String(claims[claim]);
    if (!federation.federatedUser(pool, username)) {
      try {
        await trigger('PreSignUp', {
          userPoolId: pool,
          triggerSource: 'PreSignUp_ExternalProvider',
          userName: username,
          request: { userAttributes: { ...attributes } },
        });
      } catch (e) {
        return back('invalid_request', `PreSignUp failed with error ${errorMessage(e, 'Unknown')}.`);
      }
    }
    // The pool's user names the identity it is for (Cognito's `identities` attribute).
    attributes.identities = JSON.stringify([
      { userId: subject, providerName: sign.provider, providerType: provider.ProviderType, issuer: null, primary: 'true' },
    ]);
    const user = federation.putFederatedUser(pool, username, attributes);
    const said = await claimsOf(username, user, 'TokenGeneration_HostedAuth');
    if (typeof said === 'string') return back('invalid_request', `PreTokenGeneration failed with error ${said}.`);
    const code = random();
    codes.set(code, {
      username,
      clientId: sign.clientId,
      redirectUri: sign.redirectUri,
      codeChallenge: sign.codeChallenge,
      claims: said,
      expires: Date.now() + CODE_MS,
    });
    const to = new URL(sign.redirectUri);
    to.searchParams.set('code', code);
    if (sign.state) to.searchParams.set('state', sign.state);
    return c.redirect(to.toString(), 302);
  };

  /**
   * What the pool's pre token generation trigger adds to the ID token of `username` (its user `user`), or its words
   * when it refuses (Cognito then issues no token).
   */
  const claimsOf = async (
    username: string,
    user: LocalFederatedUser,
    triggerSource: 'TokenGeneration_HostedAuth' | 'TokenGeneration_RefreshTokens',
  ): Promise<ClaimsOverride | undefined | string> => {
    try {
      const out = (await trigger('PreTokenGeneration', {
        userPoolId: config().userPoolId,
        triggerSource,
        userName: username,
        request: { userAttributes: { ...user.attributes, sub: user.sub, 'cognito:user_status': 'EXTERNAL_PROVIDER' } },
        response: {},
      })) as { response?: { claimsOverrideDetails?: ClaimsOverride } } | undefined;
      return out?.response?.claimsOverrideDetails;
    } catch (e) {
      return errorMessage(e, 'Unknown');
    }
  };

  /**
   * The ID, access and (with `refresh`) refresh tokens of the pool's user `username` of a provider's identity: its own
   * claims, with what the pre token generation trigger said (`claims`) over them, as Cognito writes them.
   */
  const tokensOf = async (
    username: string,
    user: LocalFederatedUser,
    claims: ClaimsOverride | undefined,
    clientId: string,
    refresh: boolean,
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const key = await signingKey;
    const attrs = user.attributes;
    const added = Object.entries(claims?.claimsToAddOrOverride ?? {}).filter(([k]) => !KEPT_CLAIMS.has(k) && k !== 'cognito:groups');
    const groups = claims?.groupOverrideDetails?.groupsToOverride ?? [];
    const idToken = await signLocalToken(
      key,
      {
        'cognito:username': username,
        ...(attrs.email ? { email: attrs.email } : {}),
        ...(attrs.email_verified ? { email_verified: attrs.email_verified === 'true' } : {}),
        identities: JSON.parse(attrs.identities ?? '[]') as unknown,
        ...Object.fromEntries(added),
        ...(groups.length ? { 'cognito:groups': groups } : {}),
        token_use: 'id',
        auth_time: now,
      },
      { subject: user.sub, seconds: ID_TOKEN_VALIDITY_S, audience: clientId },
    );
    const accessToken = await signLocalToken(
      key,
      { client_id: clientId, token_use: 'access', scope: 'openid email profile', username, auth_time: now },
      { subject: user.sub, seconds: ID_TOKEN_VALIDITY_S },
    );
    const refreshToken = refresh
      ? await signLocalToken(
          key,
          { token_use: 'refresh', client_id: clientId, 'cognito:username': username },
          { subject: user.sub, seconds: REFRESH_S },
        )
      : undefined;
    return {
      id_token: idToken,
      access_token: accessToken,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      token_type: 'Bearer',
      expires_in: ID_TOKEN_VALIDITY_S,
    };
  };

  const userGrants: UserGrants = async (c, form) => {
    const clientId = form.get('client_id') ?? '';
    const client = await appClient(clientId);
    if (!client || !(client.AllowedOAuthFlows ?? []).includes('code')) return oauthError(c, 401, 'invalid_client', 'Unknown client');
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!code || code.expires < Date.now() || code.clientId !== clientId || code.redirectUri !== form.get('redirect_uri'))
        return oauthError(c, 400, 'invalid_grant', 'The code is not valid (used, expired, or for another client or page)');
      if (code.codeChallenge && !sameSecret(s256(verifier), code.codeChallenge))
        return oauthError(c, 400, 'invalid_grant', 'The code verifier does not match');
      const user = federation.federatedUser(config().userPoolId, code.username);
      if (!user) return oauthError(c, 400, 'invalid_grant', 'The code is not valid (its user is gone)');
      return c.json(await tokensOf(code.username, user, code.claims, clientId, true), 200, { 'Cache-Control': 'no-store' });
    }
    let username: string;
    try {
      const { payload } = await jwtVerify(form.get('refresh_token') ?? '', await checkingKey, { issuer: config().jwtIssuer });
      if (payload.token_use !== 'refresh' || payload.client_id !== clientId) throw new Error('not a refresh token of this client');
      username = String(payload['cognito:username']);
    } catch {
      return oauthError(c, 400, 'invalid_grant', 'Invalid Refresh Token');
    }
    const user = federation.federatedUser(config().userPoolId, username);
    if (!user) return oauthError(c, 400, 'invalid_grant', 'Invalid Refresh Token');
    const said = await claimsOf(username, user, 'TokenGeneration_RefreshTokens');
    if (typeof said === 'string') return oauthError(c, 400, 'invalid_grant', `PreTokenGeneration failed with error ${said}.`);
    return c.json(await tokensOf(username, user, said, clientId, false), 200, { 'Cache-Control': 'no-store' });
  };
  return { routes: app, userGrants };
}

/**
 * Exchanges the provider's code for its ID token (checked: issuer, audience, expiry, nonce) and reads its userinfo,
 * as Cognito does with `attributes_request_method` GET.
 * @returns the ID token's claims with the userinfo's over them
 */
async function providerClaims(provider: LocalIdentityProvider, sign: PendingSignIn, url: URL): Promise<Record<string, unknown>> {
  const d = provider.ProviderDetails;
  const as = await providerMetadata(d.oidc_issuer);
  const client: oauth.Client = { client_id: d.client_id };
  const insecure = { [oauth.allowInsecureRequests]: new URL(d.oidc_issuer).protocol === 'http:' };
  const params = oauth.validateAuthResponse(as, client, url, oauth.skipStateCheck);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(d.client_secret),
    params,
    sign.idpRedirect,
    sign.verifier,
    insecure,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, { expectedNonce: sign.nonce, requireIdToken: true });
  const id = oauth.getValidatedIdTokenClaims(tokens);
  if (!id) throw new Error('The provider sent no ID token');
  const info = await oauth.processUserInfoResponse(
    as,
    client,
    id.sub,
    await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
  );
  return { ...id, ...info };
}
