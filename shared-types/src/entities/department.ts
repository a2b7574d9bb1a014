import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Department (spec part 1 §3, §5): `name` and `short_name` required, `short_name` at most 10 characters and
 * unique within the campus, `status` defaults to true.
 */
export const department = defineEntity({
  name: 'department',
  label: 'Department',
  path: '/api/department',
  domain: 'configuration',
  writeRoles: ['admin'],
  keyScope: 'structure.read',
  unique: ['short_name'],
  fields: [
    f.string('name', 'Name', { required: true, max: 150 }),
    f.string('short_name', 'Short name', { required: true, max: 10 }),
    f.int('year_of_establishment', 'Year of establishment', { min: 1800, max: 2100 }),
    f.int('no_of_magazines', 'No. of magazines', { min: 0, max: 100000 }),
    f.int('no_of_journals', 'No. of journals', { min: 0, max: 100000 }),
    f.string('professional_bodies', 'Professional bodies', { max: 500 }),
    f.text('vision', 'Vision'),
    f.text('mission', 'Mission'),
    f.text('description', 'Description'),
    f.int('faculty', 'No. of faculty', { min: 0, max: 100000 }),
    f.string('chairman', 'Chairman / HOD', { max: 150 }),
    f.boolean('status', 'Active', { default: true }),
  ],
  columns: ['name', 'short_name', 'year_of_establishment', 'chairman', 'status'],
});
