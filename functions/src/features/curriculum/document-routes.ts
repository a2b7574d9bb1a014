import { type CoPoMatrixView, type QuestionPaperView, coPoMatrixBody, questionPaperBody } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import type * as z from 'zod/mini';
import { readMatrix, saveMatrix } from './co-po-matrix.js';
import { readPaper, savePaper } from '../assessments/question-paper.js';
import type { CampusScope, Caller } from '@attain/shared-types';
import type { AppEnv } from '../../platform/http/context.js';
import { pathId } from '../../platform/http/path-id.js';
import { parseBody } from '../../platform/http/read-json.js';

/**
 * `GET|PUT <base>/{owner id}` for a document saved whole: GET reads it, PUT validates the body with `schema`
 * (400 with messages keyed by path, e.g. `questions.0.max_marks`) and saves it (stale version: 409). Both answer
 * `{ data: V }`, `V` being the document's view as declared in shared-types.
 */
function documentRouter<B extends { version: number }, V>(opts: {
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

/**
 * `GET|PUT /api/co-po-matrix/{course id}`: a course's CO-PO matrix with its rows (COs), columns (the program's
 * POs and PSOs) and the course row under the program's articulation rule; PUT `{ version, cells }` replaces it whole in one write.
 */
export const coPoMatrixRouter = () =>
  documentRouter<z.infer<typeof coPoMatrixBody>, CoPoMatrixView>({
    owner: 'Course',
    schema: coPoMatrixBody,
    invalid: 'Each cell must be 1, 2 or 3, and the version you read is required',
    read: readMatrix,
    // saveMatrix stamps the course's attainment inputs: program pages compute that course again when next read.
    save: (scope, caller, id, b) => saveMatrix(scope, caller, id, b.version, b.cells),
  });

/**
 * `GET|PUT /api/question-paper/{occasion id}`: an occasion's question paper with its total and the occasion's total
 * marks; PUT `{ version, questions }` replaces it whole (totals must match).
 */
export const questionPaperRouter = () =>
  documentRouter<z.infer<typeof questionPaperBody>, QuestionPaperView>({
    owner: 'Occasion',
    schema: questionPaperBody,
    invalid: 'Please correct the marked questions',
    read: readPaper,
    save: (scope, caller, id, b) => savePaper(scope, caller, id, b.version, b.questions),
  });
