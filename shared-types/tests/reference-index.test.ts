import { describe, expect, it } from 'vitest';
import { CRUD_ENTITIES, ENTITIES, REFERENCE_INDEX, profile, referenceIndexData, referenceIndexFrom, referrersOf } from '../src/index.js';

describe('the reference index every Lambda carries', () => {
  it('is the one the registry gives (run `npm run registry:index` after changing an entity)', () => {
    expect(REFERENCE_INDEX).toEqual(referenceIndexFrom(referenceIndexData(CRUD_ENTITIES, [profile])));
  });
  it('lists, for every entity, the same referrers as the whole registry', () => {
    for (const e of Object.values(ENTITIES)) {
      const whole = referrersOf(e).map((r) => ({ entity: r.entity.name, field: r.field, cascade: r.cascade }));
      expect(REFERENCE_INDEX.referrers[e.name] ?? [], e.name).toEqual(whole);
    }
  });
  it('keeps, in each stub, the fields that name a record, and every field of a target named in imports', () => {
    // A course outcome is named by its code; its course says which faculty may write it (`ownedVia`).
    expect(REFERENCE_INDEX.entities['course-outcome'].fields.map((f) => f.name)).toEqual(['course', 'code']);
    expect(REFERENCE_INDEX.entities.program.fields.map((f) => f.name)).toEqual(ENTITIES.program.fields.map((f) => f.name));
  });
  it('has one entity describing a person, the profile (the audit trail masks its changes with its whole definition)', () => {
    expect(Object.values(ENTITIES).filter((e) => e.personData)).toEqual([profile]);
  });
  it('cascades only within a domain, so a Lambda deletes cascaded records with definitions it carries', () => {
    for (const [target, refs] of Object.entries(REFERENCE_INDEX.referrers))
      for (const r of refs.filter((x) => x.cascade))
        expect(ENTITIES[r.entity].domain, `${r.entity} -> ${target}`).toBe(ENTITIES[target].domain);
  });
});
