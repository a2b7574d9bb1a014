import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { DURATION_UNITS, NBA_SAR_TYPES, TOPIC_UNITS } from './choices.js';
import { DEFAULT_SAR_VERSION, SAR_VERSIONS, SAR_VERSION_LABELS } from '../reports/sar.js';
import { isAcademicYear } from '../format/academic-year.js';

/** A duration as the spec stores it: an integer quantity and its unit (Minutes .. Years). */
const duration = <const N extends string>(name: N, label: string) =>
  [f.int(`${name}_qty`, `${label}`, { min: 0, max: 10000 }), f.enum(`${name}_unit`, `${label} unit`, DURATION_UNITS)] as const;

/**
 * One academic year's admissions (for the SAR's student-faculty ratio): the year (`2025-26`), the first-year
 * sanctioned intake and the lateral entries admitted into the second year that year, both counts of students.
 */
const intakeRow = [
  f.string('academic_year', 'Academic year', { required: true, max: 7, academicYear: true }),
  f.int('sanctioned_intake', 'Sanctioned intake', { required: true, min: 0, max: 5000 }),
  f.int('lateral_entries', 'Lateral entries', { min: 0, max: 5000 }),
];

/**
 * Program (spec part 1 §3, §5): `title` required; every number is an integer; four durations with units;
 * `nba_sar_type` picks the NBA SAR format; `number_of_terms` sets how many terms each new curriculum gets.
 * `sar_version` picks the NBA SAR format the program follows (its criteria, items and formulas); `intake` lists each academic year's
 * sanctioned intake and lateral entries (the SAR's student count S).
 */
export const program = defineEntity({
  name: 'program',
  label: 'Program',
  path: '/api/program',
  domain: 'configuration',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  fields: [
    f.string('title', 'Title', { required: true, max: 200 }),
    f.string('acronym', 'Acronym', { max: 20 }),
    f.string('specialization', 'Specialization', { max: 200 }),
    f.string('specialization_acronym', 'Specialization acronym', { max: 20 }),
    f.ref('department', 'Department', 'department'),
    f.ref('program_type', 'Program type', 'program-type'),
    f.ref('program_mode', 'Program mode', 'program-mode'),
    f.int('number_of_terms', 'Number of terms', { min: 1, max: 20 }),
    f.int('total_credits', 'Total credits', { min: 0, max: 1000 }),
    f.int('term_min_credits', 'Term minimum credits', { min: 0, max: 200 }),
    f.int('term_max_credits', 'Term maximum credits', { min: 0, max: 200 }),
    ...duration('minimum_duration', 'Minimum duration'),
    ...duration('maximum_duration', 'Maximum duration'),
    ...duration('term_minimum_duration', 'Term minimum duration'),
    ...duration('term_maximum_duration', 'Term maximum duration'),
    f.enum('topic_unit_upto', 'Topic units up to', TOPIC_UNITS),
    f.enum('nba_sar_type', 'NBA SAR type', NBA_SAR_TYPES),
    f.enum('sar_version', 'SAR format', SAR_VERSIONS, { default: DEFAULT_SAR_VERSION, choiceLabels: SAR_VERSION_LABELS }),
    f.list('intake', 'Intake per academic year', intakeRow, { maxItems: 40, itemLabel: 'Year' }),
  ],
  columns: ['title', 'acronym', 'department', 'program_type', 'number_of_terms', 'total_credits', 'nba_sar_type'],
  filters: ['department'],
  indexes: [{ field: 'department' }],
  display: 'title',
  checks: (d) => intakeProblems(d.intake),
});

/** The intake rows' rules: each year written `2025-26`, and no year twice ("Row 3, Academic year: ..."). */
function intakeProblems(rows: unknown): Record<string, string> {
  if (!Array.isArray(rows)) return {};
  const seen = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const year = (r as { academic_year?: unknown }).academic_year;
    if (typeof year !== 'string') continue;
    if (!isAcademicYear(year)) return { intake: `Row ${i + 1}, Academic year: Write it as 2025-26` };
    if (seen.has(year)) return { intake: `Row ${i + 1}, Academic year: ${year} is already listed` };
    seen.add(year);
  }
  return {};
}
