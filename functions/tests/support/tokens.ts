import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, vi } from 'vitest';

/** A test signing key and its JWKS, standing in for a Cognito user pool. */
export function testIssuer(issuer = 'https://cognito-idp.ap-south-1.amazonaws.com/ap-south-1_TEST', audience = 'test-client') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  /** Signs an ID token with this issuer's key; `claims` override the defaults. */
  const sign = (claims: Record<string, unknown>, key = privateKey) => {
    const now = Math.floor(Date.now() / 1000);
    const header = b64({ alg: 'RS256', kid: 'k1', typ: 'JWT' });
    const payload = b64({
      iss: issuer,
      aud: audience,
      token_use: 'id',
      iat: now,
      exp: now + 3600,
      sub: 'u-1',
      email: 'admin@campus-a.example',
      'custom:tenant': 'campus-a',
      'cognito:groups': ['admin'],
      ...claims,
    });
    const sig = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key).toString('base64url');
    return `${header}.${payload}.${sig}`;
  };
  return { issuer, audience, jwks: { keys: [jwk] }, sign, otherKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
}

/**
 * A test issuer whose pool the process's configuration names (user pool, app client, issuer), with a test table and
 * region and dummy AWS keys: set before the code under test is imported, as a Lambda's environment would be.
 */
export function testIssuerEnvironment(): ReturnType<typeof testIssuer> {
  const iss = testIssuer();
  process.env.USER_POOL_ID = 'ap-south-1_TEST';
  process.env.USER_POOL_CLIENT_ID = iss.audience;
  process.env.JWT_ISSUER = iss.issuer;
  // The cloud pool's settings: a worker started after the integration stack inherits the local stack's environment
  // (its day-long token validity and its emulator's JWKS address).
  process.env.ID_TOKEN_MAX_AGE_S = '3600';
  delete process.env.JWKS_URI;
  process.env.TABLE_NAME = 'attain-test';
  process.env.AWS_REGION = 'ap-south-1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  return iss;
}

/**
 * For the tests of the calling file: before them, `reset` (the code's cached configuration, clients and verifier) and
 * `fetch` answering every request with the issuer's JWKS; after them, the real `fetch` again.
 */
export function serveTestJwks(iss: ReturnType<typeof testIssuer>, reset: () => void): void {
  const realFetch = globalThis.fetch;
  beforeAll(() => {
    reset();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(iss.jwks), { headers: { 'content-type': 'application/json' } }));
  });
  afterAll(() => {
    vi.stubGlobal('fetch', realFetch);
  });
}
