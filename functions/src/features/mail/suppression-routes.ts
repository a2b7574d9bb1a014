import { clearSuppressionRoute, suppressionListRoute } from '@attain/shared-types';
import { HttpError } from '../../platform/lib/errors.js';
import { clearSuppressedAddress, suppressedAddresses } from './suppression-store.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `/api/mail-suppression` (`suppressionListRoute`, `clearSuppressionRoute`), campus admins (group administrators read):
 * the campus's suppression list by address; taking one address off (204; 404 when it is not on the list), so later
 * mail goes to it again.
 */
export const SUPPRESSION_ENDPOINTS: readonly Endpoint[] = [
  endpoint(suppressionListRoute, async (c) => {
    const data = (await suppressedAddresses(c.var.scope)).sort((a, b) => a.address.localeCompare(b.address));
    return { data, next: null };
  }),
  endpoint(clearSuppressionRoute, async (c, { params }) => {
    // Hono has already decoded the path parameter (`%40` -> `@`).
    const { address } = params;
    if (address.length > 320 || !(await clearSuppressedAddress(c.var.scope, address)))
      throw new HttpError(404, `${address.slice(0, 320)} is not on the suppression list`);
  }),
];
