import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/** Bloom domain (spec part 1 §3): cognitive, affective, psychomotor. `name` and `acronym` required. */
export const bloomDomain = defineEntity({
  name: 'bloom-domain',
  label: 'Bloom domain',
  path: '/api/bloom-domain',
  domain: 'configuration',
  writeRoles: ['admin'],
  unique: ['acronym'],
  fields: [
    f.string('name', 'Name', { required: true, max: 100 }),
    f.string('acronym', 'Acronym', { required: true, max: 10 }),
    f.text('description', 'Description'),
  ],
  columns: ['name', 'acronym', 'description'],
});
