import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { COURSE_COMPONENTS } from './choices.js';

/**
 * Course type (spec part 1 §3, §5): `type` required; `component_name` from the spec's list. Served at
 * `/api/course-type` and at `/api/course`, the path spec part 1 §7 lists for it: the route table's only path for the
 * Configuration > Course type screen (its courses are `/api/Course-Curriculum`; decision 0029).
 */
export const courseType = defineEntity({
  name: 'course-type',
  label: 'Course type',
  path: '/api/course-type',
  aliases: ['/api/course'],
  domain: 'configuration',
  writeRoles: ['admin'],
  fields: [
    f.enum('component_name', 'Component', COURSE_COMPONENTS, { choiceLabels: { 'Humaities&Sciences': 'Humanities & Sciences' } }),
    f.string('type', 'Type', { required: true, max: 100 }),
    f.boolean('open_elective', 'Open elective', { default: false }),
    f.text('description', 'Description', { max: 2000 }),
  ],
  columns: ['type', 'component_name', 'open_elective', 'description'],
  display: 'type',
});
