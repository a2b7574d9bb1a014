import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/** Program outcome type (spec part 1 §3, `/api/program-outcome`), e.g. PO, PSO, PEO: `type` required. */
export const programOutcomeType = defineEntity({
  name: 'program-outcome',
  label: 'Program outcome type',
  path: '/api/program-outcome',
  domain: 'configuration',
  writeRoles: ['admin'],
  unique: ['type'],
  fields: [f.string('type', 'Type', { required: true, max: 50 }), f.text('description', 'Description', { max: 2000 })],
  columns: ['type', 'description'],
  display: 'type',
});
