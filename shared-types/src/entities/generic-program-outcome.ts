import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * A program outcome statement (PO), program-specific outcome (PSO) or program educational objective (PEO).
 * The campus's generic NBA POs are seeded from NBA's 12 graduate attributes (`nba-program-outcomes.json`);
 * `program` is empty for the campus-wide generic set; a program's own POs are copied from NBA's list
 * (`POST /api/generic-program-outcome/setup`) and its PSOs and PEOs added by hand.
 */
export const genericProgramOutcome = defineEntity({
  name: 'generic-program-outcome',
  label: 'Program outcome',
  path: '/api/generic-program-outcome',
  domain: 'configuration',
  writeRoles: ['admin'],
  fields: [
    f.ref('program', 'Program', 'program', { refLabel: 'title' }),
    f.enum('outcome_type', 'Outcome type', ['PO', 'PSO', 'PEO'], { required: true }),
    f.string('po_reference', 'Reference', { required: true, max: 10 }),
    f.string('title', 'Title', { max: 150 }),
    f.text('statement', 'Statement', { required: true, max: 2000 }),
    f.string('framework', 'Framework', { max: 200 }),
  ],
  columns: ['po_reference', 'title', 'statement'],
  filters: ['program', 'outcome_type'],
  indexes: [{ field: 'program', sortBy: 'outcome_type' }],
  display: 'po_reference',
});
