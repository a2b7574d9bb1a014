import { SAR_ENTITIES } from '@attain/shared-types';
import { SAR_RULES } from '../../features/sar/rules.js';
import { defineDomain } from '../../platform/http/domain-module.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';

/**
 * The `sar` domain: the SAR sections the program team writes (text sanitised; claims and NBA's tables checked against
 * the program's format; refused in a year whose attainment is approved and frozen). It alone carries the SAR formats'
 * definitions and the HTML sanitizer. The program's figures are the `sar-figures` domain's; the `reports` domain
 * computes the readiness and writes the SAR from both.
 */
export const sarDomain = defineDomain({
  name: 'sar',
  entities: SAR_ENTITIES,
  behaviours: SAR_RULES,
  endpoints: [],
  sanitizeHtml,
});
