import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Term (spec part 1 §3: name, read only). Terms are created with their curriculum (one per program term) and
 * deleted with it; the API only reads them (`GET /api/term?curriculum=`).
 */
export const term = defineEntity({
  name: 'term',
  label: 'Term',
  path: '/api/term',
  domain: 'curriculum',
  writeRoles: [],
  keyScope: 'structure.read',
  fields: [
    f.string('name', 'Name', { required: true, max: 50 }),
    f.int('number', 'Number', { required: true, min: 1, max: 20 }),
    f.ref('curriculum', 'Curriculum', 'curriculum', { required: true, cascade: true }),
  ],
  columns: ['name', 'number'],
  filters: ['curriculum'],
  indexes: [{ field: 'curriculum', sortBy: 'number' }],
});
