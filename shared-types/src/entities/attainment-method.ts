import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { BAND_RULES, CIE_RULES, LEVEL1_RULES, PO_RULES, TARGET_KINDS } from './choices.js';
import { DEFAULT_METHOD, methodProblems } from '../attainment/method.js';
import { ARTICULATION_RULES } from '../documents/co-po-matrix.js';

/**
 * A program's attainment methodology (docs/design.md "Attainment"): threshold, level bands, CIE/SEE and
 * direct/indirect weights (percent), the CO -> PO rule and targets (level 0-3 or percent of students), how levels are
 * read (band and level-1 rules, fractional levels, CIE rule) and the survey bands and fewest responses.
 * One per program; the record's `version` is the method version stored with every result computed from it. Defaults
 * and their sources are in `attainment/method.ts`.
 */
export const attainmentMethod = defineEntity({
  name: 'attainment-method',
  label: 'Attainment methodology',
  path: '/api/attainment-method',
  domain: 'attainment',
  writeRoles: ['admin'],
  unique: ['program'],
  fields: [
    f.ref('program', 'Program', 'program', { required: true, refLabel: 'title' }),
    f.number('threshold_percent', "Threshold (% of a CO's marks)", {
      required: true,
      min: 1,
      max: 100,
      default: DEFAULT_METHOD.threshold_percent,
    }),
    f.number('level3_percent', 'Level 3 from (% of students at the threshold)', {
      required: true,
      min: 0,
      max: 100,
      default: DEFAULT_METHOD.level3_percent,
    }),
    f.number('level2_percent', 'Level 2 from (% of students)', {
      required: true,
      min: 0,
      max: 100,
      default: DEFAULT_METHOD.level2_percent,
    }),
    f.number('level1_percent', 'Level 1 from (% of students)', {
      required: true,
      min: 0,
      max: 100,
      default: DEFAULT_METHOD.level1_percent,
    }),
    f.number('cie_weight', 'CIE (ISE + MSE) weight %', { required: true, min: 0, max: 100, default: DEFAULT_METHOD.cie_weight }),
    f.number('see_weight', 'SEE (ESE) weight %', { required: true, min: 0, max: 100, default: DEFAULT_METHOD.see_weight }),
    f.number('direct_weight', 'Direct weight %', { required: true, min: 0, max: 100, default: DEFAULT_METHOD.direct_weight }),
    f.number('indirect_weight', 'Indirect (survey) weight %', {
      required: true,
      min: 0,
      max: 100,
      default: DEFAULT_METHOD.indirect_weight,
    }),
    f.enum('po_rule', 'CO -> PO rule', PO_RULES, { required: true, default: DEFAULT_METHOD.po_rule }),
    f.enum('articulation_rule', "A course's level for a PO/PSO (articulation matrices)", ARTICULATION_RULES, {
      required: true,
      default: DEFAULT_METHOD.articulation_rule,
      choiceLabels: { Average: "The average of its COs' mapped values", Highest: "The highest of its COs' mapped values" },
    }),
    f.number('co_target', 'CO target level (0-3)', { required: true, min: 0, max: 3, default: DEFAULT_METHOD.co_target }),
    f.enum('co_target_kind', 'CO target met by', TARGET_KINDS, {
      required: true,
      default: DEFAULT_METHOD.co_target_kind,
      choiceLabels: { Level: 'Its level (CO target level)', 'Percent of students': 'Percent of students at the threshold' },
    }),
    f.number('co_target_percent', 'CO target (% of students at the threshold)', {
      min: 0,
      max: 100,
      askedWhen: { field: 'co_target_kind', equals: 'Percent of students' },
    }),
    f.number('po_target', 'PO/PSO target level (0-3)', { required: true, min: 0, max: 3, default: DEFAULT_METHOD.po_target }),
    f.enum('band_rule', 'A level is reached when the percent is', BAND_RULES, {
      required: true,
      default: DEFAULT_METHOD.band_rule,
      choiceLabels: { 'At least': 'At least the band (>=)', 'More than': 'More than the band (>)' },
      section: 'How levels are read',
    }),
    f.enum('level1_rule', 'Level 1 needs', LEVEL1_RULES, {
      required: true,
      default: DEFAULT_METHOD.level1_rule,
      choiceLabels: { 'Level 1 band': 'The level 1 band', 'Any student (> 0 %)': 'Any student at the threshold (more than 0 %)' },
      section: 'How levels are read',
    }),
    f.boolean('fractional_levels', 'Levels between the bands as fractions (e.g. 2.5)', {
      required: true,
      default: DEFAULT_METHOD.fractional_levels,
      section: 'How levels are read',
    }),
    f.enum('cie_rule', 'CIE (ISE + MSE) level from', CIE_RULES, {
      required: true,
      default: DEFAULT_METHOD.cie_rule,
      choiceLabels: {
        'Pooled marks': 'All ISE and MSE marks together',
        'Average of ISE/MSE levels': 'The average of the ISE and MSE levels',
      },
      section: 'How levels are read',
    }),
    f.number('indirect_level3_percent', 'Survey level 3 from (survey %; blank = same as the direct band)', {
      min: 0,
      max: 100,
      section: 'Surveys (indirect attainment)',
    }),
    f.number('indirect_level2_percent', 'Survey level 2 from (survey %; blank = same as the direct band)', {
      min: 0,
      max: 100,
      section: 'Surveys (indirect attainment)',
    }),
    f.number('indirect_level1_percent', 'Survey level 1 from (survey %; blank = same as the direct band)', {
      min: 0,
      max: 100,
      section: 'Surveys (indirect attainment)',
    }),
    f.int('min_responses', 'Fewest responses for a survey level', {
      required: true,
      min: 1,
      default: DEFAULT_METHOD.min_responses,
      section: 'Surveys (indirect attainment)',
    }),
    f.number('max_margin_of_error', 'Largest margin of error for a survey level (± percentage points, 95 %)', {
      required: true,
      min: 1,
      max: 100,
      default: DEFAULT_METHOD.max_margin_of_error,
      section: 'Surveys (indirect attainment)',
    }),
    f.text('source', 'Source of these values', { max: 2000, default: DEFAULT_METHOD.source, section: 'Sources' }),
  ],
  columns: ['program', 'threshold_percent', 'level3_percent', 'cie_weight', 'see_weight', 'po_rule', 'co_target', 'po_target'],
  filters: ['program'],
  checks: (d) => methodProblems(d as never),
});
