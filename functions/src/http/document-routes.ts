import { coPoMatrixBody, issueFields, questionPaperBody } from '@attain/shared-types';
import { Hono } from 'hono';
import { readMatrix, saveMatrix } from '../domain/co-po-matrix.js';
import { readPaper, savePaper } from '../domain/question-paper.js';
import { HttpError } from '../lib/errors.js';
import type { AppEnv } from './context.js';
import { readJson } from './read-json.js';

const ID = /^[A-Za-z0-9-]{1,64}$/;
const idOf = (raw: string | undefined, label: string) => {
  if (!raw || !ID.test(raw)) throw new HttpError(404, `${label} not found`);
  return raw;
};

/**
 * `GET|PUT /api/co-po-matrix/{course id}`: a course's CO-PO matrix with its rows (COs), columns (the program's
 * POs and PSOs) and average row; PUT `{ version, cells }` replaces it whole in one write (stale version: 409).
 */
export function coPoMatrixRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:course', async (c) => c.json({ data: await readMatrix(c.var.caller, idOf(c.req.param('course'), 'Course')) }));
  r.put('/:course', async (c) => {
    const id = idOf(c.req.param('course'), 'Course');
    const parsed = coPoMatrixBody.safeParse(await readJson(c));
    if (!parsed.success) throw new HttpError(400, 'Each cell must be 1, 2 or 3, and the version you read is required', issueFields(parsed.error.issues));
    return c.json({ message: 'successfully updated', data: await saveMatrix(c.var.caller, id, parsed.data.version, parsed.data.cells as never) });
  });
  return r;
}

/**
 * `GET|PUT /api/question-paper/{occasion id}`: an occasion's question paper with its total and the occasion's total
 * marks; PUT `{ version, questions }` replaces it whole (totals must match; stale version: 409).
 */
export function questionPaperRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:occasion', async (c) => c.json({ data: await readPaper(c.var.caller, idOf(c.req.param('occasion'), 'Occasion')) }));
  r.put('/:occasion', async (c) => {
    const id = idOf(c.req.param('occasion'), 'Occasion');
    const parsed = questionPaperBody.safeParse(await readJson(c));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const iss of parsed.error.issues) fields[iss.path.join('.') || '_'] ??= iss.message;
      throw new HttpError(400, 'Please correct the marked questions', fields);
    }
    return c.json({ message: 'successfully updated', data: await savePaper(c.var.caller, id, parsed.data.version, parsed.data.questions) });
  });
  return r;
}
