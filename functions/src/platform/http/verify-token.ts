import {
  ACCOUNT_CLAIM,
  API_KEY_TOKEN_MINUTES,
  type Caller,
  GROUPS_CLAIM,
  TENANT_CLAIM,
  TOKEN_CLOCK_SKEW_S,
  roleFromGroups,
  scopesOfClaim,
  todayInIndia,
} from '@attain/shared-types';
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { decomposeUnverifiedJwt } from 'aws-jwt-verify/jwt';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { accessOf } from '../store/user-access.js';
import { apiKeyOf, keyStatus } from '../store/api-keys.js';
import type { Authenticate } from './authenticate.js';

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };
let verifier: Verifier | undefined;
let keyVerifier: Verifier | undefined;

/** The pool's signing keys, fetched once per process with `fetch` (an http issuer works locally). */
let jwksCache: SimpleJwksCache | undefined;
function poolKeys(): SimpleJwksCache {
  jwksCache ??= new SimpleJwksCache({
    fetcher: {
      fetch: async (uri: string) => {
        const res = await fetch(uri);
        if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
        return (await res.arrayBuffer()) as never;
      },
    },
  });
  return jwksCache;
}

/**
 * A verifier of the pool's tokens: RS256 signature against the pool's JWKS (`poolKeys`), `iss` equal to the configured
 * issuer (regional Cognito, or the local emulator's), `aud` equal to `audience` (null: not checked), not expired, and
 * what `check` asks of the payload. Uses Amazon's `aws-jwt-verify`.
 */
const poolVerifier = (audience: string | null, check: (payload: Record<string, unknown>) => boolean, refused: string): Verifier => {
  const c = config();
  return JwtVerifier.create(
    {
      issuer: c.jwtIssuer,
      audience,
      jwksUri: c.jwksUri,
      graceSeconds: TOKEN_CLOCK_SKEW_S,
      customJwtCheck: ({ payload }) => {
        if (!check(payload as Record<string, unknown>)) throw new Error(refused);
      },
    },
    { jwksCache: poolKeys() },
  ) as unknown as Verifier;
};

/** The ID-token verifier: the pool's, `aud` the app client, `token_use` id. */
function getVerifier(): Verifier {
  verifier ??= poolVerifier(config().userPoolClientId, (p) => p.token_use === 'id', 'Not an ID token');
  return verifier;
}

/**
 * The access-token verifier of API keys (decision 0062): the pool's, `token_use` access and a `client_id` (a
 * client-credentials token has no audience). Which client is a live key of which campus is the key's record's
 * (`apiKeyOf`).
 */
function getKeyVerifier(): Verifier {
  // A client-credentials token's subject is its client; a person's access token (whose subject is the person) never
  // passes as a key's, whichever client issued it.
  keyVerifier ??= poolVerifier(
    null,
    (p) => p.token_use === 'access' && typeof p.client_id === 'string' && p.sub === p.client_id,
    "Not a machine client's access token",
  );
  return keyVerifier;
}

/** Forgets the cached verifier (the local stack resets it after changing the issuer). */
export function resetVerifier(): void {
  verifier = undefined;
  keyVerifier = undefined;
  jwksCache = undefined;
}

/**
 * Reads `Authorization: Bearer <id token>` (or the spec's `token <id token>`), verifies it and returns the caller.
 * The caller's `sub` is the account's id: the token's `ACCOUNT_CLAIM` when the pool's trigger put one into a provider's
 * identity's token (one with `identities`: a sign-in through a college's provider, decision 0063), else its `sub`.
 * @throws HttpError 401 when the header is missing, the token is malformed, forged, expired or for another pool, has no
 *   `exp` or `iat` or is issued in the future or longer ago than the pool allows (`checkTokenTimes`), carries no campus
 *   or no known role, or its account's access was ended, or its session ended before it was issued (`accessOf`).
 */
