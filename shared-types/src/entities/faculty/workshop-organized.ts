import { notBefore } from '../../registry/checks.js';
import { f } from '../../registry/field.js';
import { EVENT_LEVELS, EVENT_TYPES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Workshop, training or conference organized (spec part 2 §3 and §5); duration in hours and minutes. */
export const workshopOrganized = personalRecord({
  name: 'workshop-organized',
  label: 'Workshop organized',
  path: '/api/workshop_organized',
  fields: [
    f.string('title', 'Title', { required: true, max: 300 }),
    f.enum('type', 'Type', EVENT_TYPES, { required: true }),
    f.enum('select_level', 'Level', EVENT_LEVELS, { required: true }),
    f.string('your_role', 'Your role', { required: true, max: 100 }),
    f.date('start_data', 'From', { required: true }),
    f.date('end_data', 'To', { required: true }),
    f.int('duration_hr', 'Duration (hours)', { required: true, min: 0, max: 10_000 }),
    f.int('duration_min', 'Duration (minutes)', { required: true, min: 0, max: 59 }),
    f.int('no_of_participants', 'Participants', { min: 0, max: 1_000_000 }),
    f.string('event_organizer', 'Organizer', { max: 200 }),
    f.string('venue', 'Venue', { max: 200 }),
    f.string('collaboration', 'In collaboration with', { max: 200 }),
    f.string('sponsored_by', 'Sponsored by', { max: 200 }),
    f.text('highlights', 'Highlights', { max: 5000 }),
    evidence('Brochure, report or attendance'),
  ],
  columns: ['title', 'type', 'select_level', 'start_data', 'end_data', 'no_of_participants'],
  display: 'title',
  checks: notBefore('start_data', 'end_data', 'Before the start date'),
});
