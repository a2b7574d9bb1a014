import { CRUD_ENTITIES, MESSAGES, department, isWritable } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { fixtures } from '../support/fixtures.js';

const base = inject('stackUrl');
const users = inject('users');
let demo: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let faculty: ReturnType<typeof client>;
let fx: ReturnType<typeof fixtures>;

beforeAll(async () => {
  demo = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
  faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
  fx = fixtures(demo);
});

describe('sign-in and profile', () => {
  it('refuses a wrong password with 401 and no token', async () => {
    const res = await client(base).post('/api/auth/login', { email: users.demoAdmin.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.errors.detail).toBe('Incorrect e-mail or password');
    expect(res.body.data).toBeUndefined();
  });
  it("shows the seeded campus's name and the caller's role in the profile", async () => {
    const res = await demo.get('/api/auth/profile');
    expect(res.body.data).toMatchObject({
      email: users.demoAdmin.email,
      role: 'admin',
      tenant: 'demo',
      organization_name: 'Attain Demo College of Engineering',
    });
  });
  it('saves a profile PATCH and refuses a one-letter first name', async () => {
    expect((await faculty.patch('/api/auth/profile', { first_name: 'A' })).body.errors.fields).toEqual({ first_name: MESSAGES.tooShort });
    const ok = await faculty.patch('/api/auth/profile', { phone_number: '+91 98450 12345', title: 'Dr.' });
    expect(ok.status).toBe(200);
    expect((await faculty.get('/api/auth/profile')).body.data).toMatchObject({
      first_name: 'Asha',
      phone_number: '+91 98450 12345',
      title: 'Dr.',
      role: 'faculty',
    });
  });
});

describe("a campus's locale (issue 11: dates and numbers as the campus writes them)", () => {
  it('is en-IN until chosen, is chosen on the organization, reaches its users through the profile and nobody else', async () => {
    expect((await demo.get('/api/auth/profile')).body.data.locale).toBe('en-IN');
    const save = async (locale: string) => {
      const org = (await demo.get('/api/organization')).body.data[0];
      // A PUT replaces the record: send back everything it holds, with the new locale.
      const { id, created_by: _c, created_at: _ca, updated_by: _u, updated_at: _ua, ...fields } = org;
      return demo.put(`/api/organization/${id}`, { ...fields, locale });
    };
    const refused = await save('fr-FR');
    expect(refused.status).toBe(400);
    expect(refused.body.errors.fields).toEqual({ locale: MESSAGES.choice });
    expect((await save('en-US')).status).toBe(200);
    expect((await faculty.get('/api/auth/profile')).body.data.locale).toBe('en-US');
    expect((await other.get('/api/auth/profile')).body.data.locale).toBe('en-IN');
    expect((await save('en-IN')).status).toBe(200);
  });
});

describe('seeded reference data', () => {
  it("holds NBA's 12 program outcomes and the six cognitive Bloom's levels", async () => {
    const pos = (await demo.get('/api/generic-program-outcome?outcome_type=PO')).body.data.filter((p: { program?: string }) => !p.program);
    expect(pos.map((p: { po_reference: string }) => p.po_reference)).toEqual(Array.from({ length: 12 }, (_, i) => `PO${i + 1}`));
    const levels = (await demo.get('/api/bloom-level')).body.data.map((l: { level_of_learning: string }) => l.level_of_learning);
    expect(levels).toEqual(expect.arrayContaining(['K1', 'K2', 'K3', 'K4', 'K5', 'K6']));
  });
  it('answers a list page with one DynamoDB call', async () => {
    expect((await demo.get('/api/department')).headers.get('x-dynamodb-calls')).toBe('1');
  });
});

describe('department life cycle', () => {
  it('creates, lists, edits, refuses a stale edit, and deletes', async () => {
    const created = await demo.post('/api/department', { name: 'Electronics and Communication Engineering', short_name: 'ECE' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('successfully created');
    const d = created.body.data;
    expect(d).toMatchObject({ version: 1, status: true, created_by: users.demoAdmin.email });
    expect((await demo.get('/api/department')).body.data.map((x: { id: string }) => x.id)).toContain(d.id);

    const edited = await demo.put(`/api/department/${d.id}`, { ...d, chairman: 'Dr. K. Menon' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ version: 2, chairman: 'Dr. K. Menon', created_by: users.demoAdmin.email });

    const stale = await demo.put(`/api/department/${d.id}`, { ...d, chairman: 'Someone Else' });
    expect(stale.status).toBe(409);
    expect((await demo.get(`/api/department/${d.id}`)).body.data.chairman).toBe('Dr. K. Menon');

    expect((await demo.post('/api/department', { name: 'Duplicate', short_name: 'ece' })).status).toBe(409);
    expect((await demo.del(`/api/department/${d.id}`)).status).toBe(200);
    expect((await demo.get(`/api/department/${d.id}`)).status).toBe(404);
    // The short name is free again once its department is gone.
    const again = await demo.post('/api/department', { name: 'ECE again', short_name: 'ECE' });
    expect(again.status).toBe(201);
    await demo.del(`/api/department/${again.body.data.id}`);
  });
  it('lets faculty read but not change departments', async () => {
    expect((await faculty.get('/api/department')).status).toBe(200);
    expect((await faculty.post('/api/department', { name: 'Physics', short_name: 'PHY' })).status).toBe(403);
    expect((await demo.get('/api/department')).body.data.map((x: { short_name: string }) => x.short_name)).not.toContain('PHY');
  });
  it('refuses bad input with 400 and changes nothing', async () => {
    const before = (await demo.get('/api/department')).body.data.length;
    const res = await demo.post('/api/department', { name: 'X', short_name: 'ABCDEFGHIJK', year_of_establishment: 'soon', color: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields).toEqual({
      short_name: MESSAGES.tooLong,
      year_of_establishment: MESSAGES.digits,
      color: MESSAGES.unknown,
    });
    expect((await demo.get('/api/department')).body.data.length).toBe(before);
  });
});

const WRITABLE = CRUD_ENTITIES.filter((e) => !e.singleton && e.writeRoles.length > 0);

describe.each(WRITABLE.map((e) => [e.name, e] as const))('%s: the registry rules', (_n, def) => {
  it("refuses a body without its required fields with the spec's message, and writes nothing", async () => {
    // A required field with a default is filled by the default, so an empty body misses only the others.
    const required = def.fields.filter((fd) => fd.required && isWritable(fd) && fd.default === undefined).map((fd) => fd.name);
    const before = (await demo.get(`${def.path}?limit=1000`)).body.data.length;
    const res = await demo.post(def.path, {});
    expect(res.status).toBe(400);
    expect(res.body.errors.fields).toEqual(Object.fromEntries(required.map((f) => [f, MESSAGES.required])));
    expect((await demo.get(`${def.path}?limit=1000`)).body.data.length).toBe(before);
  });

  it('creates, lists, updates, refuses a stale version, hides it from another campus, and deletes', async () => {
    const created = await demo.post(def.path, await fx.body(def));
    expect(created.status).toBe(201);
    const rec = created.body.data;
    expect(rec).toMatchObject({ version: 1, created_by: users.demoAdmin.email });
    expect((await demo.get(`${def.path}?limit=1000`)).body.data.map((x: { id: string }) => x.id)).toContain(rec.id);

    expect((await other.get(`${def.path}/${rec.id}`)).status).toBe(404);
    expect((await other.get(def.path)).body.data.map((x: { id: string }) => x.id)).not.toContain(rec.id);
    expect((await other.put(`${def.path}/${rec.id}`, { ...rec })).status).toBe(404);
    expect((await other.del(`${def.path}/${rec.id}`)).status).toBe(404);

    const updated = await demo.put(`${def.path}/${rec.id}`, { ...rec });
    expect(updated.status).toBe(200);
    expect(updated.body.data.version).toBe(2);
    const stale = await demo.put(`${def.path}/${rec.id}`, { ...rec });
    expect(stale.status).toBe(409);
    expect((await demo.get(`${def.path}/${rec.id}`)).body.data.version).toBe(2);

    expect((await demo.del(`${def.path}/${rec.id}`)).status).toBe(200);
    expect((await demo.get(`${def.path}/${rec.id}`)).status).toBe(404);
  });
});

describe.each(WRITABLE.filter((e) => e.filters?.length).map((e) => [e.name, e] as const))('%s: server-side filters', (_n, def) => {
  it('each filter returns only the matching rows', async () => {
    const rec = (await demo.post(def.path, await fx.body(def))).body.data;
    for (const f of def.filters ?? []) {
      expect(rec[f], `fixture sets ${f}`).toBeDefined();
      const value = String(rec[f]);
      const rows = (await demo.get(`${def.path}?${f}=${encodeURIComponent(value)}&limit=1000`)).body.data as Record<string, unknown>[];
      expect(rows.map((r) => r.id)).toContain(rec.id);
      expect(rows.every((r) => String(r[f]) === value)).toBe(true);
      const fd = def.fields.find((x) => x.name === f);
      const otherValue =
        fd?.kind === 'enum' ? String(fd.choices?.find((c) => String(c) !== value)) : '0195f0e2-0000-7000-8000-000000000000';
      const others = (await demo.get(`${def.path}?${f}=${encodeURIComponent(otherValue)}&limit=1000`)).body.data as Record<
        string,
        unknown
      >[];
      expect(others.map((r) => r.id)).not.toContain(rec.id);
    }
    await demo.del(`${def.path}/${rec.id}`);
  });
});

it('the organization is per campus: the other campus has none and cannot read the demo one', async () => {
  expect((await other.get('/api/organization')).body.data).toEqual([]);
  expect((await other.get('/api/organization/demo')).status).toBe(404);
  const mine = await other.post('/api/organization', { name: 'Other Institute of Technology' });
  expect(mine.status).toBe(201);
  expect((await other.post('/api/organization', { name: 'Again' })).status).toBe(409);
  expect((await demo.get('/api/organization')).body.data[0].name).toBe('Attain Demo College of Engineering');
});

it('department is required to have its short name unique per campus only', async () => {
  const a = await other.post(department.path, { name: 'Computer Science', short_name: 'CSE' });
  expect(a.status).toBe(201);
});
