import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { COURSE_COMPONENTS } from './choices.js';

/** Course type (spec part 1 §3, §5): `type` required; `component_name` from the spec's list. */
export const courseType = defineEntity({
  name: 'course-type',
  label: 'Course type',
  path: '/api/course-type',
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
