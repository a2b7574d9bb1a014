import type { EntityDef, FieldDef } from '@attain/shared-types';

/** A tiny API client for tests: JSON in and out, status kept; `campus` is sent as `X-Campus` (a group admin's pick). */
export function client(base: string, token?: string, campus?: string) {
  const req = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(campus ? { 'x-campus': campus } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => ({}));
    return { status: res.status, body: json as Record<string, any>, headers: res.headers };
  };
  return {
    get: (p: string) => req('GET', p),
    post: (p: string, b: unknown) => req('POST', p, b),
    put: (p: string, b: unknown) => req('PUT', p, b),
    patch: (p: string, b: unknown) => req('PATCH', p, b),
    del: (p: string) => req('DELETE', p),
  };
}

/** Signs in through `POST /api/auth/login` and returns the ID token. @throws when sign-in fails. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await client(base).post('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

let n = 0;
/** A valid value for one field (unique per call, so unique fields do not collide). */
function sample(fd: FieldDef): unknown {
  n += 1;
  // A field written as an academic year (`2025-26`) is offered as one.
  if (fd.kind === 'string' && fd.academicYear) return '2025-26';
  switch (fd.kind) {
    case 'int':
    case 'number':
      return fd.min !== undefined ? fd.min + 1 : 3;
    case 'boolean':
      return true;
    case 'enum':
      return fd.choices?.[0];
    case 'date':
      return '2024-06-01';
    case 'email':
      return `person${n}@campus.example`;
    case 'html':
      return `<p>Sample ${n}</p>`;
    case 'ref':
    case 'file':
    case 'files':
      return undefined;
    case 'multi':
      return fd.choices?.slice(0, 1);
    case 'list':
    case 'grids':
      return [];
    default:
      return `${fd.label} ${n}`.slice(0, Math.min(fd.max ?? 50, 50)).padEnd(Math.max(fd.min ?? 0, 1), 'x');
  }
}

/** A body that satisfies `def`'s schema: every writable field with a sample value (references left out). */
export function sampleBody(def: EntityDef): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const fd of def.fields) {
    if (fd.readOnly) continue;
    const v = sample(fd);
    if (v !== undefined) body[fd.name] = v;
  }
  return body;
}

/** A client signed in as `who` (through `POST /api/auth/login`). @throws when sign-in fails. */
export async function signedIn(base: string, who: { email: string; password: string }): Promise<ReturnType<typeof client>> {
  return client(base, await login(base, who.email, who.password));
}

/**
 * Waits until a program's attainment has no course left updating (a method change is computed in the background) and
 * returns that read: what a person sees once the page's "Updating" line has gone. Reads the program page, as the page
 * does, until then (at most `tries` reads).
 * @throws Error when courses are still updating after `tries` reads
 */
export async function untilComputed(api: ReturnType<typeof client>, programId: string, tries = 300) {
  for (let i = 0; i < tries; i++) {
    const res = await api.get(`/api/attainment/program/${programId}`);
    if (res.status !== 200 || !res.body.data?.updating?.length) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`program ${programId}: its courses were still updating after ${tries} reads`);
}

/**
 * Reads until `done` holds, every 100 ms (what a person waiting for a page to update does), for at most `ms`; then
 * fails with the last value read. For background work: a summary refresh, a worker from its queue.
 */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end)
      throw new Error(`Still not there after ${ms / 1000} s: ${JSON.stringify(v instanceof Set ? [...v] : v).slice(0, 1500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
