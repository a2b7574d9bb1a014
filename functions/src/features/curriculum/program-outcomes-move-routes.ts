import { programOutcomeMovePreviewRoute, programOutcomeMoveRoute } from '@attain/shared-types';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { movePosToFormat, previewPoMove } from './program-outcomes-move.js';

/**
 * `GET|POST /api/po-move/{program}` (contracts `programOutcomeMovePreviewRoute` and `programOutcomeMoveRoute`, campus
 * admins): the preview of moving a program's 12 POs to its format's 11, and the move.
 */
export const PO_MOVE_ENDPOINTS: readonly Endpoint[] = [
  endpoint(programOutcomeMovePreviewRoute, async (c, { params }) => ({ data: await previewPoMove(c.var.scope, params.program) })),
  endpoint(programOutcomeMoveRoute, async (c, { params }) => {
    const data = await movePosToFormat(c.var.scope, params.program);
    return { message: `${data.program_title} now has the 11 POs of its SAR format`, data };
  }),
];
