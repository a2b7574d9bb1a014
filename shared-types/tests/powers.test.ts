import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type Caller,
  FACULTY_RECORDS,
  POWERS,
  POWER_NAMES,
  type Power,
  type ProfileView,
  ROLES,
  type Role,
  callersOf,
  countsAsFaculty,
  courseOutcome,
  department,
  may,
  readReach,
  readersOf,
  student,
  writeReach,
} from '../src/index.js';
import { POWERS_DOC, powerWords, powersDoc } from '../scripts/powers-doc.js';

/** The powers each role holds: the decisions the product made by comparing roles before decision 0052. */
const HELD: Readonly<Record<Role, readonly Power[]>> = {
  admin: ['read-campus', 'change-campus', 'administer-campus', 'read-every-member', 'read-every-student'],
  faculty: ['read-campus', 'change-campus', 'keep-own'],
  'group-admin': ['read-campus', 'oversee-group', 'read-every-member', 'read-every-student'],
  student: [],
  'api-key': ['use-key-scopes'],
};

describe('may: who holds which power', () => {
  it.each(ROLES)('gives %s exactly its powers', (role) => {
    expect(POWER_NAMES.filter((p) => may({ role }, p))).toEqual(HELD[role]);
  });
  it('gives an unknown role nothing', () => {
    for (const role of ['Admin', 'faculty ', '', 'user', 'students'])
      for (const p of POWER_NAMES) expect(may({ role }, p), `${JSON.stringify(role)} ${p}`).toBe(false);
  });
  it('lets a record type or route that names no roles be read by the staff and written by those who change a campus', () => {
    expect(readersOf(department)).toEqual(['admin', 'faculty', 'group-admin']);
    expect(callersOf({ method: 'GET' })).toEqual(['admin', 'faculty', 'group-admin']);
    expect(callersOf({ method: 'PUT' })).toEqual(['admin', 'faculty']);
    expect(callersOf({ method: 'GET', roles: ['student'] })).toEqual(['student']);
    // A student reaches no record type, and writes none; faculty write their own courses' outcomes only.
    for (const e of [department, courseOutcome, student]) {
      expect(readReach(e, 'student'), e.name).toBe('none');
      expect(writeReach(e, 'student'), e.name).toBe('none');
    }
    expect(writeReach(courseOutcome, 'faculty')).toBe('own');
    expect(writeReach(department, 'faculty')).toBe('none');
    expect(readReach(FACULTY_RECORDS[0]!, 'faculty')).toBe('own');
    expect(readReach(FACULTY_RECORDS[0]!, 'admin')).toBe('all');
  });
  it('gives nobody (signed out, no role) nothing', () => {
    for (const p of POWER_NAMES) {
      expect(may(null, p)).toBe(false);
      expect(may(undefined, p)).toBe(false);
      expect(may({}, p)).toBe(false);
    }
  });
  it('reads a caller or a profile alike', () => {
    const caller: Caller = { tenant: 'c1', role: 'faculty', user: 'f@x.in', sub: 's' };
    const profile: Pick<ProfileView, 'role' | 'email' | 'tenant'> = { role: 'group-admin', email: 'g@x.in', tenant: 'g1' };
    expect(may(caller, 'keep-own')).toBe(true);
    expect(may(profile, 'oversee-group')).toBe(true);
  });
  it('names only known roles, each power held by someone and described by its doc comment', () => {
    const words = powerWords();
    for (const p of POWER_NAMES) {
      expect(POWERS[p].length, p).toBeGreaterThan(0);
      for (const r of POWERS[p]) expect(ROLES, p).toContain(r);
      expect(words[p].allows.length, p).toBeGreaterThan(20);
      expect(words[p].enforced.length, p).toBeGreaterThan(20);
    }
  });
  it('refuses a power with no doc comment saying where it is enforced', () => {
    const source = "export const POWERS = {\n  /** Only what it allows. */\n  'keep-own': ['faculty'],\n} as const;";
    expect(() => powerWords(source)).toThrow(/read-campus/);
  });
});

describe('countsAsFaculty: a member record counted by its role', () => {
  it('counts the faculty role only', () => {
    expect(countsAsFaculty('faculty')).toBe(true);
    for (const role of ['admin', 'group-admin', 'student', undefined, null, 3]) expect(countsAsFaculty(role)).toBe(false);
  });
});

describe('docs/powers.md', () => {
  it('is the table POWERS gives (run `npm run powers:doc` after changing a power)', async () => {
    expect(readFileSync(POWERS_DOC, 'utf8')).toBe(await powersDoc());
  });
});
