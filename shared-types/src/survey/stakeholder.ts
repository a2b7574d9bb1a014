import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { STAKEHOLDER_GROUPS } from './survey-choices.js';

/** The columns of a stakeholder file, in the template's order (`group` required; extra columns are ignored). */
export const STAKEHOLDER_COLUMNS = ['group', 'first_name', 'last_name', 'email', 'contact_number'] as const;

/** What a stakeholder import did: rows read, stakeholders created, and those updated (same e-mail, same curriculum). */
export interface StakeholderImportResult {
  rows: number;
  created: number;
  updated: number;
}

/**
 * A survey stakeholder outside the student roster (spec part 2 §3 "Stakeholder"; §5: program and department required,
 * 2 to 50 characters, curriculum and group required). Department, program and curriculum are the campus's own records
 * (their ids, which meet the spec's 2-50 rule). Students of a curriculum are invited from its roster and are not
 * entered again here. Loaded in bulk from CSV/XLSX through `STAKEHOLDER_IMPORT_PATH`.
 */
export const stakeholder = defineEntity({
  name: 'stakeholder',
  label: 'Stakeholder',
  path: '/api/stakeholder',
  domain: 'survey',
  writeRoles: ['admin'],
  display: 'first_name',
  fields: [
    f.ref('department', 'Department', 'department', { required: true, min: 2, max: 50, refLabel: 'short_name' }),
    f.ref('program', 'Program', 'program', { required: true, min: 2, max: 50, refLabel: 'title' }),
    f.ref('curriculum', 'Curriculum', 'curriculum', { required: true }),
    f.enum('group', 'Group', STAKEHOLDER_GROUPS, { required: true }),
    f.string('first_name', 'First name', { max: 100 }),
    f.string('last_name', 'Last name', { max: 100 }),
    f.email('email', 'Email'),
    f.string('contact_number', 'Contact number', { max: 20 }),
  ],
  columns: ['first_name', 'last_name', 'group', 'email', 'contact_number', 'department', 'program', 'curriculum'],
  filters: ['department', 'program', 'curriculum', 'group'],
  indexes: [{ field: 'curriculum', sortBy: 'group' }],
});
