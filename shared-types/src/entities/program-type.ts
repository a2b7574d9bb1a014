import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/** Program type (spec part 1 §3), e.g. Undergraduate, Postgraduate: `name` required. */
export const programType = defineEntity({
  name: 'program-type',
  label: 'Program type',
  path: '/api/program-type',
  domain: 'configuration',
  writeRoles: ['admin'],
  unique: ['name'],
  fields: [f.string('name', 'Name', { required: true, max: 100 }), f.text('description', 'Description', { max: 2000 })],
  columns: ['name', 'description'],
});
