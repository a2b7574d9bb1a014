import { describe, expect, it } from 'vitest';
import { setFields } from '../../src/platform/store/set-fields.js';

describe('setFields (an UpdateItem SET of plain attributes)', () => {
  it('sets each defined field through placeholders, so reserved words are safe, and leaves undefined ones alone', () => {
    expect(setFields({ state: 'done', written: 12, note: undefined, course: 'c1' })).toEqual({
      UpdateExpression: 'SET #f0 = :v0, #f1 = :v1, #f2 = :v2',
      ExpressionAttributeNames: { '#f0': 'state', '#f1': 'written', '#f2': 'course' },
      ExpressionAttributeValues: { ':v0': 'done', ':v1': 12, ':v2': 'c1' },
    });
  });

  it('refuses to build an empty SET, which DynamoDB would refuse', () => {
    expect(() => setFields({ note: undefined })).toThrow(/nothing to set/);
  });
});
