import { Hono } from 'hono/tiny';
import { setUpProgramOutcomes } from './program-outcomes-setup.js';
import { HttpError } from '../../platform/lib/errors.js';
import type { AppEnv } from '../../platform/http/context.js';
import { readJson } from '../../platform/http/read-json.js';
import { objectOrEmpty } from '@attain/shared-types';

/**
 * `POST /api/generic-program-outcome/setup { program, framework }` (campus admins): gives a program its own copy of
 * NBA's PO list (`nba_12_po` or `nba_11_po_gapc_v4`). 201 with the created POs; 409 when it already has POs.
 */
export function programOutcomeSetupRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.post('/', async (c) => {
    if (c.var.caller.role !== 'admin') throw new HttpError(403, 'Only campus administrators may set up program outcomes');
    const body = objectOrEmpty(await readJson(c));
    const program = typeof body.program === 'string' ? body.program : '';
    if (!program) throw new HttpError(400, 'Choose the program', { program: 'Required' });
    const data = await setUpProgramOutcomes(c.var.scope, program, String(body.framework ?? 'nba_12_po'));
    return c.json({ message: `successfully created ${data.length} program outcomes`, data }, 201);
  });
  return r;
}
