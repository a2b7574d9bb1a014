import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { LambdaContext, LambdaEvent } from 'hono/aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveTestJwks, testIssuerEnvironment } from '../support/tokens.js';

// The cloud's sign-in check: API Gateway's Lambda authorizer verifies the ID token and each API Lambda trusts what it
// passed on. These tests run both halves as API Gateway would: the authorizer on a request, then the API Lambda on
// the same request with the authorizer's answer in its event.
const iss = testIssuerEnvironment();

const { resetConfig } = await import('../../src/platform/lib/config.js');
const { resetClients } = await import('../../src/platform/lib/aws.js');
const { resetVerifier } = await import('../../src/platform/http/verify-token.js');
const { forgetCampusRegistrations } = await import('../../src/platform/store/campus-registry.js');
const { forgetUserAccess } = await import('../../src/platform/store/user-access.js');
const { forgetApiKeys } = await import('../../src/platform/store/api-keys.js');
const { handler: authorize } = await import('../../src/lambdas/api/authorizer.js');
const { handler: configurationHandler } = await import('../../src/lambdas/api/configuration.js');
/** The configuration API Lambda invoked with an HTTP API event (hono's own event type stands for `aws-lambda`'s). */
const configurationLambda = (event: APIGatewayProxyEventV2) => configurationHandler(event as unknown as LambdaEvent, {} as LambdaContext);

const ddb = mockClient(DynamoDBDocumentClient);
serveTestJwks(iss, () => {
  resetConfig();
  resetClients();
  resetVerifier();
});
beforeEach(() => {
  ddb.reset();
  forgetCampusRegistrations();
  forgetUserAccess();
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
});

/** An HTTP API (payload 2.0) request for `GET path` with these headers, as API Gateway hands it on. */
function request(path: string, headers: Record<string, string>, authorizer?: unknown): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'ANY /api/department',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'api.example', ...headers },
    isBase64Encoded: false,
    requestContext: {
      accountId: '1',
      apiId: 'a',
      domainName: 'api.example',
      domainPrefix: 'api',
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '10.0.0.1', userAgent: 'test' },
      requestId: 'r-1',
      routeKey: 'ANY /api/department',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(authorizer ? { authorizer } : {}),
    },
  } as APIGatewayProxyEventV2;
}

/** The authorizer's answer, then the API Lambda's response to the same request carrying it. */
async function throughGateway(headers: Record<string, string>) {
  const event = request('/api/department', headers);
  const answer = await authorize({ ...event, type: 'REQUEST', routeArn: 'arn', identitySource: [] } as never);
  const res = await configurationLambda({
    ...event,
    requestContext: { ...event.requestContext, authorizer: { lambda: answer.context } },
  } as never);
  return { answer, res, body: JSON.parse(res.body ?? '{}') };
}

