import { f } from '../../registry/field.js';
import { evidence, personalRecord } from './personal-record.js';

/** Award or honour (spec part 2 §3 and §5). */
export const awardHonour = personalRecord({
  name: 'award-honour',
  label: 'Award or honour',
  path: '/api/award-honour',
  fields: [
    f.string('name', 'Award', { required: true, max: 200 }),
    f.string('award_for', 'Awarded for', { required: true, max: 300 }),
    f.int('year', 'Year', { required: true, min: 1900, max: 2100 }),
    f.string('organization', 'Awarded by', { max: 200 }),
    f.string('venue', 'Venue', { max: 200 }),
    f.text('detail_about_award', 'About the award', { max: 5000 }),
    evidence('Certificate'),
  ],
  columns: ['name', 'award_for', 'organization', 'year'],
});
