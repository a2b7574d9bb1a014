import { IMPORT_KINDS, type ImportResult, MAX_IMPORT_BYTES, importFileRoute, isKeyOf } from '@attain/shared-types';
import { importCoPoMatrix } from './import/co-po-matrix-import.js';
import { importCourseOutcomes } from './import/course-outcomes-import.js';
import { importCurriculum } from './import/curriculum-import.js';
import { importStudents } from './import/students-import.js';
import { HttpError } from '../../platform/lib/errors.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/**
 * `POST /api/import/{kind}?curriculum=<id>` (contract `importFileRoute`, campus admins): loads a CSV of kind
 * `curriculum`, `course-outcomes`, `co-po-matrix` or `students` into a curriculum. Answers `{ message, data:
 * ImportResult }`, or 400 with `errors.rows` and nothing written.
 */
export const IMPORT_ENDPOINTS: readonly Endpoint[] = [
  endpoint(importFileRoute, async (c, { params, query: q, body: text }) => {
    const { kind } = params;
    if (!isKeyOf(IMPORT_KINDS, kind))
      throw new HttpError(404, `Unknown import ${kind}; use one of ${Object.keys(IMPORT_KINDS).join(', ')}`);
    if (!text.trim()) throw new HttpError(400, 'The file is empty', { file: 'Required' });
    if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024} KB`);
    const scope = c.var.scope;
    const curriculum = q.curriculum;
    const data: ImportResult =
      kind === 'curriculum'
        ? await importCurriculum(scope, curriculum, text)
        : kind === 'course-outcomes'
          ? await importCourseOutcomes(scope, curriculum, text, {
              delivery_method: q.delivery_method || undefined,
              fallback_bloom_level: q.fallback_bloom_level || undefined,
              create_courses_in_term: q.create_courses_in_term ? Number(q.create_courses_in_term) : undefined,
            })
          : kind === 'students'
            ? await importStudents(scope, curriculum, text)
            : await importCoPoMatrix(scope, c.var.caller, curriculum, text);
    return { message: `Loaded ${data.rows} rows: ${data.created} created, ${data.updated} updated`, data };
  }),
];
