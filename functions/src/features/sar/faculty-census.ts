import { type RecordOf, academicYearSpan, isPlainObject, isStringArray, profile, countsAsFaculty } from '@attain/shared-types';
import type { CadreCounts, FacultyYear } from './criterion5-formulas.js';

/** A member's profile as the census reads it. */
export type Member = RecordOf<typeof profile>;

/** Which cadre a designation list puts a member in; `null` when it names none (e.g. only HOD). */
export type Cadre = keyof CadreCounts | null;

/** A member's designations (`designation`, a list of choices; none given: empty), e.g. `['Professor', 'HOD']`. */
export const designationsOf = (m: Member): string[] => (isStringArray(m.designation) ? m.designation : []);

/**
 * The cadre of a member from their designations: Professor or Principal -> professors; Associate professor ->
 * associates; Assistant Professor or Lecturer -> assistants (the highest named wins). HOD alone is a post, not a
 * cadre, and gives null.
 */
export function cadreOf(m: Member): Cadre {
  const d = new Set(designationsOf(m));
  if (d.has('Professor') || d.has('Principal')) return 'professors';
  if (d.has('Associate professor')) return 'associates';
  if (d.has('Assistant Professor') || d.has('Lecturer')) return 'assistants';
  return null;
}

/** Whether a member holds a PhD: their highest qualification says so, or a PhD row is `Awarded`. */
export function hasPhd(m: Member): boolean {
  if (m.highest_qualification === 'Phd') return true;
  return Array.isArray(m.phd_detail) && m.phd_detail.some((r: unknown) => isPlainObject(r) && r.status === 'Awarded');
}

/**
 * Whether a member counts as program faculty: a profile of the program's department whose post is Teaching, or
 * with no post given and the faculty role. Lab, administration, supporting and visiting posts are not counted.
 */
export function isProgramFaculty(m: Member, department: string | undefined): boolean {
  if (!department || m.department !== department) return false;
  return m.facility_type === 'Teaching' || (!m.facility_type && countsAsFaculty(m.role));
}

/**
 * Whether a member was in position at some time during an academic year: joined by its last day (no joining date
 * counts as joined) and not relieved before its first day.
 */
export function inPosition(m: Member, year: string): boolean {
  const { from, to } = academicYearSpan(year);
  if (m.date_of_joining && m.date_of_joining > to) return false;
  return !(m.relieving_date && m.relieving_date < from);
}

/** Completed years of service at the end of an academic year (null without a joining date). */
export function serviceYears(m: Member, year: string): number | null {
  if (!m.date_of_joining) return null;
  const end = new Date(`${academicYearSpan(year).to}T00:00:00Z`).getTime();
  const joined = new Date(`${m.date_of_joining}T00:00:00Z`).getTime();
  return Math.max(0, Math.floor((end - joined) / (365.25 * 24 * 3600 * 1000)));
}

/**
 * One year's faculty counts for Criterion 5 (F, regular, X, Y, cadres) from the members in position that year, with
 * `students` (S) given. A member with a PhD is counted in X only; Y counts M.Tech/M.E. as the highest degree.
 */
export function facultyYear(members: readonly Member[], year: string, students: number): FacultyYear & { members: Member[] } {
  const now = members.filter((m) => inPosition(m, year));
  const cadre: CadreCounts = { professors: 0, associates: 0, assistants: 0 };
  for (const m of now) {
    const c = cadreOf(m);
    if (c) cadre[c]++;
  }
  return {
    year,
    students,
    faculty: now.length,
    regular: now.filter((m) => m.faculty_serving === 'Permanent').length,
    phd: now.filter(hasPhd).length,
    mtech: now.filter((m) => !hasPhd(m) && m.highest_qualification === 'MTech').length,
    cadre,
    members: now,
  };
}

/** The members of `base` year still in position in `later` (retention). */
export const retainedFrom = (members: readonly Member[], base: string, later: string): Member[] =>
  members.filter((m) => inPosition(m, base) && inPosition(m, later));

/** A member's name as lists show it: title, first and last name. */
export const memberName = (m: Member): string => [m.title, m.first_name, m.last_name].filter(Boolean).join(' ');
