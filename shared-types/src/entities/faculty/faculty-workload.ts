import { f } from '../../registry/field.js';
import { OTHER_WORK, TYPES_OF_WORK, WORKLOAD_DISTRIBUTIONS } from './choices.js';
import { personalRecord } from './personal-record.js';
import { isAcademicYear } from '../../format/academic-year.js';

/**
 * Faculty workload (spec part 2 §3 and §5): a member's share of teaching in a program and academic year. The spec's
 * department, program type and program choice lists are the campus's own records here. `work_field` is asked only
 * for "Others (specify)".
 */
export const facultyWorkload = personalRecord({
  name: 'faculty-workload',
  label: 'Faculty workload',
  path: '/api/faculty-workload',
  fields: [
    f.ref('department', 'Department', 'department', { required: true, byName: true }),
    f.ref('program_type', 'Program type', 'program-type', { required: true, byName: true }),
    f.ref('program', 'Program', 'program', { required: true, refLabel: 'title', byName: true, max: 200 }),
    f.string('program_category', 'Program category', { required: true, max: 100 }),
    f.enum('workload_distribution', 'Workload distribution', WORKLOAD_DISTRIBUTIONS, { required: true }),
    f.string('academic_year', 'Academic year', { required: true, max: 9, academicYear: true }),
    f.enum('type_of_work', 'Type of work', TYPES_OF_WORK, { required: true }),
    f.string('work_field', 'Work (specify)', { max: 200, askedWhen: { field: 'type_of_work', equals: OTHER_WORK } }),
    f.number('workload_percent', 'Workload (%)', { min: 0, max: 100 }),
    f.number('workload_hr', 'Workload (hours)', { min: 0, max: 10_000 }),
  ],
  columns: ['academic_year', 'type_of_work', 'program', 'workload_distribution', 'workload_percent', 'workload_hr'],
  display: 'academic_year',
  // Academic years run July to June and are written 2025-26 (as the attainment pages write them).
  checks: (d): Record<string, string> =>
    typeof d.academic_year === 'string' && !isAcademicYear(d.academic_year) ? { academic_year: 'Write it as 2025-26' } : {},
});
