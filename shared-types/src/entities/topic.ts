import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { TOPIC_UNITS } from './choices.js';

/** Topic with its teaching-learning outcomes (spec part 1 §3, `/api/Topic`); `hours` are contact hours. */
export const topic = defineEntity({
  name: 'topic',
  label: 'Topic',
  path: '/api/Topic',
  domain: 'curriculum',
  writeRoles: ['admin'],
  ownedVia: 'course',
  fields: [
    f.ref('course', 'Course', 'course-curriculum', { required: true }),
    f.string('code', 'Code', { max: 30 }),
    f.string('title', 'Title', { required: true, max: 200 }),
    f.text('content', 'Content', { max: 5000 }),
    f.int('hours', 'Hours', { min: 0, max: 200 }),
    f.enum('unit', 'Unit', TOPIC_UNITS),
    f.ref('delivery_method', 'Delivery method', 'delivery-method'),
  ],
  columns: ['code', 'title', 'unit', 'hours', 'delivery_method', 'course'],
  filters: ['course'],
  indexes: [{ field: 'course', sortBy: 'unit' }],
  display: 'title',
});
