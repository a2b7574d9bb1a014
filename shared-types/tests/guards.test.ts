import { describe, expect, it } from 'vitest';
import { courseCurriculum, maskAadhaar, refLabel, textOf } from '../src/index.js';

describe('textOf: a stored value read as text', () => {
  it('keeps text and writes numbers out', () => {
    expect(textOf('CS3501')).toBe('CS3501');
    expect(textOf(2025)).toBe('2025');
    expect(textOf(0)).toBe('0');
  });

  it('gives an empty text for what is missing or not a scalar, never "[object Object]" or "undefined"', () => {
    expect(textOf(undefined)).toBe('');
    expect(textOf(null)).toBe('');
    expect(textOf({ key: 'x' })).toBe('');
    expect(textOf(['a'])).toBe('');
    expect(textOf(Number.NaN)).toBe('');
  });

  it('serves the readers that used to cast: a label falls back to the id, an Aadhaar stored as a number is masked', () => {
    const rec = { id: 'c-1', code: 'CS3501' };
    expect(refLabel(courseCurriculum, rec)).toBe('CS3501 c-1');
    expect(refLabel(courseCurriculum, { id: 'c-2', code: { x: 1 } })).toBe('c-2');
    expect(refLabel(courseCurriculum, { ...rec, title: 'Compiler Design' })).toBe('CS3501 Compiler Design');
    expect(maskAadhaar(123456789012)).toBe('XXXX XXXX 9012');
    expect(maskAadhaar(undefined)).toBe('XXXX XXXX XXXX');
  });
});
