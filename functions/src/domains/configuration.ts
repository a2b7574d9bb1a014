import { genericProgramOutcome } from '@attain/shared-types';
import { matricesUsingOutcome } from '../domain/co-po-matrix.js';
import { programOutcomeSetupRouter } from '../http/program-outcome-routes.js';
import { departmentUserListRouter } from '../http/user-routes.js';
import { behaviour, defineDomain } from './domain-module.js';

/**
 * The `configuration` domain: the campus (organization), departments, programs and their outcomes, and the
 * campus's choice lists (program types and modes, course types, delivery methods, Bloom's domains and levels).
 */
export const configurationDomain = defineDomain({
  name: 'configuration',
  behaviours: [
    // A PO or PSO mapped in any course's CO-PO matrix cannot be deleted.
    behaviour(genericProgramOutcome, { beforeDelete: async (scope, rec) => listed(await matricesUsingOutcome(scope, rec)) }),
  ],
  routes: [
    { path: '/api/department/user-list', router: departmentUserListRouter },
    { path: '/api/generic-program-outcome/setup', router: programOutcomeSetupRouter },
  ],
});

/** A "still referred to by" message as the list `beforeDelete` returns. */
export const listed = (m: string | undefined): string[] => (m ? [m] : []);
