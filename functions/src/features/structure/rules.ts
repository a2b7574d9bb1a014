import { DEFAULT_ACADEMIC_YEAR_START_MONTH, genericProgramOutcome, organization } from '@attain/shared-types';
import { assertProgramOpen, withFrozenGate } from '../course-inputs/index.js';
import { noteYearStart } from '../../platform/store/campus-registry.js';
import { behaviour } from '../../platform/http/domain-module.js';

/**
 * The campus's own rules for its record types, run by the generic router around their writes (`EntityHooks`):
 * - the organization: the campus's registration keeps its year's start month and current year, so every page's
 *   current academic year costs no read;
 * - a PO or PSO of a frozen year's program keeps its program, type and reference, and stays (`withFrozenGate`; 409).
 * A PO mapped in a CO-PO matrix is the curriculum's rule (`programOutcomeInMatrices`).
 */
export const STRUCTURE_RULES = [
  behaviour(organization, {
    afterSave: (scope, rec) =>
      noteYearStart(scope.campus, rec.academic_year_start_month ?? DEFAULT_ACADEMIC_YEAR_START_MONTH, rec.current_academic_year),
  }),
  behaviour(genericProgramOutcome, withFrozenGate(genericProgramOutcome, assertProgramOpen, {})),
];
