import { IMPORT_KINDS, type ImportResult, MAX_IMPORT_BYTES, isKeyOf } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { importCoPoMatrix } from './import/co-po-matrix-import.js';
import { importCourseOutcomes } from './import/course-outcomes-import.js';
import { importCurriculum } from './import/curriculum-import.js';
import { importStudents } from './import/students-import.js';
import { HttpError } from '../../platform/lib/errors.js';
import type { AppEnv } from '../../platform/http/context.js';

/**
 * `POST /api/import/{kind}?curriculum=<id>` (campus admins): loads a CSV (the request body, text/csv) of kind
 * `curriculum`, `course-outcomes`, `co-po-matrix` or `students` into a curriculum. Course outcomes also take
 * `delivery_method`, `fallback_bloom_level` and `create_courses_in_term` query parameters.
 * Answers 200 `{ message, data: ImportResult }`, or 400 with `errors.rows` and nothing written.
 */
export function importRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.post('/:kind', async (c) => {
    if (c.var.caller.role !== 'admin') throw new HttpError(403, 'Only campus administrators may load files');
    const kind = c.req.param('kind');
    if (!isKeyOf(IMPORT_KINDS, kind))
      throw new HttpError(404, `Unknown import ${kind}; use one of ${Object.keys(IMPORT_KINDS).join(', ')}`);
    const text = await c.req.text();
    if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
    if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB`);
    const q = c.req.query();
    const scope = c.var.scope;
    const term = q.create_courses_in_term ? Number(q.create_courses_in_term) : undefined;
    if (term !== undefined && !Number.isInteger(term))
      throw new HttpError(400, 'The term must be a number', { create_courses_in_term: 'Digit only!' });
    const data: ImportResult =
      kind === 'curriculum'
        ? await importCurriculum(scope, q.curriculum, text)
        : kind === 'course-outcomes'
          ? await importCourseOutcomes(scope, q.curriculum, text, {
              delivery_method: q.delivery_method || undefined,
              fallback_bloom_level: q.fallback_bloom_level || undefined,
              create_courses_in_term: term,
            })
          : kind === 'students'
            ? await importStudents(scope, q.curriculum, text)
            : await importCoPoMatrix(scope, c.var.caller, q.curriculum, text);
    return c.json({ message: `Loaded ${data.rows} rows: ${data.created} created, ${data.updated} updated`, data });
  });
  return r;
}
