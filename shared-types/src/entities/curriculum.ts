import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Curriculum (spec part 1 §3): a program's scheme of courses for a batch (e.g. "2022"). Creating one also
 * creates its terms, numbered 1 .. the program's `number_of_terms`.
 */
export const curriculum = defineEntity({
  name: 'curriculum',
  label: 'Curriculum',
  path: '/api/curriculum',
  domain: 'curriculum',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  fields: [
    f.string('name', 'Name', { required: true, max: 150 }),
    f.ref('program', 'Program', 'program', { required: true, refLabel: 'title' }),
    f.int('start_year', 'First admitted batch (year)', { min: 1900, max: 2100 }),
    f.text('description', 'Description', { max: 2000 }),
    f.ref('department', 'Department', 'department', { derivedFrom: 'program' }),
  ],
  columns: ['name', 'program', 'start_year', 'description'],
  filters: ['program', 'department'],
  indexes: [{ field: 'program' }],
});
