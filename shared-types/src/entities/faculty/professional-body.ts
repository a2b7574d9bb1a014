import { f } from '../../registry/field.js';
import { MEMBERSHIP_TYPES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Membership of a professional body (spec part 2 §3 and §5), e.g. ISTE, IEEE, CSI. */
export const professionalBody = personalRecord({
  name: 'professional-body',
  label: 'Professional body',
  path: '/api/professional_bodies',
  fields: [
    f.string('organization_name', 'Professional body', { required: true, max: 200 }),
    f.enum('membership_type', 'Membership', MEMBERSHIP_TYPES, { required: true }),
    f.string('membership_no', 'Membership number', { required: true, max: 50 }),
    f.date('start_date', 'Member since', { required: true }),
    f.text('description', 'Description', { max: 2000 }),
    evidence('Membership certificate'),
  ],
  columns: ['organization_name', 'membership_type', 'membership_no', 'start_date'],
  display: 'organization_name',
});
