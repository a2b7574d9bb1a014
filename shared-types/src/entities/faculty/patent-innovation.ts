import { f } from '../../registry/field.js';
import { PATENT_STATUSES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Patent or innovation (spec part 2 §3 and §5). */
export const patentInnovation = personalRecord({
  name: 'patent-innovation',
  label: 'Patent or innovation',
  path: '/api/Patent-Innovation',
  fields: [
    f.string('title', 'Title', { required: true, max: 300 }),
    f.string('patent_no', 'Patent / application number', { required: true, max: 50 }),
    f.int('year', 'Year', { required: true, min: 1900, max: 2100 }),
    f.enum('status', 'Status', PATENT_STATUSES, { required: true }),
    f.text('abstract', 'Abstract', { max: 5000 }),
    evidence('Patent document'),
  ],
  columns: ['title', 'patent_no', 'year', 'status'],
  display: 'title',
});
