import * as z from 'zod/mini';
import { defineRoute, items } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';

/**
 * `POST /api/generic-program-outcome/setup { program, framework }` (campus admins): gives a program its own copy of
 * NBA's PO list (`nba_12_po`, the default, or `nba_11_po_gapc_v4`). 201 with the created POs; 409 when it already has POs.
 */
export const programOutcomeSetupRoute = defineRoute({
  method: 'POST',
  path: '/api/generic-program-outcome/setup',
  domain: 'configuration',
  summary: "Give a program its own copy of NBA's program outcomes (12 POs, or the 11 of GAPC v4.0)",
  roles: ['admin'],
  forbidden: 'Only campus administrators may set up program outcomes',
  body: z.object({
    program: z.string({ error: MESSAGES.required }).check(z.minLength(1, MESSAGES.required)),
    framework: z.optional(z.string()),
  }),
  invalid: 'Choose the program',
  answer: items('GenericProgramOutcome', 201),
  errors: [400, 401, 403, 404, 409],
});
