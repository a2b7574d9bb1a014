import { randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DescribeUserPoolClientCommand, type UserPoolClientType } from '@aws-sdk/client-cognito-identity-provider';
import type { Context } from 'hono';
import { SignJWT, importJWK } from 'jose';
import { cognitoClient } from '../platform/lib/aws.js';
import { config } from '../platform/lib/config.js';
import { clientAddress, signInThrottle, tooManySignIns } from '../features/identity/sign-in-throttle.js';
import { COGNITO_LOCAL_KID } from './emulators.js';

/** Where the local stack answers what a user pool's domain answers at `/oauth2/token` (decision 0062). */
export const LOCAL_TOKEN_PATH = '/oauth2/token';

/** The grants a person's browser asks for (`hosted-ui.ts`): `authorization_code` and `refresh_token`. */
export type UserGrants = (c: Context, form: URLSearchParams) => Promise<Response>;

/**
 * The data folder's key pair (`ensureCognitoKeys`): `private` signs the local pool's tokens, `public` checks those it
 * gets back (a refresh token).
 */
export function localSigningKey(keyFile: string, half: 'private' | 'public' = 'private'): Promise<CryptoKey | Uint8Array> {
  const keys = JSON.parse(readFileSync(keyFile, 'utf8')) as Record<'private' | 'public', { jwk: Record<string, unknown> }>;
  return importJWK(keys[half].jwk, 'RS256') as Promise<CryptoKey | Uint8Array>;
}

/**
 * A token of the local pool: `claims` signed RS256 with the pool's key (its `kid`), with the pool's issuer, `subject`,
 * issued now and expiring in `seconds`, a new `jti`, and `audience` when given (an ID token's, the app client).
 */
export async function signLocalToken(
  key: CryptoKey | Uint8Array,
  claims: Record<string, unknown>,
  opts: { subject: string; seconds: number; audience?: string },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: COGNITO_LOCAL_KID })
    .setSubject(opts.subject)
    .setIssuer(config().jwtIssuer)
    .setIssuedAt(now)
    .setExpirationTime(now + opts.seconds)
    .setJti(randomUUID());
  if (opts.audience) jwt.setAudience(opts.audience);
  return jwt.sign(key);
}

/** An OAuth 2.0 error answer (RFC 6749 §5.2), as Cognito's token endpoint writes it. */
export const oauthError = (c: Context, status: 400 | 401 | 429, error: string, description: string, headers: Record<string, string> = {}) =>
  c.json({ error, error_description: description }, status, { 'Cache-Control': 'no-store', ...headers });

/** The client id and secret of a token request: HTTP Basic (`client_secret_basic`), else the form's own fields. */
function clientOf(c: Context, form: URLSearchParams): { id: string; secret: string } | undefined {
  const basic = c.req.header('authorization')?.match(/^Basic\s+(\S+)$/i);
  if (basic) {
    const text = Buffer.from(basic[1], 'base64').toString('utf8');
    const at = text.indexOf(':');
    if (at < 1) return undefined;
    try {
      // RFC 6749 §2.3.1: both form-encoded before joining.
      return { id: decodeURIComponent(text.slice(0, at)), secret: decodeURIComponent(text.slice(at + 1)) };
    } catch {
      return undefined;
    }
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret } : undefined;
}

/** Whether two secrets are equal, compared in constant time (their bytes). */
export const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The pool's app client of `id`, if there is one (an id of another shape than Cognito's names none, unread). */
export async function appClient(id: string): Promise<UserPoolClientType | undefined> {
  if (!/^[\w-]{1,128}$/.test(id)) return undefined;
  try {
    const res = await cognitoClient().send(new DescribeUserPoolClientCommand({ UserPoolId: config().userPoolId, ClientId: id }));
    return res.UserPoolClient;
  } catch {
    return undefined;
  }
}

/** An access token's life in seconds, from the client's `AccessTokenValidity` and its unit (Cognito's default: 1 hour). */
function lifeSeconds(client: UserPoolClientType): number {
  const n = client.AccessTokenValidity ?? 60;
  const unit = client.TokenValidityUnits?.AccessToken ?? 'minutes';
  return n * (unit === 'seconds' ? 1 : unit === 'hours' ? 3600 : unit === 'days' ? 86_400 : 60);
}

/**
 * The local user pool's token endpoint for machine clients (OAuth 2.0 client credentials, RFC 6749 §4.4), which
 * cognito-local does not serve: the client's id and secret checked against the pool's app client (cognito-local's
 * `DescribeUserPoolClient`), which must allow `client_credentials`; the `scope` asked (default: every scope the
 * client allows) must be among its scopes. The access token is signed with the data folder's own key, the one the
 * pool's ID tokens are signed with, and carries what Cognito's carries (`sub` and `client_id` the client, `token_use`
 * access, `scope`, `iss`, `iat`, `exp`, `jti`). Failed attempts are slowed by the sign-in throttle, keyed on the client.
 * @param keyFile the data folder's signing keys (`ensureCognitoKeys`)
 */
export function tokenEndpoint(keyFile: string, userGrants?: UserGrants): (c: Context) => Promise<Response> {
  const signingKey = localSigningKey(keyFile);
  return async (c) => {
    const form = new URLSearchParams(await c.req.text().catch(() => ''));
    const grant = form.get('grant_type');
    if (userGrants && (grant === 'authorization_code' || grant === 'refresh_token')) return userGrants(c, form);
    if (grant !== 'client_credentials')
      return oauthError(c, 400, 'unsupported_grant_type', 'Only grant_type=client_credentials is served here');
    const asked = clientOf(c, form);
    if (!asked) return oauthError(c, 401, 'invalid_client', 'Send the client id and secret (HTTP Basic)', { 'WWW-Authenticate': 'Basic' });
    const attempt = { account: `client:${asked.id}`, address: clientAddress(c.env) };
    const throttle = signInThrottle();
    const wait = throttle.waitFor(attempt);
    if (wait > 0) {
      const { retryAfter, detail } = tooManySignIns(wait);
      return oauthError(c, 429, 'slow_down', detail, { 'Retry-After': String(retryAfter) });
    }
    const client = await appClient(asked.id);
    const ok =
      !!client?.ClientSecret && sameSecret(client.ClientSecret, asked.secret) && !!client.AllowedOAuthFlows?.includes('client_credentials');
    throttle.record(attempt, ok);
    if (!client || !ok)
      return oauthError(c, 401, 'invalid_client', 'The client id or secret is not valid', { 'WWW-Authenticate': 'Basic' });
    const allowed = client.AllowedOAuthScopes ?? [];
    const wanted = form.get('scope')?.split(/\s+/).filter(Boolean) ?? allowed;
    if (!wanted.length || wanted.some((s) => !allowed.includes(s)))
      return oauthError(c, 400, 'invalid_scope', `Ask for scopes this client holds: ${allowed.join(' ')}`);
    const life = lifeSeconds(client);
    const now = Math.floor(Date.now() / 1000);
    const token = await signLocalToken(
      await signingKey,
      { client_id: asked.id, token_use: 'access', scope: wanted.join(' '), auth_time: now, version: 2 },
      {
        subject: asked.id,
        seconds: life,
      },
    );
    return c.json({ access_token: token, expires_in: life, token_type: 'Bearer' }, 200, { 'Cache-Control': 'no-store' });
  };
}
