import { genericProgramOutcome } from '@attain/shared-types';
import { matricesUsingOutcome } from './co-po-matrix.js';
import { HttpError } from '../../platform/lib/errors.js';
import { behaviour, listed } from '../../platform/http/domain-module.js';

/**
 * A PO or PSO mapped in any course's CO-PO matrix cannot be deleted, nor leave its program (the matrices would lose the
 * column): the curriculum's rule for a record type of the configuration,
 * served with `STRUCTURE_RULES` (a file of its own, so the configuration's Lambda carries no other rule of the curriculum).
 */
export const programOutcomeInMatrices = behaviour(genericProgramOutcome, {
  beforeReplace: async (scope, data, old) => {
    if ((data.program ?? null) === (old.program ?? null)) return;
    const used = await matricesUsingOutcome(scope, old);
    if (used) throw new HttpError(409, `${old.po_reference} is mapped in ${used}: clear those cells before it leaves its program`);
  },
  beforeDelete: async (scope, rec) => listed(await matricesUsingOutcome(scope, rec)),
});
