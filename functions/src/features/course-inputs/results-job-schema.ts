import * as z from 'zod/mini';
import type { ResultsJob } from './results-queue.js';

const text = () => z.string().check(z.minLength(1));

/**
 * A results job as the queue carries it (`ResultsJob`), checked by the worker before it runs it. A Standard Schema
 * (`zod/mini`) for the Powertools parser; kept apart from the queue so the Lambdas that only queue jobs do not carry it.
 */
export const ResultsJobSchema: z.ZodMiniType<ResultsJob> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('course'), campus: text(), actor: text(), program: text(), course: text() }),
  z.object({ kind: z.literal('program'), campus: text(), actor: text(), program: text() }),
  z.object({ kind: z.literal('students'), campus: text(), actor: text(), program: text(), course: text() }),
]);
