import { sarSection } from '@attain/shared-types';
import { assertSectionsOpen, checkSarSection } from './sar-sections.js';
import { behaviour } from '../../platform/http/domain-module.js';

/**
 * The SAR's rules for the sections a program team writes, run by the generic router around their writes
 * (`EntityHooks`): claims and NBA's tables checked against the program's format (400), and no section changed in a year
 * whose attainment is approved and frozen (409).
 */
export const SAR_RULES = [
  behaviour(sarSection, {
    async beforeCreate(scope, data) {
      checkSarSection(data);
      await assertSectionsOpen(scope, data);
    },
    async beforeReplace(scope, data, old) {
      checkSarSection(data);
      await assertSectionsOpen(scope, old, data);
    },
    async beforeDelete(scope, rec) {
      await assertSectionsOpen(scope, rec);
      return [];
    },
  }),
];
