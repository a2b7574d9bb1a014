import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { LAB_CATEGORIES } from './choices.js';

/** Lab category (spec part 1 §3, §5): `name` is one of Demonstration, Exercise, Structured Enquiry, Open Ended. */
export const labCategory = defineEntity({
  name: 'lab-category',
  label: 'Lab category',
  path: '/api/lab-category',
  domain: 'configuration',
  writeRoles: ['admin'],
  fields: [f.enum('name', 'Name', LAB_CATEGORIES, { required: true }), f.text('description', 'Description', { max: 2000 })],
  columns: ['name', 'description'],
});
