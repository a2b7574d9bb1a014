import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Map level weightage (spec part 1 §3, §4): a correlation level of the CO-PO matrix (e.g. Low/L/1, Medium/M/2,
 * High/H/3) and its integer weightage; `status` is a boolean, default true, toggled by a select.
 */
export const mapLevelWeightage = defineEntity({
  name: 'map-level-weightage',
  label: 'Map level weightage',
  path: '/api/maplevel-weightage',
  domain: 'configuration',
  writeRoles: ['admin'],
  fields: [
    f.string('name', 'Name', { required: true, max: 50 }),
    f.string('acronym', 'Acronym', { max: 10 }),
    f.boolean('status', 'Status', { default: true }),
    f.int('weightage', 'Weightage', { min: 0, max: 100 }),
  ],
  columns: ['name', 'acronym', 'weightage', 'status'],
});
