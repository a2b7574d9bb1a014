import { programOutcomeSetupRoute } from '@attain/shared-types';
import { setUpProgramOutcomes } from './program-outcomes-setup.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `POST /api/generic-program-outcome/setup { program, framework }` (contract `programOutcomeSetupRoute`, campus
 * admins): gives a program its own copy of NBA's PO list (`framework` omitted: its SAR format's list). 201 with the
 * created POs; 409 when it already has POs.
 */
export const PROGRAM_OUTCOME_ENDPOINTS: readonly Endpoint[] = [
  endpoint(programOutcomeSetupRoute, async (c, { body }) => {
    const data = await setUpProgramOutcomes(c.var.scope, body.program, body.framework);
    return { message: `successfully created ${data.length} program outcomes`, data };
  }),
];
