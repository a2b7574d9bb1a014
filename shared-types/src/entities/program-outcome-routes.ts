import * as z from 'zod/mini';
import { defineRoute, item, items } from '../api/contract.js';
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

/** Where a program's POs are moved to its SAR format's (`GET` previews, `POST` moves). */
export const PO_MOVE_PATH = '/api/po-move';

/**
 * `GET /api/po-move/{program}` (campus admins): what moving the program's NBA 12 POs to its format's 11
 * (`PO12_TO_PO11`) would change, without writing anything (`PoMovePreview`). Served with the SAR's figures (the
 * `sar-figures` Lambda): the move exists so the SAR follows the program's format.
 */
export const programOutcomeMovePreviewRoute = defineRoute({
  method: 'GET',
  path: `${PO_MOVE_PATH}/{program}`,
  domain: 'sar-figures',
  summary: "Preview moving a program's 12 POs to the 11 of its SAR format (the POs, matrices and surveys it changes)",
  roles: ['admin'],
  forbidden: 'Only campus administrators may move program outcomes',
  answer: item('PoMovePreview'),
  errors: [401, 403, 404],
});

/**
 * `POST /api/po-move/{program}` (campus admins): moves the program's NBA 12 POs to its format's 11, as the preview
 * shows: matrices and PO surveys first, then the POs in one transaction (a move cut short is finished by sending it
 * again). 200 with the preview of what was done; 409 while a year of the program is frozen or when its POs are not
 * NBA's 12.
 */
export const programOutcomeMoveRoute = defineRoute({
  method: 'POST',
  path: `${PO_MOVE_PATH}/{program}`,
  domain: 'sar-figures',
  summary: "Move a program's 12 POs to the 11 of its SAR format, with its course matrices and PO surveys",
  roles: ['admin'],
  forbidden: 'Only campus administrators may move program outcomes',
  answer: item('PoMovePreview'),
  errors: [401, 403, 404, 409],
});
