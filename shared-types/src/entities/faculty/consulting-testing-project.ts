import { notBefore } from '../../registry/checks.js';
import { f } from '../../registry/field.js';
import { CONSULTANT_ROLES, PROJECT_STATUSES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Consultancy or testing project (spec part 2 §3 and §5); revenue in rupees. */
export const consultingTestingProject = personalRecord({
  name: 'consulting-testing-project',
  label: 'Consultancy project',
  path: '/api/Consulting-Testing-Project',
  fields: [
    f.string('project_title', 'Project title', { required: true, max: 300 }),
    f.string('project_code', 'Project code', { max: 50 }),
    f.string('client', 'Client', { max: 200 }),
    f.int('commencement_year', 'Commencement year', { required: true, min: 1900, max: 2100 }),
    f.int('completion_year', 'Completion year', { min: 1900, max: 2100 }),
    f.enum('status', 'Status', PROJECT_STATUSES, { required: true }),
    f.enum('your_role', 'Your role', CONSULTANT_ROLES, { required: true }),
    f.string('co_consultants', 'Co-consultants', { max: 500 }),
    f.number('revenue_earned', 'Revenue earned (Rs.)', { min: 0 }),
    f.text('abstract', 'Abstract', { max: 5000 }),
    evidence('Work order, completion certificate'),
  ],
  columns: ['project_title', 'client', 'commencement_year', 'status', 'your_role', 'revenue_earned'],
  display: 'project_title',
  checks: notBefore('commencement_year', 'completion_year', 'Before the commencement year'),
});
