import { CRUD_ENTITIES, MESSAGES, department } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, sampleBody } from '../support/client.js';

const base = inject('stackUrl');
const users = inject('users');
let demo: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let faculty: ReturnType<typeof client>;

beforeAll(async () => {
  demo = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
  faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
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
    expect(res.body.data).toMatchObject({ email: users.demoAdmin.email, role: 'admin', tenant: 'demo', organization_name: 'Attain Demo College of Engineering' });
  });
  it('saves a profile PATCH and refuses a one-letter first name', async () => {
    expect((await faculty.patch('/api/auth/profile', { first_name: 'A' })).body.errors.fields).toEqual({ first_name: MESSAGES.tooShort });
    const ok = await faculty.patch('/api/auth/profile', { phone_number: '+91 98450 12345', title: 'Dr.' });
    expect(ok.status).toBe(200);
    expect((await faculty.get('/api/auth/profile')).body.data).toMatchObject({ first_name: 'Asha', phone_number: '+91 98450 12345', title: 'Dr.', role: 'faculty' });
  });
});

describe('seeded reference data', () => {
  it("holds NBA's 12 program outcomes and the six cognitive Bloom's levels", async () => {
    const pos = (await demo.get('/api/generic-program-outcome?outcome_type=PO')).body.data;
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
    expect(res.body.errors.fields).toEqual({ short_name: MESSAGES.tooLong, year_of_establishment: MESSAGES.digits, color: MESSAGES.unknown });
    expect((await demo.get('/api/department')).body.data.length).toBe(before);
  });
});

describe.each(CRUD_ENTITIES.filter((e) => !e.singleton).map((e) => [e.name, e] as const))('%s: tenant isolation and versions', (_n, def) => {
  it("keeps one campus's record invisible and untouchable to another campus's admin", async () => {
    const created = await demo.post(def.path, sampleBody(def));
    expect(created.status).toBe(201);
    const rec = created.body.data;
    expect((await other.get(`${def.path}/${rec.id}`)).status).toBe(404);
    expect((await other.get(def.path)).body.data.map((x: { id: string }) => x.id)).not.toContain(rec.id);
    expect((await other.put(`${def.path}/${rec.id}`, { ...rec })).status).toBe(404);
    expect((await other.del(`${def.path}/${rec.id}`)).status).toBe(404);
    expect((await demo.get(`${def.path}/${rec.id}`)).body.data).toMatchObject({ version: 1 });

    expect((await demo.put(`${def.path}/${rec.id}`, { ...rec })).body.data.version).toBe(2);
    expect((await demo.put(`${def.path}/${rec.id}`, { ...rec })).status).toBe(409);
    expect((await demo.del(`${def.path}/${rec.id}`)).status).toBe(200);
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
