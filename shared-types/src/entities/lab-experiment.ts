import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Lab experiment (spec part 1 §3, `/api/lab_experiment`, field names as the spec spells them, e.g.
 * `planned_date_delivary`). `correlation` names the course outcome the experiment serves; `marks` are marks.
 */
export const labExperiment = defineEntity({
  name: 'lab-experiment',
  label: 'Lab experiment',
  path: '/api/lab_experiment',
  domain: 'curriculum',
  writeRoles: ['admin'],
  ownedVia: 'course',
  fields: [
    f.ref('course', 'Course', 'course-curriculum', { required: true }),
    f.ref('category', 'Lab category', 'lab-category'),
    f.int('exp_no', 'Experiment no.', { required: true, min: 1, max: 500 }),
    f.text('experiment_detail', 'Experiment', { required: true, max: 2000 }),
    f.int('no_of_session', 'Sessions', { min: 0, max: 100 }),
    f.int('marks', 'Marks', { min: 0, max: 1000 }),
    f.ref('correlation', 'Course outcome', 'course-outcome', { within: 'course' }),
    f.date('planned_date_delivary', 'Planned date'),
    f.date('actual_date_delivary', 'Actual date'),
  ],
  columns: [
    'exp_no',
    'experiment_detail',
    'category',
    'no_of_session',
    'marks',
    'correlation',
    'planned_date_delivary',
    'actual_date_delivary',
  ],
  filters: ['course', 'category'],
  indexes: [{ field: 'course', sortBy: 'exp_no' }],
  display: 'exp_no',
});
