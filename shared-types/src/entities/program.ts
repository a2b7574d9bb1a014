import { defineEntity } from '../registry/entity.js';
import { type FieldDef, f } from '../registry/field.js';
import { DURATION_UNITS, NBA_SAR_TYPES, TOPIC_UNITS } from './choices.js';

/** A duration as the spec stores it: an integer quantity and its unit (Minutes .. Years). */
const duration = (name: string, label: string): FieldDef[] => [
  f.int(`${name}_qty`, `${label}`, { min: 0, max: 10000 }),
  f.enum(`${name}_unit`, `${label} unit`, DURATION_UNITS),
];

/**
 * Program (spec part 1 §3, §5): `title` required; every number is an integer; four durations with units;
 * `nba_sar_type` picks the NBA SAR format; `number_of_terms` sets how many terms each new curriculum gets.
 */
export const program = defineEntity({
  name: 'program',
  label: 'Program',
  path: '/api/program',
  domain: 'configuration',
  writeRoles: ['admin'],
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
  ],
  columns: ['title', 'acronym', 'department', 'program_type', 'number_of_terms', 'total_credits', 'nba_sar_type'],
  filters: ['department'],
  indexes: [{ field: 'department' }],
  display: 'title',
});
