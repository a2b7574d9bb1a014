import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { todayInIndia } from '@attain/shared-types';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryRequest } from '../../src/features/group/summary-shapes.js';

/** What the refresh asked the summaries computation for, in order; a request of `failing` kind throws. */
const asked: SummaryRequest[] = [];
let failing: SummaryRequest['kind'] | undefined;
vi.mock('../../src/features/group/summary-compute.js', () => ({
  computeSummary: async (req: SummaryRequest) => {
    asked.push(req);
    if (req.kind === failing) throw new Error(`${req.kind} failed`);
    return { kind: req.kind };
  },
}));

const { REFRESH_DELAY_S, REFRESH_LOST_MS, noteCampusChange, refreshUnderway, setLocalSummariesRunner } =
  await import('../../src/platform/store/campus-changes.js');
const { refreshCampusSummaries } = await import('../../src/features/group/summary-refresh.js');
const { SUMMARY_VERSION } = await import('../../src/features/group/summary-shapes.js');

const ddb = mockClient(DynamoDBDocumentClient);
const queued: { campus: string; delayMs: number }[] = [];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeEach(() => {
  ddb.reset();
  queued.length = 0;
  asked.length = 0;
  failing = undefined;
});
afterEach(() => setLocalSummariesRunner(undefined));

describe('a change of what a campus summary counts', () => {
  beforeEach(() => setLocalSummariesRunner((job, delayMs) => void queued.push({ campus: job.campus, delayMs })));

  it('stamps the campus and queues one refresh, a few seconds later, when none is queued', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: minutesAgo(5), started_at: minutesAgo(5) } });
    await noteCampusChange('demo');
    const stamp = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(stamp.UpdateExpression).toContain('queued_at = if_not_exists(queued_at, :t)');
    expect(stamp.ReturnValues).toBe('ALL_OLD');
    expect(queued).toEqual([{ campus: 'demo', delayMs: REFRESH_DELAY_S * 1000 }]);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('queues nothing more while a refresh is queued, and nothing when a later stamp is already there', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: minutesAgo(0), queued_at: minutesAgo(0) } });
    await noteCampusChange('demo');
    expect(queued).toEqual([]);
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'later', $metadata: {} }));
    await noteCampusChange('demo');
    expect(queued).toEqual([]);
  });

  it('queues again a refresh queued so long ago that it is lost, taking it over with one conditional update', async () => {
    const lost = new Date(Date.now() - REFRESH_LOST_MS - 60_000).toISOString();
    ddb
      .on(UpdateCommand)
      .resolvesOnce({ Attributes: { changed_at: lost, queued_at: lost } })
      .resolves({});
    await noteCampusChange('demo');
    const takeover = ddb.commandCalls(UpdateCommand)[1].args[0].input;
    expect(takeover.ConditionExpression).toBe('queued_at = :was');
    expect(takeover.ExpressionAttributeValues?.[':was']).toBe(lost);
    expect(queued).toEqual([{ campus: 'demo', delayMs: 0 }]);
  });
});

describe('a change where no refresh runs (a script, the seed)', () => {
  it('only stamps the campus: no queued time that nothing would clear', async () => {
    ddb.on(UpdateCommand).resolves({});
    await noteCampusChange('demo');
    const stamp = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(stamp.UpdateExpression).not.toContain('queued_at');
    expect(queued).toEqual([]);
  });
});

describe('whether a refresh is under way', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const at = (m: number) => new Date(now - m * 60_000).toISOString();
  it('is so while one is queued or started after the last change, until it is lost', () => {
    expect(refreshUnderway({ changed_at: at(1), queued_at: at(1) }, now)).toBe(true);
    expect(refreshUnderway({ changed_at: at(1), started_at: at(0.5) }, now)).toBe(true);
    expect(refreshUnderway({ changed_at: at(11), queued_at: at(11) }, now)).toBe(false);
    expect(refreshUnderway({ changed_at: at(12), started_at: at(11) }, now)).toBe(false);
  });
  it('is not so for a change no refresh was queued for (stamped while none ran)', () => {
    expect(refreshUnderway({ changed_at: at(1), started_at: at(2) }, now)).toBe(false);
    expect(refreshUnderway({ changed_at: at(1) }, now)).toBe(false);
  });
});

describe('a refresh of a campus', () => {
  const stored = (sk: string) => ({
    PK: 'T#demo#campus-summary',
    SK: sk,
    summary: {},
    computed_at: minutesAgo(10),
    version: SUMMARY_VERSION,
  });

  it('claims it, then recomputes and stores every summary the campus has, the month for today', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: minutesAgo(1) } });
    ddb.on(QueryCommand).resolves({
      Items: [
        { PK: 'T#demo#campus-summary', SK: 'changed', changed_at: minutesAgo(1) },
        stored('summary#programs'),
        stored('summary#year#2025-26'),
        stored('summary#month#2026-27'),
        stored('summary#readiness#2025-26'),
      ],
    });
    ddb.on(PutCommand).resolves({});
    const out = await refreshCampusSummaries({ campus: 'demo' });
    const claim = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(claim.UpdateExpression).toContain('REMOVE queued_at');
    expect(out.refreshed).toEqual(['summary#programs', 'summary#year#2025-26', 'summary#month#2026-27', 'summary#readiness#2025-26']);
    expect(out.waitedMs).toBe(0);
    const today = todayInIndia();
    expect(asked.map((r) => ({ ...r, scope: r.scope.campus }))).toEqual([
      { kind: 'programs', scope: 'demo' },
      { kind: 'year', scope: 'demo', year: '2025-26', today },
      { kind: 'month', scope: 'demo', current: '2026-27', today },
      { kind: 'readiness', scope: 'demo', year: '2025-26' },
    ]);
    // Stored under the same keys, each only over an older computation, with the time the computations started.
    const puts = ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.Item?.SK)).toEqual(out.refreshed);
    expect(new Set(puts.map((p) => p.Item?.computed_at)).size).toBe(1);
    expect(puts[0].ConditionExpression).toBe('attribute_not_exists(computed_at) OR computed_at <= :t');
  });

  it('of a campus nobody has read the summaries of costs the claim and one Query', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: minutesAgo(1) } });
    ddb.on(QueryCommand).resolves({ Items: [{ PK: 'T#demo#campus-summary', SK: 'changed', changed_at: minutesAgo(1) }] });
    expect((await refreshCampusSummaries({ campus: 'demo' })).refreshed).toEqual([]);
    expect(ddb.calls()).toHaveLength(2);
  });

  it('stores the summaries it could compute and then fails, so the queue delivers it again', async () => {
    failing = 'year';
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: minutesAgo(1) } });
    ddb
      .on(QueryCommand)
      .resolves({ Items: [stored('summary#programs'), stored('summary#year#2025-26'), stored('summary#readiness#2025-26')] });
    ddb.on(PutCommand).resolves({});
    await expect(refreshCampusSummaries({ campus: 'demo' })).rejects.toThrow('year failed');
    expect(ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item?.SK)).toEqual(['summary#programs', 'summary#readiness#2025-26']);
  });
});
