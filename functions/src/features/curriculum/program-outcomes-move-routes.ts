import { programOutcomeMovePreviewRoute, programOutcomeMoveRoute } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { movePosToFormat, previewPoMove } from './program-outcomes-move.js';

/**
 * `GET|POST /api/generic-program-outcome/move-to-format` (contracts `programOutcomeMovePreviewRoute` and
 * `programOutcomeMoveRoute`, campus admins): the preview of moving a program's 12 POs to its format's 11, and the move.
 */
export const PO_MOVE_ENDPOINTS: readonly Endpoint[] = [
  endpoint(programOutcomeMovePreviewRoute, async (c, { query }) => ({ data: await previewPoMove(c.var.scope, query.program) })),
  endpoint(programOutcomeMoveRoute, async (c, { body }) => {
    const data = await movePosToFormat(c.var.scope, body.program);
    return { message: `${data.program_title} now has the 11 POs of its SAR format`, data };
  }),
];
