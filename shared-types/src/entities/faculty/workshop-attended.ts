import { notBefore } from '../../registry/checks.js';
import { f } from '../../registry/field.js';
import { ATTENDEE_ROLES, EVENT_LEVELS, EVENT_TYPES, INVITATIONS } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Workshop, training or conference attended (spec part 2 §3 and §5); `start_data` and `end_data` spelled so. */
export const workshopAttended = personalRecord({
  name: 'workshop-attended',
  label: 'Workshop attended',
  path: '/api/workshop_attended',
  fields: [
    f.string('title', 'Title', { required: true, max: 300 }),
    f.enum('type', 'Type', EVENT_TYPES, { required: true }),
    f.enum('select_level', 'Level', EVENT_LEVELS, { required: true }),
    f.enum('your_role', 'Your role', ATTENDEE_ROLES, { required: true }),
    f.enum('invited', 'Invited or deputed', INVITATIONS, { required: true }),
    f.date('start_data', 'From', { required: true }),
    f.date('end_data', 'To', { required: true }),
    f.string('event_organizer', 'Organizer', { max: 200 }),
    f.string('venue', 'Venue', { max: 200 }),
    f.string('sponsored_by', 'Sponsored by', { max: 200 }),
    f.string('other', 'Other details', { max: 300 }),
    f.text('highlights', 'Highlights', { max: 5000 }),
    evidence('Certificate of participation'),
  ],
  columns: ['title', 'type', 'select_level', 'your_role', 'start_data', 'end_data'],
  display: 'title',
  checks: notBefore('start_data', 'end_data', 'Before the start date'),
});
