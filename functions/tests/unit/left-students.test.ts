import { describe, expect, it } from 'vitest';
import { leftBefore } from '../../src/features/marks/occasion-sheet.js';

/**
 * A student a roster sync marked as left (`left_on`, decision 0062) is on the rosters of occasions up to the day they
 * left and not of later ones: their marks of before stay theirs, and no later sheet, template or survey lists them.
 */
const who = (left_on?: string) => ({ id: 's', curriculum: 'c', section: 'A', roll_no: '1', name: 'N', left_on }) as never;
const occ = (o: { held_on?: string; academic_year?: string }) => ({ id: 'o', course: 'k', name: 'ISE 1', ...o }) as never;

describe('who left before an occasion', () => {
  it('keeps a student who has not left, and one who left after the occasion was held', () => {
    expect(leftBefore(who(), occ({ held_on: '2026-09-01' }))).toBe(false);
    expect(leftBefore(who('2026-10-01'), occ({ held_on: '2026-09-01' }))).toBe(false);
    expect(leftBefore(who('2026-09-01'), occ({ held_on: '2026-09-01' }))).toBe(false);
  });
  it('leaves out one who left before it was held, or, undated, before its academic year', () => {
    expect(leftBefore(who('2026-08-31'), occ({ held_on: '2026-09-01' }))).toBe(true);
    expect(leftBefore(who('2026-03-10'), occ({ academic_year: '2026-27' }))).toBe(true);
    expect(leftBefore(who('2026-03-10'), occ({ academic_year: '2025-26' }))).toBe(false);
  });
});
