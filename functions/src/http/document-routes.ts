import { coPoMatrixBody, questionPaperBody } from '@attain/shared-types';
import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { readMatrix, saveMatrix } from '../domain/co-po-matrix.js';
import { readPaper, savePaper } from '../domain/question-paper.js';
import { HttpError } from '../lib/errors.js';
import type { Caller } from '@attain/shared-types';
import type { AppEnv } from './context.js';
import { readJson } from './read-json.js';

const ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * `GET|PUT <base>/{owner id}` for a document saved whole: GET reads it, PUT validates the body with `schema`
 * (400 with messages keyed by path, e.g. `questions.0.max_marks`) and saves it (stale version: 409).
 */
function documentRouter<B extends { version: number }>(opts: {
  owner: string;
  schema: z.ZodMiniType<B>;
  invalid: string;
  read: (caller: Caller, id: string) => Promise<unknown>;
  save: (caller: Caller, id: string, body: B) => Promise<unknown>;
}): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  const idOf = (raw: string | undefined) => {
    if (!raw || !ID.test(raw)) throw new HttpError(404, `${opts.owner} not found`);
    return raw;
  };
  r.get('/:id', async (c) => c.json({ data: await opts.read(c.var.caller, idOf(c.req.param('id'))) }));
  r.put('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const parsed = opts.schema.safeParse(await readJson(c));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const iss of parsed.error.issues) fields[iss.path.join('.') || '_'] ??= iss.message;
      throw new HttpError(400, opts.invalid, fields);
    }
    return c.json({ message: 'successfully updated', data: await opts.save(c.var.caller, id, parsed.data) });
  });
  return r;
}

/**
 * `GET|PUT /api/co-po-matrix/{course id}`: a course's CO-PO matrix with its rows (COs), columns (the program's
 * POs and PSOs) and average row; PUT `{ version, cells }` replaces it whole in one write.
 */
export const coPoMatrixRouter = () =>
  documentRouter({
    owner: 'Course',
    schema: coPoMatrixBody,
    invalid: 'Each cell must be 1, 2 or 3, and the version you read is required',
    read: readMatrix,
    save: (caller, id, b) => saveMatrix(caller, id, b.version, b.cells as never),
  });

/**
 * `GET|PUT /api/question-paper/{occasion id}`: an occasion's question paper with its total and the occasion's total
 * marks; PUT `{ version, questions }` replaces it whole (totals must match).
 */
export const questionPaperRouter = () =>
  documentRouter({
    owner: 'Occasion',
    schema: questionPaperBody,
    invalid: 'Please correct the marked questions',
    read: readPaper,
    save: (caller, id, b) => savePaper(caller, id, b.version, b.questions),
  });
