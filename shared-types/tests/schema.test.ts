import { describe, expect, it } from 'vitest';
import {
  CRUD_ENTITIES,
  MESSAGES,
  choiceLabel,
  courseType,
  department,
  organization,
  profile,
  program,
  validateBody,
} from '../src/index.js';

describe('department validation (spec part 1 §5)', () => {
  it('refuses a missing name and short_name with Required', () => {
    const v = validateBody(department, {}, 'create');
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.fields).toMatchObject({ name: MESSAGES.required, short_name: MESSAGES.required });
  });
  it('refuses an 11-character short_name with Too Long! and accepts 10', () => {
    const bad = validateBody(department, { name: 'Civil', short_name: 'ABCDEFGHIJK' }, 'create');
    expect(bad.ok ? null : bad.fields.short_name).toBe(MESSAGES.tooLong);
    expect(validateBody(department, { name: 'Civil', short_name: 'ABCDEFGHIJ' }, 'create').ok).toBe(true);
  });
  it('defaults status to true and drops blank optional values', () => {
    const v = validateBody(department, { name: 'Civil', short_name: 'CE', chairman: '', no_of_journals: '' }, 'create');
    expect(v).toMatchObject({ ok: true, data: { name: 'Civil', short_name: 'CE', status: true } });
    if (v.ok) expect(v.data).not.toHaveProperty('chairman');
  });
  it('refuses unknown fields, wrong types and whitespace-only names', () => {
    const v = validateBody(department, { name: '   ', short_name: 5, year_of_establishment: 'old', hacker: true }, 'create');
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.fields.name).toBe(MESSAGES.required);
      expect(v.fields.short_name).toBe('Must be text');
      expect(v.fields.year_of_establishment).toBe(MESSAGES.digits);
      expect(v.fields.hacker).toBe(MESSAGES.unknown);
    }
  });
  it('requires the version it read on replace and ignores system fields', () => {
    expect(validateBody(department, { name: 'Civil', short_name: 'CE' }, 'replace')).toMatchObject({
      ok: false,
      fields: { version: MESSAGES.required },
    });
    const v = validateBody(department, { id: 'x', created_by: 'someone', name: 'Civil', short_name: 'CE', version: 3 }, 'replace');
    expect(v).toMatchObject({ ok: true, version: 3 });
    if (v.ok) expect(v.data).not.toHaveProperty('created_by');
  });
  it("accepts and ignores the system fields the spec's forms send on create", () => {
    const sent = { name: 'Civil', short_name: 'CE', created_by: 'intruder@x.example', created_at: '2020-01-01', updated_at: '2020-01-01' };
    const v = validateBody(department, { ...sent, updated_by: 'x', id: 'mine' }, 'create');
    expect(v.ok).toBe(true);
    if (v.ok) for (const k of ['created_by', 'created_at', 'updated_at', 'updated_by', 'id']) expect(v.data).not.toHaveProperty(k);
  });
  it('refuses a body that is not an object', () => {
    expect(validateBody(department, [1, 2], 'create')).toMatchObject({ ok: false, detail: 'The request body must be a JSON object' });
    expect(validateBody(department, 'text', 'create').ok).toBe(false);
  });
});

describe('profile validation', () => {
  it('keeps names between 2 and 50 characters', () => {
    const short = validateBody(profile, { first_name: 'A', last_name: 'B'.repeat(51) }, 'patch');
    expect(short.ok ? null : short.fields).toEqual({ first_name: MESSAGES.tooShort, last_name: MESSAGES.tooLong });
  });
  it('treats a blank optional field as "clear it" in a PATCH', () => {
    expect(validateBody(profile, { website: '' }, 'patch')).toMatchObject({ ok: true, data: { website: null } });
  });
  it('checks dates and choice lists', () => {
    const v = validateBody(profile, { date_of_birth: '2023-02-30', blood_group: 'Z+' }, 'patch');
    expect(v.ok ? null : v.fields).toEqual({ date_of_birth: MESSAGES.date, blood_group: MESSAGES.choice });
  });
});

describe.each(CRUD_ENTITIES.map((e) => [e.name, e] as const))('registry entity %s', (_name, def) => {
  it('has a spec-style API path and columns that are its own fields', () => {
    expect(def.path).toMatch(/^\/api\/[A-Za-z_-]+$/);
    for (const c of def.columns) expect(def.fields.map((f) => f.name)).toContain(c);
    for (const f of def.filters ?? []) expect(def.fields.map((x) => x.name)).toContain(f);
  });
  it('refuses an empty body naming each required field', () => {
    const required = def.fields.filter((f) => f.required && f.default === undefined).map((f) => f.name);
    const v = validateBody(def, {}, 'create');
    if (required.length === 0) expect(v.ok).toBe(true);
    else expect(v.ok ? [] : Object.keys(v.fields).sort()).toEqual([...required].sort());
  });
  it('refuses an over-long value in every text field', () => {
    for (const f of def.fields.filter((x) => ['string', 'text', 'html'].includes(x.kind) && !x.readOnly)) {
      const v = validateBody(def, { [f.name]: 'x'.repeat(100_001) }, 'patch');
      expect(v.ok ? null : v.fields[f.name]).toBe(MESSAGES.tooLong);
    }
  });
});

it('the organization is a singleton owned by admins', () => {
  expect(organization.singleton).toBe(true);
  expect(organization.writeRoles).toEqual(['admin']);
});

describe('choice labels (issue 11: words on screen, the spec value on the wire)', () => {
  it('spaces run-together values into words, keeps numbers, and prefers a declared label', () => {
    const sar = program.fields.find((f) => f.name === 'nba_sar_type')!;
    expect(choiceLabel(sar, 'UndergraduateEngineering')).toBe('Undergraduate Engineering');
    expect(choiceLabel(sar, 'PostgraduateMBA')).toBe('Postgraduate MBA');
    expect(choiceLabel(sar, 'Diploma/Polytechnic')).toBe('Diploma/Polytechnic');
    expect(choiceLabel({}, 'UnitIII')).toBe('Unit III');
    expect(choiceLabel({}, 'core')).toBe('Core');
    expect(choiceLabel({}, 2)).toBe('2');
    expect(choiceLabel({}, null)).toBe('');
    const component = courseType.fields.find((f) => f.name === 'component_name')!;
    expect(choiceLabel(component, 'Humaities&Sciences')).toBe('Humanities & Sciences');
    // The wire keeps the spec's spelling.
    expect(component.choices).toContain('Humaities&Sciences');
  });
});