describe('the Lambda authorizer in front of an API Lambda', () => {
  it("passes a valid token's campus and role on, and the API Lambda serves the request", async () => {
    const { answer, res, body } = await throughGateway({
      authorization: `token ${iss.sign({ 'cognito:groups': ['faculty'], email: 'teacher@campus-a.example' })}`,
    });
    expect(answer).toEqual({
      isAuthorized: true,
      context: { tenant: 'campus-a', role: 'faculty', user: 'teacher@campus-a.example', sub: 'u-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual([]);
    // API Gateway's request id is the request's id: its answer quotes it, its log lines carry it.
    expect(res.headers?.['x-request-id']).toBe('r-1');
    // The list was read from the token's campus.
    const query = ddb.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(JSON.stringify(query?.ExpressionAttributeValues)).toContain('campus-a');
  });

  it("turns an expired, forged or missing token into the API's own 401 with the reason", async () => {
    const expired = await throughGateway({ authorization: `Bearer ${iss.sign({ exp: Math.floor(Date.now() / 1000) - 60 })}` });
    expect(expired.res.statusCode).toBe(401);
    expect(expired.body.errors.detail).toBe('Your session has expired; sign in again');
    const forged = await throughGateway({ authorization: `Bearer ${iss.sign({}, iss.otherKey)}` });
    expect(forged.res.statusCode).toBe(401);
    expect(forged.body.errors.detail).toBe('The token is not valid; sign in again');
    const missing = await throughGateway({});
    expect(missing.res.statusCode).toBe(401);
    expect(missing.body.errors.detail).toBe('Sign in first: the request has no token');
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses a request that reached an API Lambda without passing the authorizer', async () => {
    const res = await configurationLambda(request('/api/department', { authorization: `Bearer ${iss.sign({})}` }));
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body ?? '{}').errors.detail).toBe('Sign in first: the request has no token');
  });
});

describe("an API key's access token through the gateway (decision 0062)", () => {
  const keyToken = (scope: string) =>
    iss.sign({
      token_use: 'access',
      client_id: 'key-1',
      sub: 'key-1',
      scope,
      aud: undefined,
      'custom:tenant': undefined,
      email: undefined,
    });
  const keyItem = (item: Record<string, unknown>) => {
    forgetApiKeys();
    ddb.on(GetCommand).callsFake((input: { Key: Record<string, string> }) => (input.Key.PK === 'APIKEY#key-1' ? { Item: item } : {}));
  };
  const stored = { campus: 'campus-a', id: 'key-1', name: 'ERP', scopes: ['structure.read'], expires_on: '2999-12-31' };

  it("passes the key's campus and the scopes both it and the token hold, and the key reads what its scope opens", async () => {
    keyItem(stored);
    const { answer, res } = await throughGateway({ authorization: `Bearer ${keyToken('attain/structure.read attain/marks.write')}` });
    expect(answer.context).toEqual({
      tenant: 'campus-a',
      role: 'api-key',
      user: 'API key “ERP” (key-1)',
      sub: 'key-1',
      scopes: 'structure.read',
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a revoked or expired key at once, and a scope the key lacks', async () => {
    keyItem({ ...stored, revoked_at: '2026-11-01T00:00:00Z' });
    const revoked = await throughGateway({ authorization: `Bearer ${keyToken('attain/structure.read')}` });
    expect(revoked.res.statusCode).toBe(401);
    expect(revoked.body.errors.detail).toBe('This API key was revoked by a campus administrator');
    keyItem({ ...stored, expires_on: '2020-01-01' });
    expect((await throughGateway({ authorization: `Bearer ${keyToken('attain/structure.read')}` })).res.statusCode).toBe(401);
    keyItem({ ...stored, scopes: ['rosters.write'] });
    expect((await throughGateway({ authorization: `Bearer ${keyToken('attain/structure.read')}` })).res.statusCode).toBe(403);
    // A person's access token (its subject the person, not the client) never passes as a key's.
    const person = iss.sign({ token_use: 'access', client_id: 'key-1', sub: 'u-1', scope: 'attain/structure.read', aud: undefined });
    expect((await throughGateway({ authorization: `Bearer ${person}` })).res.statusCode).toBe(401);
    // A key's token older than a key's tokens last, whatever its exp says.
    const now = Math.floor(Date.now() / 1000);
    const old = iss.sign({
      token_use: 'access',
      client_id: 'key-1',
      sub: 'key-1',
      scope: 'attain/structure.read',
      aud: undefined,
      iat: now - 7200,
      exp: now + 3600,
    });
    expect((await throughGateway({ authorization: `Bearer ${old}` })).res.statusCode).toBe(401);
    // An ID token is never read as a key's, whatever its claims say.
    keyItem(stored);
    const id = await throughGateway({ authorization: `Bearer ${iss.sign({ client_id: 'key-1', scope: 'attain/structure.read' })}` });
    expect(id.answer.context).toMatchObject({ role: 'admin' });
    expect(id.answer.context).not.toHaveProperty('scopes');
  });
});

describe("a token's times and its account's access", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const detail = async (claims: Record<string, unknown>) =>
    (await throughGateway({ authorization: `Bearer ${iss.sign(claims)}` })).body.errors?.detail;

  it('refuses a token without exp or iat, issued or valid only in the future, or older than the pool allows', async () => {
    expect(await detail({ exp: undefined })).toBe('The token is not valid; sign in again');
    expect(await detail({ iat: undefined })).toBe('The token is not valid; sign in again');
    expect(await detail({ iat: now() + 600 })).toBe('The token is not valid; sign in again');
    expect(await detail({ nbf: now() + 600 })).toBe('The token is not valid; sign in again');
    // Signed to last a day, but issued 2 hours ago: the pool's tokens last 1 hour.
    expect(await detail({ iat: now() - 7200, exp: now() + 86400 })).toBe('Your session has expired; sign in again');
    // Within the clock skew: accepted.
    expect(await detail({ iat: now() + 30, nbf: now() + 30 })).toBeUndefined();
  });

  it("refuses a disabled or removed account's token, and a token issued before its session was ended", async () => {
    const accessItem = (item: Record<string, unknown>) => {
      forgetUserAccess();
      ddb
        .on(GetCommand)
        .callsFake((input: { Key: Record<string, string> }) =>
          input.Key.PK === 'T#campus-a#user-access' && input.Key.SK === 'u-1' ? { Item: item } : {},
        );
    };
    accessItem({ status: 'disabled', valid_after: now() - 10 });
    expect(await detail({})).toBe('Your access has been ended by an administrator');
    accessItem({ status: 'removed', valid_after: now() - 10 });
    expect(await detail({})).toBe('Your access has been ended by an administrator');
    // Enabled again: a token of before the disabling stays refused, one issued after it works.
    accessItem({ status: 'active', valid_after: now() - 10 });
    expect(await detail({ iat: now() - 60 })).toBe('Your session was ended by an administrator; sign in again');
    expect(await detail({ iat: now() })).toBeUndefined();
  });
});
