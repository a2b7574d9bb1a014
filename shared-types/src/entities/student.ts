import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * A student on a curriculum's roster, in a section (e.g. `A`). Marks are entered per student per question of an
 * occasion; an occasion with a section reads that section's roster. Loaded in bulk with
 * `POST /api/import/students?curriculum=` (columns roll_no, name, section, email); the roll number identifies the
 * student within the curriculum. A roster sync (`PUT /api/roster`) marks one who left with `left_on`, never deleting them.
 */
export const student = defineEntity({
  name: 'student',
  label: 'Student',
  path: '/api/student',
  domain: 'attainment',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  display: 'roll_no',
  // A roll number names one student of a curriculum (marks files find students by it): create, replace and import.
  unique: [['curriculum', 'roll_no']],
  fields: [
    f.ref('curriculum', 'Curriculum', 'curriculum', { required: true }),
    f.string('section', 'Section', { required: true, max: 10, default: 'A' }),
    f.string('roll_no', 'Roll number', { required: true, max: 30 }),
    f.string('name', 'Name', { required: true, max: 150 }),
    f.email('email', 'Email'),
    // Set by a roster sync when the ERP's list no longer has them (`PUT /api/roster`): kept with their marks, never deleted.
    f.date('left_on', 'Left on'),
  ],
  columns: ['roll_no', 'name', 'section', 'curriculum', 'email', 'left_on'],
  filters: ['curriculum', 'section'],
  indexes: [{ field: 'curriculum', sortBy: 'section' }],
});
