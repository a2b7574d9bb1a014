import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, signedIn } from '../support/client.js';

/** The faculty profile of spec part 2 §3 (issue 12): saved with Update, derived total experience, rows in place. */
const base = inject('stackUrl');
const users = inject('users');
let vikram: ReturnType<typeof client>;

beforeAll(async () => {
  vikram = await signedIn(base, users.demoFaculty2);
});

describe('faculty profile', () => {
  it('keeps every field, the designation list and the detail rows; total experience is teaching + industrial', async () => {
    const res = await vikram.patch('/api/auth/profile', {
      facility_type: 'Teaching',
      designation: ['HOD', 'Associate professor'],
      faculty_serving: 'Permanent',
      date_of_joining: '2012-07-02',
      teaching_experience: 13.5,
      industrial_experience: 2,
      total_experience: 99,
      highest_qualification: 'Phd',
      responsibilties: 'NBA coordinator',
      qualification_detail: [
        { degree: 'B.E. Civil Engineering', university: 'Anna University', year_of_passing: 2005, grade: '', specialization: '' },
        { degree: 'M.Tech Structural Engineering', institution: 'NIT Tiruchirappalli', year_of_passing: 2008 },
      ],
      phd_detail: [
        { status: 'Awarded', university: 'Anna University', thesis_title: 'Behaviour of self-compacting concrete', year_of_award: 2016 },
      ],
    });
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ designation: ['HOD', 'Associate professor'], total_experience: 15.5, responsibilties: 'NBA coordinator' });
    // Blank values in a row are not kept.
    expect(p.qualification_detail[0]).toEqual({ degree: 'B.E. Civil Engineering', university: 'Anna University', year_of_passing: 2005 });
    expect(p.phd_detail).toHaveLength(1);

    // Clearing one part recomputes the total from what is left.
    const cleared = await vikram.patch('/api/auth/profile', { industrial_experience: null });
    expect(cleared.body.data.total_experience).toBe(13.5);
    expect((await vikram.get('/api/auth/profile')).body.data.total_experience).toBe(13.5);
  });

  it("refuses a row without its required value, a designation not in the list and dates out of order, with the spec's messages", async () => {
    const row = await vikram.patch('/api/auth/profile', { qualification_detail: [{ degree: 'B.E.' }, { university: 'Anna University' }] });
    expect(row.status).toBe(400);
    expect(row.body.errors.fields.qualification_detail).toBe('Row 2, Degree: Required');
    const designation = await vikram.patch('/api/auth/profile', { designation: ['Dean'] });
    expect(designation.body.errors.fields.designation).toBeTruthy();
    const dates = await vikram.patch('/api/auth/profile', { relieving_date: '2011-01-01' });
    expect(dates.status).toBe(400);
    expect(dates.body.errors.fields.relieving_date).toBe('Must not be before the date of joining');
    const unknown = await vikram.patch('/api/auth/profile', { phd_detail: [{ status: 'Awarded', university: 'X', advisor: 'Y' }] });
    expect(unknown.body.errors.fields.phd_detail).toMatch(/^Row 1: Unknown field/);
  });
});
