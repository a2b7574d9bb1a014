import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveTestJwks, testIssuerEnvironment } from '../support/tokens.js';

const iss = testIssuerEnvironment();

const { buildApp } = await import('../../src/platform/http/app.js');
const { resetConfig } = await import('../../src/platform/lib/config.js');
const { resetClients } = await import('../../src/platform/lib/aws.js');
const { resetVerifier, callerFromRequest } = await import('../../src/platform/http/verify-token.js');
const { utilitiesDomain } = await import('../../src/lambdas/bundles/utilities.js');
const ddb = mockClient(DynamoDBDocumentClient);
const app = buildApp([utilitiesDomain], callerFromRequest);
const admin = iss.sign({});
const faculty = iss.sign({ 'cognito:groups': ['faculty'], email: 'teacher@campus-a.example' });
const call = (method: string, path: string, token = admin) => app.request(path, { method, headers: { authorization: `Bearer ${token}` } });

serveTestJwks(iss, () => {
  resetConfig();
  resetClients();
  resetVerifier();
});
beforeEach(() => ddb.reset());

const entry = (at: string) => ({
  PK: `T#campus-a#audit#${at.slice(0, 7)}`,
  SK: `${at}#e`,
  id: `e-${at}`,
  at,
  user: 'admin@campus-a.example',
  action: 'replace',
  entity: 'department',
  record_id: 'd1',
  changes: [{ field: 'name', old: 'Civil', new: 'Civil Engineering' }],
});

describe('/api/audit', () => {
  it("reads one record's history newest first through GSI1, and a history with no entry is 404", async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [entry('2026-02-02T10:00:00Z')] })
      .resolves({ Items: [] });
    const res = await call('GET', '/api/audit/history/department/d1');
    expect(res.status).toBe(200);
    expect((await res.json()).data[0]).toMatchObject({ record_id: 'd1', changes: [{ field: 'name', old: 'Civil' }] });
    const input = ddb.commandCalls(QueryCommand)[0].args[0].input;
    expect(input).toMatchObject({ IndexName: 'GSI1', ScanIndexForward: false });
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': 'T#campus-a#audit#record=department#d1' });
    expect((await call('GET', '/api/audit/history/department/d2')).status).toBe(404);
    expect((await call('GET', '/api/audit/history/no-such-thing/d1')).status).toBe(404);
  });
  it('walks the month partitions from `to` back to `from` and filters by record type', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    const res = await call('GET', '/api/audit?from=2026-01-15&to=2026-03-02&entity=marks');
    expect(res.status).toBe(200);
    const inputs = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(inputs.map((i) => i.ExpressionAttributeValues?.[':pk'])).toEqual([
      'T#campus-a#audit#2026-03',
      'T#campus-a#audit#2026-02',
      'T#campus-a#audit#2026-01',
    ]);
    expect(inputs[0].ExpressionAttributeValues).toMatchObject({ ':lo': '2026-01-15', ':entity': 'marks' });
    expect(inputs[0].FilterExpression).toBe('#entity = :entity');
  });
  it("reads one user's entries through GSI2", async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    expect((await call('GET', '/api/audit?user=Teacher%40Campus-A.example')).status).toBe(200);
    const input = ddb.commandCalls(QueryCommand)[0].args[0].input;
    expect(input).toMatchObject({ IndexName: 'GSI2' });
    expect(input.ExpressionAttributeValues?.[':pk']).toBe('T#campus-a#audit#user=teacher@campus-a.example');
  });
  it('refuses faculty (403), bad dates (400 per field) and any write (405), reading nothing', async () => {
    expect((await call('GET', '/api/audit', faculty)).status).toBe(403);
    const bad = await call('GET', '/api/audit?from=05/01/2026&to=2026-02-30');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.fields).toEqual({ from: 'Not a date (YYYY-MM-DD)', to: 'Not a date (YYYY-MM-DD)' });
    expect((await call('GET', '/api/audit?from=2026-03-01&to=2026-01-01')).status).toBe(400);
    expect((await call('PUT', '/api/audit/history/department/d1')).status).toBe(405);
    expect((await call('DELETE', '/api/audit/history/department/d1')).status).toBe(405);
    expect((await call('POST', '/api/audit')).status).toBe(405);
    expect(ddb.calls()).toHaveLength(0);
  });
});
