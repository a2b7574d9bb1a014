import { errorMessage } from '@attain/shared-types';
import type * as z from 'zod/mini';
import { lambdaClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import type { SummaryRequest } from './summary-shapes.js';

/**
 * Where a summary none is stored of is computed for a read (`docs/decisions/0043-lambdas-split-by-what-they-carry.md`;
 * stale ones are refreshed after the change instead, decision 0051). The group Lambda reads stored summaries and adds
 * them; computing one needs the attainment, survey and SAR services, which would put it over its bundle budget. So:
 * - in AWS (`SUMMARIES_FUNCTION` set) it invokes the campus summaries Lambda and waits for its answer (RequestResponse:
 *   the read that finds no summary is served the one computed);
 * - locally the local stack registers the in-process computation (`setLocalSummaryComputer`).
 */
export type SummaryComputer = (req: SummaryRequest) => Promise<unknown>;

let local: SummaryComputer | undefined;

/** The local stack registers (or, with undefined, removes) how summaries are computed in this process. */
export function setLocalSummaryComputer(computer: SummaryComputer | undefined): void {
  local = computer;
}

/** Invokes the campus summaries Lambda `name` with `req` and returns its answer's JSON. */
async function invoke(name: string, req: SummaryRequest): Promise<unknown> {
  const { InvokeCommand } = await import('@aws-sdk/client-lambda');
  const out = await (
    await lambdaClient()
  ).send(new InvokeCommand({ FunctionName: name, Payload: new TextEncoder().encode(JSON.stringify(req)) }));
  const text = out.Payload?.transformToString() ?? '';
  if (out.FunctionError) throw new Error(`The campus summaries Lambda failed (${out.FunctionError}): ${text.slice(0, 500)}`);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`The campus summaries Lambda answered something that is not JSON: ${errorMessage(e)}`);
  }
}

/**
 * Computes one summary where this deployment computes them, and checks it against `schema`.
 * @returns the summary (`ProgramsSummary`, `YearSummary` or `MonthSummary`, as `schema` says)
 * @throws Error when neither the summaries Lambda nor a local computer is configured, when the Lambda fails, or when
 *   what it answers is not of `schema` (deployment faults, never the caller's: a 500)
 */
export async function summaryFor<T>(req: SummaryRequest, schema: z.ZodMiniType<T>): Promise<T> {
  const name = config().summariesFunction;
  let summary: unknown;
  if (name) summary = await invoke(name, req);
  else if (local) summary = await local(req);
  else throw new Error('No campus summaries: SUMMARIES_FUNCTION is not set and no local computer is registered');
  const parsed = schema.safeParse(summary);
  if (!parsed.success) throw new Error(`The ${req.kind} summary of campus ${req.scope.campus} is not of its shape`);
  return parsed.data;
}
