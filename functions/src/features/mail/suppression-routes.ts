import type { ListResponse, SuppressedAddress } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { HttpError, forbidden } from '../../platform/lib/errors.js';
import { clearSuppressedAddress, suppressedAddresses } from './suppression-store.js';
import type { AppEnv } from '../../platform/http/context.js';

/**
 * `/api/mail-suppression`, campus admins (group administrators read): `GET /` the campus's suppression
 * list by address; `DELETE /{address}` takes one address off (204; 404 when it is not on the list), so later mail
 * goes to it again.
 */
export function suppressionRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.use('*', async (c, next) => {
    if (c.var.caller.role === 'faculty') throw forbidden();
    await next();
  });
  r.get('/', async (c) => {
    const data = (await suppressedAddresses(c.var.scope)).sort((a, b) => a.address.localeCompare(b.address));
    return c.json({ data, next: null } satisfies ListResponse<SuppressedAddress>);
  });
  r.delete('/:address', async (c) => {
    // Hono has already decoded the path parameter (`%40` -> `@`).
    const address = c.req.param('address');
    if (address.length > 320 || !(await clearSuppressedAddress(c.var.scope, address)))
      throw new HttpError(404, `${address.slice(0, 320)} is not on the suppression list`);
    return c.body(null, 204);
  });
  return r;
}