export async function callerFromHeader(header: string | undefined): Promise<Caller> {
  const m = header?.match(/^(?:Bearer|token)\s+(\S+)$/i);
  if (!m) throw new HttpError(401, 'Sign in first: the request has no token');
  if (isAccessToken(m[1])) return callerOfKey(m[1]);
  let claims: Record<string, unknown>;
  try {
    claims = await getVerifier().verify(m[1]);
  } catch (e) {
    const expired = e instanceof Error && /expired/i.test(e.message);
    throw new HttpError(401, expired ? 'Your session has expired; sign in again' : 'The token is not valid; sign in again');
  }
  const issuedAt = checkTokenTimes(claims, config().idTokenMaxAgeSeconds);
  const tenant = claims[TENANT_CLAIM];
  const role = roleFromGroups(claims[GROUPS_CLAIM] as string[] | undefined);
  if (typeof tenant !== 'string' || !tenant || !role) throw new HttpError(401, 'This account is not assigned to a campus and role');
  // A college sign-in's token is the pool's federated user's (it names its provider's identity): the account it signs in
  // as is named by the pool's trigger. No other token's account claim is read.
  const account = Array.isArray(claims.identities) ? claims[ACCOUNT_CLAIM] : undefined;
  const sub = typeof account === 'string' && account ? account : String(claims.sub);
  const access = await accessOf(tenant, sub);
  if (access && access.status !== 'active') throw new HttpError(401, 'Your access has been ended by an administrator');
  if (access && issuedAt < access.valid_after) throw new HttpError(401, 'Your session was ended by an administrator; sign in again');
  return { tenant, role, user: String(claims.email ?? claims['cognito:username'] ?? sub), sub };
}

/**
 * A verified token's times, beyond its signature: `exp` present, `iat` present and not in the future, `nbf` (when
 * given) not in the future, both beyond `TOKEN_CLOCK_SKEW_S`, and `iat` no older than `maxAgeSeconds` (the pool's
 * ID-token validity, `idTokenMaxAgeSeconds`, or an API key's access-token life), whatever `exp` says.
 * @returns `iat` (epoch seconds)
 * @throws HttpError 401
 */
function checkTokenTimes(claims: Record<string, unknown>, maxAgeSeconds: number): number {
  const now = Math.floor(Date.now() / 1000);
  const { exp, iat, nbf } = claims;
  const invalid = new HttpError(401, 'The token is not valid; sign in again');
  if (typeof exp !== 'number' || typeof iat !== 'number') throw invalid;
  if (iat > now + TOKEN_CLOCK_SKEW_S || (nbf !== undefined && (typeof nbf !== 'number' || nbf > now + TOKEN_CLOCK_SKEW_S))) throw invalid;
  if (now - iat > maxAgeSeconds + TOKEN_CLOCK_SKEW_S) throw new HttpError(401, 'Your session has expired; sign in again');
  return iat;
}

/** Whether a token says it is an access token (`token_use`), read before it is verified only to pick the verifier. */
function isAccessToken(token: string): boolean {
  try {
    return decomposeUnverifiedJwt(token).payload.token_use === 'access';
  } catch {
    return false;
  }
}

/**
 * The machine client of an API key's access token (decision 0062): verified (`getKeyVerifier`), its client a key of a
 * campus (`apiKeyOf`), neither revoked nor past its last day; its scopes those both the key and the token name.
 * @throws HttpError 401 for a forged, expired or too old token, a client that is no key, a revoked or expired key
 */
async function callerOfKey(token: string): Promise<Caller> {
  let claims: Record<string, unknown>;
  try {
    claims = await getKeyVerifier().verify(token);
  } catch (e) {
    const expired = e instanceof Error && /expired/i.test(e.message);
    throw new HttpError(401, expired ? 'The access token has expired; ask the token URL for a new one' : 'The token is not valid');
  }
  checkTokenTimes(claims, API_KEY_TOKEN_MINUTES * 60);
  const key = await apiKeyOf(String(claims.client_id));
  if (!key) throw new HttpError(401, 'The token is not valid');
  if (key.revoked_at) throw new HttpError(401, 'This API key was revoked by a campus administrator');
  if (keyStatus(key, todayInIndia()) === 'expired') throw new HttpError(401, `This API key expired after ${key.expires_on}`);
  const scopes = scopesOfClaim(claims.scope).filter((s) => key.scopes.includes(s));
  return { tenant: key.campus, role: 'api-key', user: `API key “${key.name}” (${key.id})`, sub: key.id, scopes };
}

/**
 * How the local server learns who is asking: the request's own `Authorization` header, verified here.
 * @throws HttpError 401 (see `callerFromHeader`)
 */
export const callerFromRequest: Authenticate = (c) => callerFromHeader(c.req.header('authorization'));
