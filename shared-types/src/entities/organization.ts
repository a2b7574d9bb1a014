import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Organization: the campus itself (the tenant). One record per campus, id = campus id (spec part 1 §3).
 * `description` is rich text, sanitized on save and on display.
 */
export const organization = defineEntity({
  name: 'organization',
  label: 'Organization',
  path: '/api/organization',
  domain: 'configuration',
  singleton: true,
  writeRoles: ['admin'],
  fields: [
    f.string('society_name', 'Society name', { max: 200 }),
    f.string('name', 'Organization name', { required: true, max: 200 }),
    f.html('description', 'Description'),
    f.text('mission', 'Mission', { max: 5000 }),
    f.text('vision', 'Vision', { max: 5000 }),
  ],
  columns: ['name', 'society_name'],
});
