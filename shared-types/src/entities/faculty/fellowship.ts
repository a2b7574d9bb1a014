import { notBefore } from '../../registry/checks.js';
import { f } from '../../registry/field.js';
import { FELLOWSHIP_TYPES } from './choices.js';
import { evidence, personalRecord } from './personal-record.js';

/** Fellowship or scholarship (spec part 2 §3 and §5): amount in rupees ("Digit only!"), from-to dates in order. */
export const fellowship = personalRecord({
  name: 'fellowship',
  label: 'Fellowship or scholarship',
  path: '/api/fellow-ship',
  fields: [
    f.string('fellowship_for', 'Awarded for', { required: true, max: 300 }),
    f.enum('types', 'Type', FELLOWSHIP_TYPES, { required: true }),
    f.string('awarded_by', 'Awarded by', { max: 200 }),
    f.date('date_from', 'From', { required: true }),
    f.date('date_to', 'To', { required: true }),
    f.number('amount', 'Amount (Rs.)', { min: 0 }),
    f.text('abstract', 'Abstract', { max: 5000 }),
    evidence('Award letter or certificate'),
  ],
  columns: ['fellowship_for', 'types', 'awarded_by', 'date_from', 'date_to', 'amount'],
  display: 'fellowship_for',
  checks: notBefore('date_from', 'date_to', 'Before the start date'),
});
