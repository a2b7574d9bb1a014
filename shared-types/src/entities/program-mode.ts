import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/** Program mode (spec part 1 §3), e.g. Full Time, Part Time: `name` required. */
export const programMode = defineEntity({
  name: 'program-mode',
  label: 'Program mode',
  path: '/api/program-mode',
  domain: 'configuration',
  writeRoles: ['admin'],
  unique: ['name'],
  fields: [f.string('name', 'Name', { required: true, max: 100 }), f.text('description', 'Description', { max: 2000 })],
  columns: ['name', 'description'],
});
