import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Course outcome (spec part 1 §3, §5): code, statement, Bloom's level (`cognitive_domain`), delivery method and
 * course are required. Curriculum and term are copied from the course so lists filter on the server.
 */
export const courseOutcome = defineEntity({
  name: 'course-outcome',
  label: 'Course outcome',
  path: '/api/Course-Outcome',
  domain: 'curriculum',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  ownedVia: 'course',
  fields: [
    f.ref('course', 'Course', 'course-curriculum', { required: true }),
    f.string('code', 'Code', { required: true, max: 30 }),
    f.text('statement', 'Statement', { required: true, max: 2000 }),
    f.ref('cognitive_domain', "Bloom's level", 'bloom-level', { required: true }),
    f.ref('delivery_method', 'Delivery method', 'delivery-method', { required: true }),
    f.ref('curriculum', 'Curriculum', 'curriculum', { derivedFrom: 'course' }),
    f.ref('term', 'Term', 'term', { derivedFrom: 'course' }),
  ],
  columns: ['code', 'statement', 'cognitive_domain', 'delivery_method', 'course'],
  filters: ['course', 'curriculum', 'term'],
  indexes: [
    { field: 'course', sortBy: 'code' },
    { field: 'curriculum', sortBy: 'term' },
  ],
  display: 'code',
});
