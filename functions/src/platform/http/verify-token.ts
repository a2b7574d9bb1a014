import { type Caller, GROUPS_CLAIM, TENANT_CLAIM, TOKEN_CLOCK_SKEW_S, roleFromGroups } from '@attain/shared-types';
import { JwtVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { accessOf } from '../store/user-access.js';
import type { Authenticate } from './authenticate.js';

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };
let verifier: Verifier | undefined;

/**
 * The ID-token verifier: RS256 signature against the pool's JWKS (fetched once, cached), `iss` equal to the
 * configured issuer (regional Cognito, or the local emulator's), `aud` equal to the app client, `token_use` id,
 * and not expired. Uses Amazon's `aws-jwt-verify`; JWKS are fetched with `fetch` so an http issuer works locally.
 */
function getVerifier(): Verifier {
  if (!verifier) {
    const c = config();
    const jwksCache = new SimpleJwksCache({
      fetcher: {
        fetch: async (uri: string) => {
          const res = await fetch(uri);
          if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
          return (await res.arrayBuffer()) as never;
        },
      },
    });
    verifier = JwtVerifier.create(
      {
        issuer: c.jwtIssuer,
        audience: c.userPoolClientId,
        jwksUri: c.jwksUri,
        graceSeconds: TOKEN_CLOCK_SKEW_S,
        customJwtCheck: ({ payload }) => {
          if (payload.token_use !== 'id') throw new Error('Not an ID token');
        },
      },
      { jwksCache },
    ) as unknown as Verifier;
  }
  return verifier;
}

/** Forgets the cached verifier (the local stack resets it after changing the issuer). */
export function resetVerifier(): void {
  verifier = undefined;
}

/**
 * Reads `Authorization: Bearer <id token>` (or the spec's `token <id token>`), verifies it and returns the caller.
 * @throws HttpError 401 when the header is missing, the token is malformed, forged, expired or for another pool, has no
 *   `exp` or `iat` or is issued in the future or longer ago than the pool allows (`checkTokenTimes`), carries no campus
 *   or no known role, or its account's access was ended, or its session ended before it was issued (`accessOf`).
 */
export async function callerFromHeader(header: string | undefined): Promise<Caller> {
  const m = header?.match(/^(?:Bearer|token)\s+(\S+)$/i);
  if (!m) throw new HttpError(401, 'Sign in first: the request has no token');
  let claims: Record<string, unknown>;
  try {
    claims = await getVerifier().verify(m[1]);
  } catch (e) {
    const expired = e instanceof Error && /expired/i.test(e.message);
    throw new HttpError(401, expired ? 'Your session has expired; sign in again' : 'The token is not valid; sign in again');
  }
  const issuedAt = checkTokenTimes(claims);
  const tenant = claims[TENANT_CLAIM];
  const role = roleFromGroups(claims[GROUPS_CLAIM] as string[] | undefined);
  if (typeof tenant !== 'string' || !tenant || !role) throw new HttpError(401, 'This account is not assigned to a campus and role');
  const sub = String(claims.sub);
  const access = await accessOf(tenant, sub);
  if (access && access.status !== 'active') throw new HttpError(401, 'Your access has been ended by an administrator');
  if (access && issuedAt < access.valid_after) throw new HttpError(401, 'Your session was ended by an administrator; sign in again');
  return { tenant, role, user: String(claims.email ?? claims['cognito:username'] ?? sub), sub };
}

/**
 * A verified token's times, beyond its signature: `exp` present, `iat` present and not in the future, `nbf` (when
 * given) not in the future, both beyond `TOKEN_CLOCK_SKEW_S`, and `iat` no older than the pool's ID-token validity
 * (`idTokenMaxAgeSeconds`), whatever `exp` says.
 * @returns `iat` (epoch seconds)
 * @throws HttpError 401
 */
function checkTokenTimes(claims: Record<string, unknown>): number {
  const now = Math.floor(Date.now() / 1000);
  const { exp, iat, nbf } = claims;
  const invalid = new HttpError(401, 'The token is not valid; sign in again');
  if (typeof exp !== 'number' || typeof iat !== 'number') throw invalid;
  if (iat > now + TOKEN_CLOCK_SKEW_S || (nbf !== undefined && (typeof nbf !== 'number' || nbf > now + TOKEN_CLOCK_SKEW_S))) throw invalid;
  if (now - iat > config().idTokenMaxAgeSeconds + TOKEN_CLOCK_SKEW_S) throw new HttpError(401, 'Your session has expired; sign in again');
  return iat;
}

/**
 * How the local server learns who is asking: the request's own `Authorization` header, verified here.
 * @throws HttpError 401 (see `callerFromHeader`)
 */
export const callerFromRequest: Authenticate = (c) => callerFromHeader(c.req.header('authorization'));
