import { attainmentMethod, student } from '@attain/shared-types';
import { assertCourseYearOpen, courseInputsChanged, withFrozenGate } from '../course-inputs/index.js';
import { behaviour } from '../../platform/http/domain-module.js';

/**
 * Attainment's rules for its record types, run by the generic router around their writes (`EntityHooks`): the method
 * of a program with a frozen year stays as that year was computed, and a changed method computes every course of the
 * program again; a roster does not change under a frozen year.
 */
export const ATTAINMENT_RULES = [
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
];
