import { attainmentMethod, student } from '@attain/shared-types';
import { assertCourseYearOpen } from '../../features/course-inputs/frozen-year-gate.js';
import { courseInputsChanged } from '../../features/course-inputs/write-course-input.js';
import { withFrozenGate } from '../../features/course-inputs/frozen-inputs.js';
import { ATTAINMENT_ENDPOINTS } from '../../features/attainment/attainment-routes.js';
import { behaviour, defineDomain } from '../../platform/http/domain-module.js';

/**
 * The `attainment` domain: the methodology, student rosters, marks (grid, files, the S3 import worker's jobs) and
 * CO/PO attainment results. Students are unique by `['curriculum', 'roll_no']` in the registry.
 */
export const attainmentDomain = defineDomain({
  name: 'attainment',
  entities: [attainmentMethod, student],
  behaviours: [
    behaviour(attainmentMethod, {
      // A method has no year: while any year of the program is approved (frozen), it stays as that year was computed.
      beforeCreate: (scope, data) => assertCourseYearOpen(scope, { program: data.program }),
      beforeReplace: (scope, data, old) => assertCourseYearOpen(scope, { program: old.program }, { program: data.program }),
      beforeDelete: async (scope, rec) => {
        await assertCourseYearOpen(scope, { program: rec.program });
        return [];
      },
      // Every course of the program is computed again (by the results queue) and stored with the new method version.
      afterSave: (scope, rec) => courseInputsChanged(scope, { program: rec.program }),
    }),
    // A student joins, leaves or changes the roster of their curriculum and section: not while a frozen year counts it.
    behaviour(student, withFrozenGate(student, assertCourseYearOpen)),
  ],
  // Approving years and improvement plans are the `reports` Lambda's, with the SAR they feed.
  endpoints: ATTAINMENT_ENDPOINTS,
});
