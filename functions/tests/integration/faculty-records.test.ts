import { FACULTY_RECORDS, MESSAGES, facultyWorkload, fellowship, researchPublication } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, signedIn } from '../support/client.js';
import { fixtures } from '../support/fixtures.js';

/**
 * Faculty Contribution records (issue 12): each belongs to the member who created it; faculty read and change only
 * their own, campus admins read everyone's and may correct them, another campus sees nothing.
 */
const base = inject('stackUrl');
const users = inject('users');
let admin: ReturnType<typeof client>;
let asha: ReturnType<typeof client>;
let vikram: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let fx: ReturnType<typeof fixtures>;
let ashaId: string;

beforeAll(async () => {
  admin = await signedIn(base, users.demoAdmin);
  asha = await signedIn(base, users.demoFaculty);
  vikram = await signedIn(base, users.demoFaculty2);
  other = await signedIn(base, users.otherAdmin);
  fx = fixtures(admin);
  ashaId = (await asha.get('/api/auth/profile')).body.data.id;
});

describe.each(FACULTY_RECORDS.map((e) => [e.path, e] as const))('%s', (_p, def) => {
  it("is its creator's: the other member cannot list, read, change or delete it; an admin reads and corrects it", async () => {
    const created = await asha.post(def.path, await fx.body(def));
    expect(created.status).toBe(201);
    const rec = created.body.data;
    expect(rec).toMatchObject({ faculty: ashaId, created_by: users.demoFaculty.email });

    expect((await asha.get(def.path)).body.data.map((r: { id: string }) => r.id)).toContain(rec.id);
    // Vikram's list is his own, even when he asks for Asha's.
    expect((await vikram.get(def.path)).body.data.map((r: { id: string }) => r.id)).not.toContain(rec.id);
    expect((await vikram.get(`${def.path}?faculty=${ashaId}`)).body.data.map((r: { id: string }) => r.id)).not.toContain(rec.id);
    expect((await vikram.get(`${def.path}?ids=${rec.id}`)).body.data).toEqual([]);
    expect((await vikram.get(`${def.path}/${rec.id}`)).status).toBe(404);
    expect((await vikram.put(`${def.path}/${rec.id}`, { ...rec })).status).toBe(404);
    expect((await vikram.del(`${def.path}/${rec.id}`)).status).toBe(404);
    expect((await other.get(`${def.path}/${rec.id}`)).status).toBe(404);

    // The admin reads everyone's, narrows to Asha's, and corrects it: it stays Asha's.
    expect((await admin.get(`${def.path}?faculty=${ashaId}&limit=1000`)).body.data.map((r: { id: string }) => r.id)).toContain(rec.id);
    const corrected = await admin.put(`${def.path}/${rec.id}`, { ...rec, faculty: 'someone-else' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ faculty: ashaId, updated_by: users.demoAdmin.email, version: 2 });

    expect((await asha.del(`${def.path}/${rec.id}`)).status).toBe(200);
  });
});

describe('the spec rules of the records', () => {
  it("asks the workload's work field only for 'Others (specify)', and requires it then", async () => {
    const { work_field: _given, ...b } = await fx.body(facultyWorkload);
    const theory = await asha.post(facultyWorkload.path, { ...b, type_of_work: 'Theory teaching', work_field: 'ignored' });
    expect(theory.status).toBe(201);
    expect(theory.body.data.work_field).toBeUndefined();
    const missing = await asha.post(facultyWorkload.path, { ...b, type_of_work: 'Others (specify)' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.fields).toEqual({ work_field: MESSAGES.required });
    const given = await asha.post(facultyWorkload.path, { ...b, type_of_work: 'Others (specify)', work_field: 'NSS coordination' });
    expect(given.body.data.work_field).toBe('NSS coordination');
    for (const year of ['2025-2026', '2025-27', '25-26'])
      expect((await asha.post(facultyWorkload.path, { ...b, academic_year: year })).body.errors.fields, year).toEqual({
        academic_year: 'Write it as 2025-26',
      });
  });

  it("refuses a fellowship amount that is not a number with 'Digit only!', and dates out of order", async () => {
    const b = await fx.body(fellowship);
    expect((await asha.post(fellowship.path, { ...b, amount: 'ten thousand' })).body.errors.fields).toEqual({ amount: MESSAGES.digits });
    const backwards = await asha.post(fellowship.path, { ...b, date_from: '2025-06-01', date_to: '2025-05-01' });
    expect(backwards.body.errors.fields).toEqual({ date_to: 'Before the start date' });
  });

  it('checks a DOI by its syntax', async () => {
    const b = await fx.body(researchPublication);
    expect((await asha.post(researchPublication.path, { ...b, direct_object_identifier: 'doi:abc' })).status).toBe(400);
    const ok = await asha.post(researchPublication.path, { ...b, direct_object_identifier: '10.1109/ACCESS.2021.3051234' });
    expect(ok.status).toBe(201);
  });
});
