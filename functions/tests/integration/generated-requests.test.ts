import { API_CONTRACTS, CRUD_ENTITIES, type EntityDef, IMPORT_KINDS } from '@attain/shared-types';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * The probe of issue 10 as a test: generated ids, query strings and bodies (fast-check) sent to every route and
 * method of the registry and the special routes, by another campus's admin, a faculty member, a forged token and no
 * token. No answer may be a 5xx, and every refusal carries `errors.detail`. Runs against the integration stack;
 * as the other campus, so generated writes never touch the demo data other tests read.
 */
const base = inject('stackUrl');
const users = inject('users');
const RUNS = 100;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

let tokens: string[] = [];
let realIds: string[] = [];
const counts = { requests: 0, fiveHundreds: 0, byStatus: new Map<number, number>() };

/** The paths to probe: `{id}` stands for a generated id. */
function paths(): { pattern: string; entity?: EntityDef }[] {
  const crud = CRUD_ENTITIES.flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].flatMap((p) => [
      { pattern: p, entity: e },
      { pattern: `${p}/{id}`, entity: e },
    ]),
  );
  // The file imports by each real kind too (an unknown kind is a 404 before the body is read).
  const special = Object.keys(IMPORT_KINDS).map((k) => `/api/import/${k}`);
  // Declared routes: each parameter stands for a generated id (the same one where a path names two).
  const declared = API_CONTRACTS.map((r) => r.path.replace(/\{[^}]+\}/g, '{id}'));
  return [...crud, ...[...new Set([...special, ...declared])].map((pattern) => ({ pattern }))];
}

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 1000, maxLength: 1200 }),
);
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e21, Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e300));
const id = () => fc.oneof(fc.uuid(), text, fc.constantFrom(...realIds, '', '..', '%2F', 'a/b'));
const cursor = fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'));
const query = () =>
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'next',
        'limit',
        'ids',
        'curriculum',
        'term',
        'course',
        'program',
        'department',
        'kind',
        'section',
        'year',
        'dry_run',
        'filled',
        'short_name',
      ),
      fc.string({ maxLength: 8 }),
    ),
    fc.oneof(
      text,
      cursor,
      number.map(String),
      fc.constantFrom(...realIds),
      fc.array(fc.constantFrom(...realIds), { maxLength: 3 }).map((a) => a.join(',')),
    ),
    { maxKeys: 4 },
  );
/** A body shaped like the entity (its field names with values of any type), or any JSON, or text that is not JSON. */
const body = (entity?: EntityDef) =>
  fc.oneof(
    fc.jsonValue().map((v) => ({ json: v })),
    fc
      .record({
        fields: fc.dictionary(
          fc.constantFrom(
            ...(entity?.fields.map((f) => f.name) ?? ['name']),
            'version',
            'id',
            'cells',
            'questions',
            'rows',
            'framework',
            'email',
            'password',
            'role',
          ),
          fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.constantFrom(...realIds), fc.jsonValue()),
        ),
      })
      .map((r) => ({ json: r.fields })),
    fc.oneof(fc.string(), fc.constantFrom('roll_no,1\nx,9', '{"a":', '1e309', '{"version":1e309}')).map((raw) => ({ raw })),
  );

async function send(method: string, path: string, token: string | undefined, b: { json?: unknown; raw?: string } | undefined) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (b && method !== 'GET') {
    payload = b.raw ?? JSON.stringify(b.json);
    headers['content-type'] = b.raw !== undefined && payload.includes(',') ? 'text/csv' : 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body: payload });
  const json = (await res.json().catch(() => undefined)) as { errors?: { detail?: string } } | undefined;
  counts.requests++;
  counts.byStatus.set(res.status, (counts.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 500) counts.fiveHundreds++;
  return { status: res.status, json };
}

beforeAll(async () => {
  const other = await login(base, users.otherAdmin.email, users.otherAdmin.password);
  const faculty = await login(base, users.demoFaculty.email, users.demoFaculty.password);
  tokens = [other, other, faculty, 'forged.token.value'];
  // Ids that exist (in the demo campus, and in the other campus), so generated requests also reach real records.
  const demo = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  const otherClient = client(base, other);
  for (const e of CRUD_ENTITIES.slice(0, 12)) {
    for (const c of [demo, otherClient])
      realIds.push(...((await c.get(`${e.path}?limit=2`)).body.data ?? []).map((r: { id: string }) => r.id));
  }
  realIds = [...new Set(realIds)];
});

describe.each(paths())('generated requests to $pattern', ({ pattern, entity }) => {
  it.each(METHODS)(
    '%s never answers 5xx, and refusals say why',
    async (method) => {
      await fc.assert(
        fc.asyncProperty(
          id(),
          query(),
          body(entity),
          fc.option(fc.constantFrom(...tokens), { nil: undefined, freq: 6 }),
          async (i, q, b, token) => {
            const qs = new URLSearchParams(q).toString();
            const path = `${pattern.replaceAll('{id}', encodeURIComponent(i))}${qs ? `?${qs}` : ''}`;
            const res = await send(method, path, token, b);
            expect(res.status, `${method} ${path}`).toBeLessThan(500);
            if (res.status >= 400) expect(typeof res.json?.errors?.detail, `${method} ${path} ${res.status}`).toBe('string');
          },
        ),
        // The first failing request is reported as generated (no shrinking), so a failure stays quick to see.
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    120_000,
  );
});

describe('the generated probe', () => {
  it('sent at least 100 requests to every route and method and saw no 5xx', () => {
    expect(counts.requests).toBeGreaterThanOrEqual(paths().length * METHODS.length * RUNS);
    expect(counts.fiveHundreds).toBe(0);
    console.log(
      `generated requests: ${counts.requests}; by status: ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort((a, b) => a[0] - b[0])))}`,
    );
  });
});
