import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '../../src/platform/lib/aws.js';
import { resetConfig } from '../../src/platform/lib/config.js';
import { setLocalSummaryComputer, summaryFor } from '../../src/features/group/summary-computer.js';
import { type ReadinessSummary, type SummaryRequest, monthSchema, readinessSchema } from '../../src/features/group/summary-shapes.js';
import { handler } from '../../src/lambdas/workers/campus-summaries.js';

// The group Lambda reads stored campus summaries; computing a stale one happens in the campus summaries Lambda
// (AWS: invoked and awaited) or, on one machine, in the local stack's process.
const lambda = mockClient(LambdaClient);
const req: SummaryRequest = {
  kind: 'month',
  scope: { campus: 'c1', actor: 'g@x.in', access: 'read-only' },
  current: '2025-26',
  today: '2025-11-20',
};
const month = { month: '2025-11', mail: { recipients: 4, bounced: 1 }, faculty_records: 7 };
/** A Lambda answer's payload as the SDK gives it: bytes that also read as text. */
const payload = (v: unknown) => {
  const text = JSON.stringify(v);
  return Object.assign(new TextEncoder().encode(text), { transformToString: () => text });
};

beforeEach(() => {
  lambda.reset();
  setLocalSummaryComputer(undefined);
});
afterEach(() => {
  delete process.env.SUMMARIES_FUNCTION;
  resetConfig();
  resetClients();
});
const inAws = () => {
  process.env.SUMMARIES_FUNCTION = 'attain-summaries';
  resetConfig();
  resetClients();
};

describe('a stale campus summary', () => {
  it('is computed by the campus summaries Lambda in AWS: the request goes out whole and its answer comes back', async () => {
    inAws();
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: payload(month) });
    expect(await summaryFor(req, monthSchema)).toEqual(month);
    const sent = lambda.commandCalls(InvokeCommand)[0].args[0].input;
    expect(sent.FunctionName).toBe('attain-summaries');
    expect(JSON.parse(new TextDecoder().decode(sent.Payload as Uint8Array))).toEqual(req);
  });
  it('fails (a deployment fault) when the Lambda failed or answered another shape, rather than storing it', async () => {
    inAws();
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, FunctionError: 'Unhandled', Payload: payload({ errorMessage: 'boom' }) });
    await expect(summaryFor(req, monthSchema)).rejects.toThrow(/failed \(Unhandled\).*boom/);
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: payload({ month: '2025-11' }) });
    await expect(summaryFor(req, monthSchema)).rejects.toThrow(/month summary of campus c1 is not of its shape/);
  });
  it('is computed in-process on one machine, and nowhere when neither is configured', async () => {
    await expect(summaryFor(req, monthSchema)).rejects.toThrow(/No campus summaries/);
    const seen: SummaryRequest[] = [];
    setLocalSummaryComputer(async (r) => {
      seen.push(r);
      return month;
    });
    expect(await summaryFor(req, monthSchema)).toEqual(month);
    expect(seen).toEqual([req]);
    expect(lambda.commandCalls(InvokeCommand)).toHaveLength(0);
  });
  it("is a campus's SAR readiness for a year: asked of the Lambda whole, its answer checked against its shape", async () => {
    inAws();
    const asked: SummaryRequest = { kind: 'readiness', scope: req.scope, year: '2025-26' };
    const readiness: ReadinessSummary = {
      programs: [
        {
          id: 'p1',
          title: 'B.Tech CSE',
          format: '2025 (GAPC v4.0, 9 criteria, 11 POs)',
          total: 512.4,
          max: 1000,
          outcome: 'Not accredited',
          line: 60,
          below: ['4'],
          weakest: { criterion: '4', percent: 41.2 },
        },
      ],
    };
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: payload(readiness) });
    expect(await summaryFor(asked, readinessSchema)).toEqual(readiness);
    expect(JSON.parse(new TextDecoder().decode(lambda.commandCalls(InvokeCommand)[0].args[0].input.Payload as Uint8Array))).toEqual(asked);
    // An outcome NBA does not decide is not stored.
    lambda.on(InvokeCommand).resolves({
      StatusCode: 200,
      Payload: payload({ programs: [{ ...readiness.programs[0], outcome: 'Provisionally accredited' }] }),
    });
    await expect(summaryFor(asked, readinessSchema)).rejects.toThrow(/readiness summary of campus c1 is not of its shape/);
  });
  it('is refused by the summaries Lambda when the event is not a summary request', async () => {
    await expect(handler({ kind: 'week', scope: req.scope })).rejects.toThrow('Not a summary request');
    await expect(handler({ kind: 'month', scope: { campus: 'c1' } })).rejects.toThrow('Not a summary request');
    await expect(handler({ kind: 'readiness', scope: req.scope })).rejects.toThrow('Not a summary request');
  });
});
