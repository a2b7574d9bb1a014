import { Hono } from 'hono/tiny';
import type * as z from 'zod/mini';
import type { CampusScope, Caller } from '@attain/shared-types';
import type { AppEnv } from './context.js';
import { pathId } from './path-id.js';
import { parseBody } from './read-json.js';

/**
 * `GET|PUT <base>/{owner id}` for a document saved whole: GET reads it, PUT validates the body with `schema`
 * (400 with messages keyed by path, e.g. `questions.0.max_marks`) and saves it (stale version: 409). Both answer
 * `{ data: V }`, `V` being the document's view as declared in shared-types.
 */
export function documentRouter<B extends { version: number }, V>(opts: {
  owner: string;
  schema: z.ZodMiniType<B>;
  invalid: string;
  read: (scope: CampusScope, id: string) => Promise<V>;
  save: (scope: CampusScope, caller: Caller, id: string, body: B) => Promise<V>;
}): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:id', async (c) => {
    const data: V = await opts.read(c.var.scope, pathId(c, 'id', opts.owner));
    return c.json({ data });
  });
  r.put('/:id', async (c) => {
    const id = pathId(c, 'id', opts.owner);
    const body = await parseBody(c, opts.schema, opts.invalid);
    const data: V = await opts.save(c.var.scope, c.var.caller, id, body);
    return c.json({ message: 'successfully updated', data });
  });
  return r;
}
