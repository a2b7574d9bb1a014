import {
  DEFAULT_ACADEMIC_YEAR_START_MONTH,
  bloomDomain,
  bloomLevel,
  courseType,
  deliveryMethod,
  department,
  genericProgramOutcome,
  labCategory,
  mapLevelWeightage,
  organization,
  program,
  programMode,
  programOutcomeType,
  programType,
} from '@attain/shared-types';
import { noteYearStart } from '../../platform/store/campus-registry.js';
import { matricesUsingOutcome } from '../../features/curriculum/co-po-matrix.js';
import { withFrozenGate } from '../../features/course-inputs/frozen-inputs.js';
import { assertProgramOpen } from '../../features/course-inputs/frozen-year-gate.js';
import { HttpError } from '../../platform/lib/errors.js';
import { PROGRAM_OUTCOME_ENDPOINTS } from '../../features/structure/program-outcome-routes.js';
import { DEPARTMENT_USER_ENDPOINTS } from '../../features/identity/department-user-routes.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { behaviour, defineDomain, listed } from '../../platform/http/domain-module.js';

/**
 * The `configuration` domain: the campus (organization), departments, programs and their outcomes, and the
 * campus's choice lists (program types and modes, course types, delivery methods, Bloom's domains and levels).
 */
export const configurationDomain = defineDomain({
  name: 'configuration',
  entities: [
    organization,
    department,
    programType,
    programMode,
    program,
    programOutcomeType,
    genericProgramOutcome,
    courseType,
    deliveryMethod,
    labCategory,
    bloomDomain,
    bloomLevel,
    mapLevelWeightage,
  ],
  behaviours: [
    // A PO or PSO of a frozen year's program keeps its program, type and reference, and stays (`withFrozenGate`); one
    // mapped in any course's CO-PO matrix cannot be deleted, nor leave its program (the matrices would lose the column).
    behaviour(
      genericProgramOutcome,
      withFrozenGate(genericProgramOutcome, assertProgramOpen, {
        beforeReplace: async (scope, data, old) => {
          if ((data.program ?? null) === (old.program ?? null)) return;
          const used = await matricesUsingOutcome(scope, old);
          if (used) throw new HttpError(409, `${old.po_reference} is mapped in ${used}: clear those cells before it leaves its program`);
        },
        beforeDelete: async (scope, rec) => listed(await matricesUsingOutcome(scope, rec)),
      }),
    ),
    // The campus's registration keeps its year's start month, so every page's current academic year costs no read.
    behaviour(organization, {
      afterSave: (scope, rec) =>
        noteYearStart(scope.campus, rec.academic_year_start_month ?? DEFAULT_ACADEMIC_YEAR_START_MONTH, rec.current_academic_year),
    }),
  ],
  sanitizeHtml,
  endpoints: [...PROGRAM_OUTCOME_ENDPOINTS, ...DEPARTMENT_USER_ENDPOINTS],
});
