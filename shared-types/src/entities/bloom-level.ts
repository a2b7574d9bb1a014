import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';

/**
 * Bloom's level (spec part 1 §3), seeded from the revised taxonomy (Anderson & Krathwohl 2001; K1-K6 codes),
 * see `functions/src/local/seed/data/SOURCES.md`.
 */
export const bloomLevel = defineEntity({
  name: 'bloom-level',
  label: "Bloom's level",
  path: '/api/bloom-level',
  domain: 'configuration',
  writeRoles: ['admin'],
  fields: [
    f.string('name', 'Name', { required: true, max: 50 }),
    f.string('level_of_learning', 'Code (K1-K6, A1-A5, P1-P5)', { max: 50 }),
    f.text('characteristics_of_learning', 'Characteristics of learning', { max: 2000 }),
    f.text('action_verb', 'Action verbs', { max: 2000 }),
    f.ref('domain', 'Domain', 'bloom-domain'),
  ],
  // Referred to as `K2 Understand` (the level's code, then its name).
  codeField: 'level_of_learning',
  columns: ['level_of_learning', 'name', 'characteristics_of_learning', 'action_verb'],
  filters: ['domain'],
});
