import { describe, expect, it } from 'vitest';
import { API_CONTRACTS, CRUD_ENTITIES } from '../src/index.js';
import { openApiText } from '../scripts/openapi-text.js';

type Json = Record<string, unknown>;

/** Every `$ref` in a JSON value. */
const refs = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(refs)
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => (k === '$ref' ? [String(x)] : refs(x)))
      : [];

describe('the OpenAPI document', () => {
  const doc = JSON.parse(openApiText()) as {
    paths: Record<string, Record<string, Json>>;
    components: Record<string, Record<string, Json>>;
  };

  it('lists every declared route with its parameters, body and answers, and every entity’s CRUD routes', () => {
    for (const c of API_CONTRACTS) {
      const op = doc.paths[c.path]?.[c.method.toLowerCase()] as {
        parameters: { name: string; in: string }[];
        requestBody?: unknown;
        responses: Json;
      };
      expect(op, `${c.method} ${c.path}`).toBeDefined();
      for (const [, name] of c.path.matchAll(/\{([^}]+)\}/g))
        expect(op.parameters).toContainEqual(expect.objectContaining({ name, in: 'path' }));
      expect(Boolean(op.requestBody)).toBe(Boolean(c.body));
      expect(Object.keys(op.responses).sort()).toEqual([String(c.answer.status), ...c.errors.map(String)].sort());
    }
    for (const def of CRUD_ENTITIES)
      for (const path of [def.path, ...(def.aliases ?? [])]) {
        expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(['get', 'post']);
        expect(Object.keys(doc.paths[`${path}/{id}`] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
      }
  });

  it('marks which operations an API key reaches, with the scope each needs, and nothing else', () => {
    const keyed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-api-key-scope'])
        .map(([method, op]) => `${method.toUpperCase()} ${path} ${String(op['x-api-key-scope'])}`),
    );
    expect(keyed).toEqual(
      expect.arrayContaining(['PUT /api/roster rosters.write', 'PUT /api/marks/{occasion} marks.write', 'GET /api/student structure.read']),
    );
    expect(keyed.filter((k) => !k.startsWith('GET ')).sort()).toEqual([
      'PUT /api/marks/{occasion} marks.write',
      'PUT /api/roster rosters.write',
    ]);
    const roster = doc.paths['/api/roster'].put as { security: Json[] };
    expect(roster.security).toEqual([{ bearer: [] }, { apiKey: ['attain/rosters.write'] }]);
    const scheme = doc.components.securitySchemes.apiKey as { type: string; flows: { clientCredentials: { scopes: Json } } };
    expect(scheme.type).toBe('oauth2');
    expect(Object.keys(scheme.flows.clientCredentials.scopes)).toEqual([
      'attain/structure.read',
      'attain/rosters.write',
      'attain/marks.write',
    ]);
    // A route no scope opens says nothing of keys.
    expect((doc.paths['/api/auth/user-list'].get as Json).security).toBeUndefined();
  });

  it('describes what a route answers from its TypeScript declaration, and every reference resolves', () => {
    const frozen = doc.components.schemas.FrozenYear as { properties: Json; required: string[] };
    expect(frozen.required).toEqual(expect.arrayContaining(['program', 'academic_year', 'status', 'version']));
    expect(frozen.properties.status).toMatchObject({ enum: ['Frozen', 'Unfrozen'] });
    // A record of a registry entity inside a view is that entity's schema, described once from its field builders.
    const matrix = doc.components.schemas.CoPoMatrixView as { properties: { cos: { items: Json } } };
    expect(matrix.properties.cos.items).toEqual({ $ref: '#/components/schemas/CourseOutcome' });
    for (const r of new Set(refs(doc))) {
      const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(r) ?? [];
      expect(doc.components[section]?.[decodeURIComponent(name)], r).toBeDefined();
    }
  });

  it('describes request bodies with their limits, from the same schemas the server checks', () => {
    const unfreeze = doc.paths['/api/attainment/freeze/{program}/{year}/unfreeze'].post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, Json>; required: string[] } } } };
    };
    const schema = unfreeze.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['reason', 'version']);
    expect(schema.properties.reason).toMatchObject({ type: 'string', minLength: 10, maxLength: 1000 });
  });
});
