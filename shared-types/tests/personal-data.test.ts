import { describe, expect, it } from 'vitest';
import { department, maskAadhaar, personalChanges, personalView, profile } from '../src/index.js';

/** A member's stored profile with directory and private fields. */
const member = {
  id: 'user-1',
  version: 3,
  first_name: 'Meera',
  last_name: 'Varier',
  email: 'meera@college.example',
  designation: ['Professor'],
  research_interest: 'Sensor networks',
  aadhar_number: '9876 5432 1098',
  phone_number: '+91 94470 31337',
  date_of_birth: '1979-02-23',
  salary_pay: 'Level 13A',
  relieving_date: '2030-05-31',
  stray: 'not a field',
};

describe('personalView', () => {
  it('gives a colleague the directory fields only', () => {
    const seen = personalView(profile, member, { sub: 'user-2', campusAdmin: false });
    expect(seen).toEqual({
      id: 'user-1',
      version: 3,
      first_name: 'Meera',
      last_name: 'Varier',
      email: 'meera@college.example',
      designation: ['Professor'],
      research_interest: 'Sensor networks',
    });
  });

  it('gives campus admins every field with Aadhaar masked, and the person everything unmasked', () => {
    const admin = personalView(profile, member, { sub: 'admin-1', campusAdmin: true });
    expect(admin).toMatchObject({ phone_number: '+91 94470 31337', salary_pay: 'Level 13A', aadhar_number: 'XXXX XXXX 1098' });
    const own = personalView(profile, member, { sub: 'user-1', campusAdmin: false });
    expect(own.aadhar_number).toBe('9876 5432 1098');
    expect(own.date_of_birth).toBe('1979-02-23');
  });

  it('leaves records of entities that do not describe a person as they are', () => {
    const dept = { id: 'd', name: 'CSE', short_name: 'CSE' };
    expect(personalView(department, dept, { sub: 'x', campusAdmin: false })).toBe(dept);
  });
});

describe('maskAadhaar', () => {
  it('shows only the last four digits, as UIDAI masks it', () => {
    expect(maskAadhaar('987654321098')).toBe('XXXX XXXX 1098');
    expect(maskAadhaar('9876-5432-1098')).toBe('XXXX XXXX 1098');
    expect(maskAadhaar('12')).toBe('XXXX XXXX XXXX');
  });
});

describe('personalChanges', () => {
  const changes = [
    { field: 'first_name', label: 'First name', old: 'Meera', new: 'Meera K' },
    { field: 'aadhar_number', label: 'Aadhaar number', old: '111122223333', new: '987654321098' },
    { field: 'phone_number', label: 'Phone number', new: '+91 94470 31337' },
  ];
  it("drops a colleague's private changes and masks Aadhaar for admins", () => {
    expect(personalChanges(profile, changes, 'user-1', { sub: 'user-2', campusAdmin: false }).map((c) => c.field)).toEqual(['first_name']);
    const admin = personalChanges(profile, changes, 'user-1', { sub: 'a', campusAdmin: true });
    expect(admin[1]).toMatchObject({ old: 'XXXX XXXX 3333', new: 'XXXX XXXX 1098' });
    expect(personalChanges(profile, changes, 'user-1', { sub: 'user-1', campusAdmin: false })).toEqual(changes);
  });
});
