import { describe, expect, it } from 'vitest';
import {
  academicYearOf,
  academicYearSpan,
  assessmentYears,
  currentAcademicYear,
  courseResultsYear,
  defaultResultsYear,
  organizationCurrentYear,
  nbaYearLabel,
  pickerYears,
  todayInIndia,
} from '../src/format/academic-year.js';
import { organization, validateBody } from '../src/index.js';

/**
 * One current academic year: the campus's start month and today give CAY, NBA's labels follow from it, and every
 * results page opens on the newest year with results that is not after CAY.
 */
describe('the current academic year (CAY) of a campus', () => {
  it('starts in June by default: 25/11/2026 is in 2026-27, 31/05/2026 in 2025-26, 01/06/2026 in 2026-27', () => {
    expect(currentAcademicYear(undefined, '2026-11-25')).toBe('2026-27');
    expect(currentAcademicYear(6, '2026-05-31')).toBe('2025-26');
    expect(currentAcademicYear(6, '2026-06-01')).toBe('2026-27');
    expect(currentAcademicYear(undefined, '2026-06-01')).toBe('2026-27');
  });

  it('follows a July start: 30/06/2026 is still 2025-26, 01/07/2026 is 2026-27', () => {
    expect(currentAcademicYear(7, '2026-06-30')).toBe('2025-26');
    expect(currentAcademicYear(7, '2026-07-01')).toBe('2026-27');
  });

  it('with a January start is the calendar year: 31/12/2025 is 2025-26, 01/01/2026 is 2026-27', () => {
    expect(currentAcademicYear(1, '2025-12-31')).toBe('2025-26');
    expect(currentAcademicYear(1, '2026-01-01')).toBe('2026-27');
    expect(currentAcademicYear(1, '2026-11-25')).toBe('2026-27');
  });

  it('takes a missing or impossible month as June, and reads a timestamp by its date', () => {
    expect(currentAcademicYear(13, '2026-05-31')).toBe('2025-26');
    expect(currentAcademicYear(0, '2026-06-01')).toBe('2026-27');
    expect(currentAcademicYear(null, '2026-06-01T00:30:00.000Z')).toBe('2026-27');
  });

  it('counts the day in India: 18:30 UTC on 31/05/2026 is already 01/06/2026 there, so 2026-27 has begun', () => {
    const late = new Date('2026-05-31T18:45:00Z');
    expect(todayInIndia(late)).toBe('2026-06-01');
    expect(currentAcademicYear(6, todayInIndia(late))).toBe('2026-27');
  });

  it("spans the start month's first day to the day before the next year's (a leap year's February included)", () => {
    expect(academicYearSpan('2025-26')).toEqual({ from: '2025-06-01', to: '2026-05-31' });
    expect(academicYearSpan('2025-26', 7)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(academicYearSpan('2027-28', 3)).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(academicYearSpan('2026-27', 1)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(academicYearOf('2025-08-14')).toBe('2025-26');
  });
});

describe("NBA's year labels from CAY", () => {
  it('gives CAYm1 (the current assessment year), CAYm2, CAYm3 and LYG by the program length', () => {
    expect(assessmentYears('2026-27')).toEqual({
      cay: '2026-27',
      caym1: '2025-26',
      caym2: '2024-25',
      caym3: '2023-24',
      lyg: '2022-23',
      lygm1: '2021-22',
      lygm2: '2020-21',
    });
    expect(assessmentYears('2026-27', 2).lyg).toBe('2024-25');
    expect(nbaYearLabel('2025-26', '2026-27')).toBe('CAYm1');
    expect(nbaYearLabel('2026-27', '2026-27')).toBe('CAY');
    expect(nbaYearLabel('2027-28', '2026-27')).toBe('CAYp1');
    expect(nbaYearLabel('undated', '2026-27')).toBe('');
    expect(pickerYears('2026-27')).toEqual(['2026-27', '2025-26', '2024-25', '2023-24', '2022-23', '2021-22']);
  });

  it('refuses a year not written 2025-26 and a duration that is not 1-10 whole years', () => {
    expect(() => assessmentYears('2026-2027')).toThrow(RangeError);
    expect(() => assessmentYears('2026-27', 0)).toThrow(RangeError);
    expect(() => assessmentYears('2026-27', 4.5)).toThrow(RangeError);
  });
});

describe('the year a results page opens on', () => {
  it('for one campus is its current academic year, chosen, whatever years have results: marks never move it', () => {
    const c = defaultResultsYear([['2023-24', '2025-26', '2024-25', '2026-27']], '2025-26');
    expect(c).toEqual({ year: '2025-26', current: '2025-26', reason: 'current', text: '2025-26: the current academic year' });
    // No results in CAY yet: still CAY.
    expect(defaultResultsYear([['2024-25']], '2025-26').year).toBe('2025-26');
    expect(defaultResultsYear([], '2025-26').year).toBe('2025-26');
  });

  it("a course's pages open on CAY when the course has results then, else on the course's newest year", () => {
    expect(courseResultsYear(['2026-27', '2025-26'], '2025-26')).toMatchObject({ year: '2025-26', reason: 'current' });
    const c = courseResultsYear(['2026-27', 'undated'], '2025-26');
    expect(c).toMatchObject({ year: '2026-27', reason: 'course' });
    expect(c.text).toBe("2026-27: the course's newest year with results (current academic year 2025-26)");
    // A year before CAY is preferred to one after it.
    expect(courseResultsYear(['2026-27', '2024-25'], '2025-26').year).toBe('2024-25');
  });

  it('for a group with no results is CAYm1, and says so', () => {
    const c = defaultResultsYear([[], ['undated']], '2026-27');
    expect(c).toMatchObject({ year: '2025-26', reason: 'none' });
    expect(c.text).toBe('2025-26: no results yet, so the last completed year (CAYm1) (current academic year 2026-27)');
  });

  it('a campus whose administrators set a CAY counts from it; until then from today by its start month', () => {
    expect(organizationCurrentYear({ current_academic_year: '2025-26', academic_year_start_month: 6 }, '2026-11-28')).toBe('2025-26');
    expect(organizationCurrentYear({ academic_year_start_month: 6 }, '2026-11-28')).toBe('2026-27');
    expect(organizationCurrentYear(undefined, '2026-03-01')).toBe('2025-26');
  });

  it("for a group is the newest year every campus with results has, so one campus's early marks do not move it", () => {
    const c = defaultResultsYear([['2026-27', '2025-26', '2024-25'], ['2025-26'], []], '2026-27');
    expect(c).toMatchObject({ year: '2025-26', reason: 'common' });
    // No year in common: the newest anywhere.
    expect(defaultResultsYear([['2025-26'], ['2023-24']], '2026-27').year).toBe('2025-26');
  });
});

describe("the organization's academic_year_start_month", () => {
  it('takes a month 1-12 (June until chosen) and refuses any other value with a message on the field', () => {
    expect(validateBody(organization, { name: 'College', academic_year_start_month: 7 }, 'create').ok).toBe(true);
    const made = validateBody(organization, { name: 'College' }, 'create');
    expect(made.ok && made.data.academic_year_start_month).toBe(6);
    for (const bad of [13, 0, 'June', 6.5]) {
      const v = validateBody(organization, { name: 'College', academic_year_start_month: bad }, 'create');
      expect(v.ok, String(bad)).toBe(false);
      if (!v.ok) expect(v.fields.academic_year_start_month, String(bad)).toBeTruthy();
    }
  });
});
