import * as z from 'zod/mini';
import { defineRoute, item, textBody } from '../api/contract.js';

/**
 * `POST /api/import/{kind}?curriculum=<id>` (campus admins): loads a CSV (the body, text/csv) of kind `curriculum`,
 * `course-outcomes`, `co-po-matrix` or `students` into a curriculum; course outcomes also take `delivery_method`,
 * `fallback_bloom_level` and `create_courses_in_term`. 400 with `errors.rows` and nothing written when a row is
 * refused; 404 for an unknown kind; 413 over 256 KB.
 */
export const importFileRoute = defineRoute({
  method: 'POST',
  path: '/api/import/{kind}',
  domain: 'curriculum',
  summary: 'Load a CSV file of curriculum rows, course outcomes, a CO-PO matrix or students into a curriculum',
  roles: ['admin'],
  forbidden: 'Only campus administrators may load files',
  query: z.object({
    curriculum: z.optional(z.string()),
    delivery_method: z.optional(z.string()),
    fallback_bloom_level: z.optional(z.string()),
    create_courses_in_term: z.optional(z.string().check(z.refine((v) => v === '' || Number.isInteger(Number(v)), 'Digit only!'))),
  }),
  invalid: 'The term must be a number',
  body: textBody('text/csv'),
  answer: item('ImportResult'),
  errors: [400, 401, 403, 404, 409, 413],
});
