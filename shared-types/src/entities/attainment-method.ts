import { defineEntity } from '../registry/entity.js';
import { f } from '../registry/field.js';
import { PO_RULES } from './choices.js';
import { DEFAULT_METHOD, methodProblems } from '../attainment/method.js';

/**
 * A program's attainment methodology (DESIGN.md "Attainment"): threshold, level bands, CIE/SEE and
 * direct/indirect weights (percent), the CO -> PO rule and targets (level 0-3). One per program; the record's
 * `version` is the method version stored with every result computed from it. Defaults and their sources are in
 * `attainment/method.ts`.
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
    f.number('co_target', 'CO target level (0-3)', { required: true, min: 0, max: 3, default: DEFAULT_METHOD.co_target }),
    f.number('po_target', 'PO/PSO target level (0-3)', { required: true, min: 0, max: 3, default: DEFAULT_METHOD.po_target }),
    f.text('source', 'Source of these values', { max: 2000, default: DEFAULT_METHOD.source }),
  ],
  columns: ['program', 'threshold_percent', 'level3_percent', 'cie_weight', 'see_weight', 'po_rule', 'co_target', 'po_target'],
  filters: ['program'],
  checks: (d) => methodProblems(d as never),
});
