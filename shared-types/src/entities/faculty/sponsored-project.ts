import { f } from '../../registry/field.js';
import { PROJECT_STATUSES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Sponsored project (spec part 2 §3 and §5); amount in rupees, duration in months; `spomsoring_organization` spelled so. */
export const sponsoredProject = personalRecord({
  name: 'sponsored-project',
  label: 'Sponsored project',
  path: '/api/Sponsored-Projects',
  fields: [
    f.string('project_title', 'Project title', { required: true, max: 300 }),
    f.int('year_of_sanction', 'Year of sanction', { required: true, min: 1900, max: 2100 }),
    f.string('principal_investigator', 'Principal investigator', { required: true, max: 200 }),
    f.string('co_investigator', 'Co-investigators', { max: 500 }),
    f.enum('status', 'Status', PROJECT_STATUSES, { required: true }),
    f.int('duration', 'Duration (months)', { required: true, min: 1, max: 600 }),
    f.number('amount', 'Amount (Rs.)', { min: 0 }),
    f.string('spomsoring_organization', 'Sponsoring organization', { max: 200 }),
    f.string('collaborating_organization', 'Collaborating organization', { max: 200 }),
    f.text('description', 'Description', { max: 5000 }),
    evidence('Sanction letter and other evidence'),
  ],
  columns: ['project_title', 'spomsoring_organization', 'year_of_sanction', 'amount', 'status'],
  display: 'project_title',
});
