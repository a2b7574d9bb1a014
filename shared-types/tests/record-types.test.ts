import { describe, expect, expectTypeOf, it } from 'vitest';
import { type DataOf, type EntityRecord, type RecordOf, courseCurriculum, occasion, student } from '../src/index.js';

/** Record types are inferred from the field builders (checked by `tsc`, which `npm test` runs first). */
describe('record types from the field builders', () => {
  it('types required fields as present, others optional, enums as their choices, with the system fields', () => {
    expectTypeOf<RecordOf<typeof student>['roll_no']>().toEqualTypeOf<string>();
    expectTypeOf<RecordOf<typeof student>['email']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RecordOf<typeof student>['version']>().toEqualTypeOf<number>();
    expectTypeOf<RecordOf<typeof occasion>['kind']>().toEqualTypeOf<'ISE' | 'MSE' | 'ESE'>();
    expectTypeOf<RecordOf<typeof occasion>['total_marks']>().toEqualTypeOf<number>();
    expectTypeOf<RecordOf<typeof courseCurriculum>['program']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<DataOf<typeof student>>().not.toHaveProperty('version');
    // A typed record still fits code written for every entity.
    expectTypeOf<RecordOf<typeof student>>().toMatchTypeOf<EntityRecord>();
    // The run-time definitions keep what the types say.
    expect(student.fields.find((f) => f.name === 'roll_no')?.required).toBe(true);
    expect(student.unique).toEqual([['curriculum', 'roll_no']]);
  });
});
