import { API_CONTRACTS, CRUD_ENTITIES } from '@attain/shared-types';
import { describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * `GET /api/openapi.json` as an integrator reads it: served without a token, it lists every route the API serves with
 * its parameters, body and answers, and a route's 400 names the fields its documented schema requires.
 */
const base = inject('stackUrl');
const users = inject('users');

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
};

describe('the API document', () => {
  it('is served without a token and lists every declared route and every record type', async () => {
    const res = await fetch(`${base}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const c of API_CONTRACTS) expect(doc.paths[c.path]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined();
    for (const e of CRUD_ENTITIES) expect(Object.keys(doc.paths[`${e.path}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
  });

  it('documents the fields a route refuses: a body missing what the schema requires is a 400 naming those fields', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const op = doc.paths['/api/attainment/freeze/{program}/{year}/unfreeze'].post;
    const required = op.requestBody?.content['application/json'].schema.required ?? [];
    expect(required).toEqual(['reason', 'version']);
    const admin = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
    const programs = (await admin.get('/api/program')).body.data as { id: string }[];
    const res = await admin.post(`/api/attainment/freeze/${programs[0].id}/2025-26/unfreeze`, {});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors.fields).sort()).toEqual(required);
  });
});
