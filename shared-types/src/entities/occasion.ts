import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { academicYearOf } from '../format/academic-year.js';
import { OCCASION_KINDS, OCCASION_MODES, OCCASION_STATUSES } from './choices.js';

/**
 * An assessment occasion of a course section: an in-semester (ISE), mid-semester (MSE) or end-semester (ESE)
 * examination with its total marks. Its question paper lives at `/api/question-paper/{occasion id}`.
 * Department, program, curriculum and term are copied from the course for the list filters (spec part 1 §2).
 */
export const occasion = defineEntity({
  name: 'occasion',
  label: 'Assessment occasion',
  path: '/api/occasion',
  domain: 'assessments',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  ownedVia: 'course',
  fields: [
    f.ref('course', 'Course', 'course-curriculum', { required: true }),
    f.enum('kind', 'Examination', OCCASION_KINDS, { required: true }),
    f.string('name', 'Name', { required: true, max: 50 }),
    f.string('section', 'Section', { max: 10 }),
    f.ref('instructor', 'Instructor', 'profile'),
    f.enum('mode', 'Mode', OCCASION_MODES, { default: 'Offline' }),
    f.int('total_marks', 'Total marks', { required: true, min: 1, max: 1000 }),
    // The academic year the occasion counts in, picked (decision 0046); its date, when given, falls inside it.
    f.string('academic_year', 'Academic year', { max: 7, academicYear: true }),
    f.date('held_on', 'Date'),
    f.enum('status', 'Status', OCCASION_STATUSES, { default: 'Planned' }),
    f.ref('curriculum', 'Curriculum', 'curriculum', { derivedFrom: 'course' }),
    f.ref('term', 'Term', 'term', { derivedFrom: 'course' }),
    f.ref('program', 'Program', 'program', { derivedFrom: 'course' }),
    f.ref('department', 'Department', 'department', { derivedFrom: 'course' }),
  ],
  columns: ['name', 'kind', 'section', 'course', 'academic_year', 'instructor', 'status'],
  filters: ['department', 'program', 'curriculum', 'term', 'course', 'kind'],
  indexes: [{ field: 'curriculum', sortBy: 'term' }, { field: 'course' }],
});

/**
 * The academic year an occasion counts in (`2025-26`): the one picked (`academic_year`, decision 0046); for an occasion
 * stored before it had one, the year its date falls in (June start, decision 0033), or `undated` with no date. The one
 * rule every feature groups occasions into years by.
 */
export const occasionYear = (o: { academic_year?: string | null; held_on?: string | null }): string =>
  o.academic_year || (o.held_on ? academicYearOf(o.held_on) : 'undated');
