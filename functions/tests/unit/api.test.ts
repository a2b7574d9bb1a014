import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { forgetCampusRegistrations } from '../../src/platform/store/campus-registry.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveTestJwks, testIssuerEnvironment } from '../support/tokens.js';
import { setLogOutput } from '../../src/local/log-output.js';

const iss = testIssuerEnvironment();

const { buildApp } = await import('../../src/platform/http/app.js');
const { resetConfig } = await import('../../src/platform/lib/config.js');
const { resetClients } = await import('../../src/platform/lib/aws.js');
const { resetVerifier, callerFromRequest } = await import('../../src/platform/http/verify-token.js');

const ddb = mockClient(DynamoDBDocumentClient);
const { authDomain } = await import('../../src/lambdas/bundles/auth.js');
const { configurationDomain } = await import('../../src/lambdas/bundles/configuration.js');
const app = buildApp([authDomain, configurationDomain], callerFromRequest);
const admin = iss.sign({});
const faculty = iss.sign({ 'cognito:groups': ['faculty'], email: 'teacher@campus-a.example' });

const call = (method: string, path: string, opts: { token?: string | null; body?: unknown; raw?: string; auth?: string } = {}) =>
  app.request(path, {
    method,
    headers: {
      ...(opts.token === null ? {} : { authorization: opts.auth ?? `Bearer ${opts.token ?? admin}` }),
      ...(opts.body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.raw ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });

serveTestJwks(iss, () => {
  resetConfig();
  resetClients();
  resetVerifier();
});
/** The campus's registration (issue 16): campus-a belongs to no group, so its users work as before. */
const REGISTRATION = { PK: 'T#campus-a#campus-registration', SK: 'campus' };
const isRegistrationRead = (c: ReturnType<typeof ddb.calls>[number]) =>
  c.args[0] instanceof GetCommand && c.args[0].input.Key?.PK === REGISTRATION.PK;
/** The read of the caller's access (`user-access.ts`), once per caller per 30 s. */
const isAccessRead = (c: ReturnType<typeof ddb.calls>[number]) =>
  c.args[0] instanceof GetCommand && String(c.args[0].input.Key?.PK).endsWith('#user-access');
/** DynamoDB calls for the data itself: the registration read, once per cold instance, and the access read are counted apart. */
const dataCalls = () => ddb.calls().filter((c) => !isRegistrationRead(c) && !isAccessRead(c));
beforeEach(() => {
  ddb.reset();
  forgetCampusRegistrations();
  ddb.on(GetCommand, { Key: REGISTRATION }).resolves({});
  // The campus's change stamp a write of a summarised record sets (`noteCampusChange`): no refresh queued before.
  ddb.on(UpdateCommand).resolves({});
});

describe('authentication', () => {
  it('answers 401 with errors.detail when there is no token, and touches no data', async () => {
    const res = await call('GET', '/api/department', { token: null });
    expect(res.status).toBe(401);
    expect((await res.json()).errors.detail).toMatch(/Sign in/);
    expect(dataCalls()).toHaveLength(0);
  });
  it('refuses a token signed by another key, an expired token and a token without a campus', async () => {
    expect((await call('GET', '/api/department', { token: iss.sign({}, iss.otherKey) })).status).toBe(401);
    const expired = await call('GET', '/api/department', { token: iss.sign({ exp: Math.floor(Date.now() / 1000) - 60 }) });
    expect(expired.status).toBe(401);
    expect((await expired.json()).errors.detail).toMatch(/expired/);
    expect((await call('GET', '/api/department', { token: iss.sign({ 'custom:tenant': undefined }) })).status).toBe(401);
    expect((await call('GET', '/api/department', { token: iss.sign({ aud: 'another-app' }) })).status).toBe(401);
    expect(dataCalls()).toHaveLength(0);
  });
  it("refuses a disabled campus's users (403) and reads the campus's registration once per instance", async () => {
    ddb.on(GetCommand, { Key: REGISTRATION }).resolves({
      Item: {
        ...REGISTRATION,
        id: 'campus-a',
        group: 'g1',
        name: 'Campus A',
        status: 'Disabled',
        admin_email: 'admin@campus-a.example',
        version: 2,
        created_by: 'group@g1.example',
        created_at: '2026-11-01T00:00:00.000Z',
      },
    });
    const res = await call('GET', '/api/department');
    expect(res.status).toBe(403);
    expect((await res.json()).errors.detail).toMatch(/disabled/);
    expect((await call('GET', '/api/department')).status).toBe(403);
    expect(ddb.calls().filter(isRegistrationRead)).toHaveLength(1);
    expect(dataCalls()).toHaveLength(0);
  });
  it("accepts the spec's `Authorization: token <t>` form", async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect((await call('GET', '/api/department', { auth: `token ${admin}` })).status).toBe(200);
  });
});

describe('generic CRUD over the single table', () => {
  it("lists with one Query on the caller's campus partition and reports the call count", async () => {
    ddb
      .on(QueryCommand)
      .resolves({ Items: [{ PK: 'T#campus-a#department', SK: 'd1', id: 'd1', version: 1, name: 'Civil', short_name: 'CE', secret: 'x' }] });
    const res = await call('GET', '/api/department');
    expect(res.status).toBe(200);
    expect(dataCalls()).toHaveLength(1);
    const body = await res.json();
    expect(body).toMatchObject({ data: [{ id: 'd1', name: 'Civil' }], next: null });
    expect(body.data[0]).not.toHaveProperty('PK');
    expect(body.data[0]).not.toHaveProperty('secret');
    expect(ddb.commandCalls(QueryCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({ ':pk': 'T#campus-a#department' });
  });
  it('refuses an unknown filter and a forged cursor with 400', async () => {
    expect((await call('GET', '/api/department?color=red')).status).toBe(400);
    const forged = Buffer.from(JSON.stringify({ PK: 'T#campus-b#department', SK: 'x' })).toString('base64url');
    expect((await call('GET', `/api/department?next=${forged}`)).status).toBe(400);
    expect(dataCalls()).toHaveLength(0);
  });
  it('creates with audit fields from the token and claims the unique short name in one transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const res = await call('POST', '/api/department', { body: { name: 'Civil Engineering', short_name: 'CE' } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe('successfully created');
    expect(body.data).toMatchObject({ name: 'Civil Engineering', version: 1, created_by: 'admin@campus-a.example', status: true });
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(3);
    expect(items[1].Put?.Item).toMatchObject({ PK: 'T#campus-a#UNIQ', SK: 'department#short_name#ce' });
    // The audit entry goes in the same transaction.
    expect(items[2].Put?.Item).toMatchObject({
      entityType: 'audit',
      action: 'create',
      entity: 'department',
      user: 'admin@campus-a.example',
    });
    // A plain PutItem would skip the uniqueness guard.
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
  it('answers 409 naming the field when the short name is taken', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    const res = await call('POST', '/api/department', { body: { name: 'Civil', short_name: 'CE' } });
    expect(res.status).toBe(409);
    expect((await res.json()).errors.fields).toEqual({ short_name: 'Already exists' });
  });
  it('answers 400 with per-field messages for bad input and writes nothing', async () => {
    const res = await call('POST', '/api/department', { body: { name: '', short_name: 'ABCDEFGHIJK', extra: 1 } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.fields).toEqual({ name: 'Required', short_name: 'Too Long!', extra: 'Unknown field' });
    expect((await call('POST', '/api/department', { raw: '{"name":' })).status).toBe(400);
    expect((await call('POST', '/api/department', { raw: JSON.stringify({ name: 'x'.repeat(300 * 1024) }) })).status).toBe(413);
    expect(dataCalls()).toHaveLength(0);
  });
  it('answers 409 to a stale PUT and 404 to a record of another campus', async () => {
    ddb
      .on(GetCommand, { Key: { PK: 'T#campus-a#department', SK: 'd1' } })
      .resolves({ Item: { id: 'd1', version: 4, name: 'Civil', short_name: 'CE' } })
      .on(GetCommand, { Key: { PK: 'T#campus-a#department', SK: 'd9' } })
      .resolves({});
    const stale = await call('PUT', '/api/department/d1', { body: { name: 'Civil', short_name: 'CE', version: 3 } });
    expect(stale.status).toBe(409);
    const missing = await call('PUT', '/api/department/d9', { body: { name: 'Civil', short_name: 'CE', version: 1 } });
    expect(missing.status).toBe(404);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
  it('replaces an entity without unique fields in one conditional transaction with its audit entry', async () => {
    ddb
      .on(GetCommand, { Key: { PK: 'T#campus-a#bloom-level', SK: 'l1' } })
      .resolves({ Item: { id: 'l1', version: 1, name: 'Remembr', created_by: 'first@campus-a.example' } });
    ddb.on(TransactWriteCommand).resolves({});
    const res = await call('PUT', '/api/bloom-level/l1', { body: { name: 'Remember', version: 1 } });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ version: 2, name: 'Remember', created_by: 'first@campus-a.example' });
    expect(dataCalls()).toHaveLength(2);
    const [update, audit] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems ?? [];
    expect(update.Update?.ConditionExpression).toContain('#version = :v');
    expect(update.Update?.ExpressionAttributeValues).toMatchObject({ ':v': 1, ':next': 2, ':ub': 'admin@campus-a.example' });
    expect(audit.Put?.Item).toMatchObject({ action: 'replace', entity: 'bloom-level', record_id: 'l1', record_label: 'Remember' });
    expect(audit.Put?.Item?.changes).toEqual([{ field: 'name', label: expect.any(String), old: 'Remembr', new: 'Remember' }]);
  });
  it('maps a failed version condition on the update to 409', async () => {
    ddb.on(GetCommand, { Key: { PK: 'T#campus-a#bloom-level', SK: 'l1' } }).resolves({ Item: { id: 'l1', version: 1, name: 'Remember' } });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    const res = await call('PUT', '/api/bloom-level/l1', { body: { name: 'Remember', version: 1 } });
    expect(res.status).toBe(409);
  });
  it('keeps faculty from writing configuration (403) but lets them read it', async () => {
    const res = await call('POST', '/api/department', { token: faculty, body: { name: 'Civil', short_name: 'CE' } });
    expect(res.status).toBe(403);
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect((await call('GET', '/api/department', { token: faculty })).status).toBe(200);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
  it('sanitizes rich text before it is stored', async () => {
    ddb
      .on(GetCommand, { Key: { PK: 'T#campus-a#organization', SK: 'campus-a' } })
      .resolves({ Item: { id: 'campus-a', version: 1, name: 'X' } });
    ddb.on(TransactWriteCommand).resolves({});
    await call('PUT', '/api/organization/campus-a', {
      body: { name: 'X', description: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:x()">l</a></p>', version: 1 },
    });
    const stored = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems?.[0].Update?.ExpressionAttributeValues ?? {};
    const html = Object.values(stored).find((v) => typeof v === 'string' && v.includes('Hi')) as string;
    expect(html).toContain('<p>Hi');
    expect(html).not.toMatch(/script|onclick|javascript:/);
  });
  it('answers 500 with a request id and no internals when DynamoDB fails, and logs the error under that id', async () => {
    const lines: Record<string, any>[] = [];
    setLogOutput({ to: (l) => lines.push(JSON.parse(l)), level: 'INFO' });
    ddb.on(QueryCommand).rejects(new Error('Connection reset by peer at 10.0.0.1'));
    const res = await call('GET', '/api/department');
    setLogOutput({ to: () => undefined, level: 'SILENT' });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.errors.requestId).toBeTruthy();
    expect(res.headers.get('x-request-id')).toBe(body.errors.requestId);
    expect(JSON.stringify(body)).not.toMatch(/10\.0\.0\.1|Connection reset/);
    // The internals are in the log line an operator finds by the id the person quotes, with the caller's campus.
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'unexpected error',
        request_id: body.errors.requestId,
        campus: 'campus-a',
        error: expect.objectContaining({ message: 'Connection reset by peer at 10.0.0.1', stack: expect.any(String) }),
      }),
    ]);
  });
  it('answers 404 with the envelope for an unknown route', async () => {
    const res = await call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect((await res.json()).errors.detail).toMatch(/No API route/);
  });
});

describe('profile', () => {
  it('creates the profile on first PATCH with the e-mail from the token', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(GetCommand).resolves({});
    // The e-mail is read-only: a body that sends one (as a PUT of a whole row would) is not refused, it is ignored.
    const ok = await call('PATCH', '/api/auth/profile', { body: { first_name: 'Asha', last_name: 'Rao', email: 'evil@x.example' } });
    expect(ok.status).toBe(200);
    const [update, audit] = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems ?? [];
    expect(audit.Put?.Item).toMatchObject({ action: 'create', entity: 'profile', record_id: 'u-1', record_label: 'Asha Rao' });
    const input = update.Update;
    if (!input) throw new Error('The transaction holds no update');
    expect(input.Key).toEqual({ PK: 'T#campus-a#profile', SK: 'u-1' });
    expect(Object.values(input.ExpressionAttributeValues ?? {})).not.toContain('evil@x.example');
    expect(Object.values(input.ExpressionAttributeValues ?? {})).toContain('admin@campus-a.example');
  });
});

describe('login input', () => {
  it('names each unknown field and each missing one, without calling Cognito', async () => {
    const res = await call('POST', '/api/auth/login', { token: null, body: { email: '', colour: 'red' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.fields).toEqual({ email: 'Required', password: 'Required', colour: 'Unknown field' });
  });
});
