import { f } from '../../registry/field.js';
import { INVESTIGATOR_ROLES, RESEARCH_STATUSES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Research project (spec part 2 §3 and §5): quantum in rupees, duration in months; `sactioned_date` spelled so. */
export const researchProject = personalRecord({
  name: 'research-project',
  label: 'Research project',
  path: '/api/research_projects',
  fields: [
    f.string('title', 'Title', { required: true, max: 300 }),
    f.enum('role', 'Role', INVESTIGATOR_ROLES, { required: true }),
    f.enum('status', 'Status', RESEARCH_STATUSES, { required: true }),
    f.date('sactioned_date', 'Sanctioned on', { required: true }),
    f.string('funding_agency', 'Funding agency', { max: 200 }),
    f.number('quantum', 'Amount sanctioned (Rs.)', { min: 0 }),
    f.int('duration', 'Duration (months)', { min: 1, max: 600 }),
    f.string('team_member', 'Team members', { max: 500 }),
    f.string('collaboration', 'In collaboration with', { max: 200 }),
    evidence('Sanction letter and other evidence'),
  ],
  columns: ['title', 'role', 'funding_agency', 'sactioned_date', 'quantum', 'status'],
  display: 'title',
});
