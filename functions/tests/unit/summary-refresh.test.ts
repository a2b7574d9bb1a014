import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { todayInIndia } from '@attain/shared-types';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SummaryRequest } from '../../src/features/group/summary-shapes.js';

/** What the refresh asked the summaries computation for, in order; a request of `failing` kind throws `failure`. */
const asked: SummaryRequest[] = [];
let failing: SummaryRequest['kind'] | undefined;
let failure: Error = new Error('failed');
vi.mock('../../src/features/group/summary-compute.js', () => ({
  computeSummary: async (req: SummaryRequest) => {
    asked.push(req);
    if (req.kind === failing) throw failure;
    return { kind: req.kind };
  },
}));
/** The campus's current academic year (CAY), as its registration would give it. */
vi.mock('../../src/features/structure/index.js', () => ({ campusCurrentYear: async () => '2026-27' }));

const { HttpError } = await import('../../src/platform/lib/errors.js');
const { REFRESH_DELAY_S, QUEUED_LOST_MS, noteCampusChange, refreshUnderway, setLocalSummariesRunner } =
  await import('../../src/platform/store/campus-changes.js');
const { refreshCampusSummaries } = await import('../../src/features/group/summary-refresh.js');
const { SUMMARY_VERSION } = await import('../../src/features/group/summary-shapes.js');
const { readCampusSummaries, yearSummary } = await import('../../src/features/group/campus-summary.js');
const { setLocalSummaryComputer } = await import('../../src/features/group/summary-computer.js');

const ddb = mockClient(DynamoDBDocumentClient);
const queued: { campus: string; delayMs: number }[] = [];
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

beforeEach(() => {
  ddb.reset();
  queued.length = 0;
  asked.length = 0;
  failing = undefined;
  failure = new Error('failed');
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

  it('leaves a queued refresh it finds lost to the next read: a writer sends nothing more', async () => {
    const lost = new Date(Date.now() - QUEUED_LOST_MS - 60_000).toISOString();
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: lost, queued_at: lost } });
    await noteCampusChange('demo');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(queued).toEqual([]);
  });
});

describe('a change whose refresh cannot be sent', () => {
  it('is kept (no error for the write already stored); its queued time stays, for the next read to take as lost', async () => {
    setLocalSummariesRunner(() => {
      throw new Error('SQS is down');
    });
    ddb.on(UpdateCommand).resolves({});
    await expect(noteCampusChange('demo')).resolves.toBeUndefined();
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(refreshUnderway({ changed_at: minutesAgo(3), queued_at: minutesAgo(3) })).toBe(false);
  });
});

describe('a change where no refresh runs (a script, the seed, a test run in its own process)', () => {
  it('stamps the campus without marking a refresh queued, so the next read queues one at once; sends nothing', async () => {
    ddb.on(UpdateCommand).resolves({});
    await noteCampusChange('demo');
    const update = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(update.UpdateExpression).toContain('changed_at = :t');
    // A refresh marked queued but never sent kept every read waiting 2 minutes (QUEUED_LOST_MS) before it queued one.
    expect(update.UpdateExpression).not.toContain('queued_at');
    expect(queued).toEqual([]);
    expect(refreshUnderway({ changed_at: update.ExpressionAttributeValues?.[':t'] as string })).toBe(false);
  });
});

describe('whether a refresh is under way', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  const at = (m: number) => new Date(now - m * 60_000).toISOString();
  it('is so while one is queued (for 2 minutes), or started after the last change and not finished (for 3)', () => {
    expect(refreshUnderway({ changed_at: at(1), queued_at: at(1) }, now)).toBe(true);
    expect(refreshUnderway({ changed_at: at(1), started_at: at(0.5) }, now)).toBe(true);
    expect(refreshUnderway({ changed_at: at(3), queued_at: at(3) }, now)).toBe(false);
    expect(refreshUnderway({ changed_at: at(5), started_at: at(4) }, now)).toBe(false);
  });
  it('is not so once the refresh finished, or for a change no refresh was queued for (stamped while none ran)', () => {
    expect(refreshUnderway({ changed_at: at(1), started_at: at(0.5), finished_at: at(0.2) }, now)).toBe(false);
    expect(refreshUnderway({ changed_at: at(1), started_at: at(2) }, now)).toBe(false);
    expect(refreshUnderway({ changed_at: at(1) }, now)).toBe(false);
  });
});

describe('a refresh of a campus', () => {
  const stored = (sk: string, computedAt = minutesAgo(10)) => ({
    PK: 'T#demo#campus-summary',
    SK: sk,
    summary: {},
    computed_at: computedAt,
    version: SUMMARY_VERSION,
  });
  const stamp = { PK: 'T#demo#campus-summary', SK: 'changed', changed_at: minutesAgo(1) };
  beforeEach(() => {
    ddb.on(UpdateCommand).resolves({ Attributes: { changed_at: minutesAgo(1) } });
    ddb.on(PutCommand).resolves({});
    ddb.on(DeleteCommand).resolves({});
  });

  it("claims it, recomputes the programs and the current years' summaries (the month for today), drops older years, finishes", async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        stamp,
        stored('summary#programs'),
        stored('summary#year#2025-26'),
        stored('summary#year#2021-22'),
        stored('summary#month#2026-27'),
        stored('summary#month#2025-26'),
        stored('summary#readiness#2024-25'),
      ],
    });
    const out = await refreshCampusSummaries({ campus: 'demo' });
    const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates[0].UpdateExpression).toContain('REMOVE queued_at');
    // Finished last, on the condition that no other refresh started since.
    expect(updates.at(-1)?.UpdateExpression).toBe('SET finished_at = :t');
    expect(updates.at(-1)?.ExpressionAttributeValues?.[':s']).toBe(updates[0].ExpressionAttributeValues?.[':t']);
    expect(out.refreshed).toEqual(['summary#programs', 'summary#year#2025-26', 'summary#month#2026-27', 'summary#readiness#2024-25']);
    expect(out.dropped).toEqual(['summary#year#2021-22', 'summary#month#2025-26']);
    expect(out.waitedMs).toBe(0);
    const today = todayInIndia();
    expect(asked.map((r) => ({ ...r, scope: r.scope.campus }))).toEqual([
      { kind: 'programs', scope: 'demo' },
      { kind: 'year', scope: 'demo', year: '2025-26', today },
      { kind: 'month', scope: 'demo', current: '2026-27', today },
      { kind: 'readiness', scope: 'demo', year: '2024-25' },
    ]);
    // Stored under the same keys, each only over an older computation, with the time the computations started.
    const puts = ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.Item?.SK)).toEqual(out.refreshed);
    expect(new Set(puts.map((p) => p.Item?.computed_at)).size).toBe(1);
    expect(puts[0].ConditionExpression).toBe('attribute_not_exists(computed_at) OR computed_at <= :t OR version <> :v');
    expect(ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.SK)).toEqual(out.dropped);
  });

  it("keeps a year's summary already current for the change it claimed (a retry, a read meanwhile)", async () => {
    ddb.on(QueryCommand).resolves({ Items: [stamp, stored('summary#programs'), stored('summary#year#2025-26', minutesAgo(0))] });
    expect((await refreshCampusSummaries({ campus: 'demo' })).refreshed).toEqual(['summary#programs']);
  });

  it('of a campus nobody has read the summaries of costs the claim, one Query and the finish', async () => {
    ddb.on(QueryCommand).resolves({ Items: [stamp] });
    expect((await refreshCampusSummaries({ campus: 'demo' })).refreshed).toEqual([]);
    expect(ddb.calls()).toHaveLength(3);
  });

  it('stores the summaries it could compute and then fails, unfinished, so the queue delivers it again', async () => {
    failing = 'year';
    ddb
      .on(QueryCommand)
      .resolves({ Items: [stored('summary#programs'), stored('summary#year#2025-26'), stored('summary#readiness#2025-26')] });
    await expect(refreshCampusSummaries({ campus: 'demo' })).rejects.toThrow('failed');
    expect(ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item?.SK)).toEqual(['summary#programs', 'summary#readiness#2025-26']);
    expect(ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.UpdateExpression)).not.toContain('SET finished_at = :t');
  });

  it("drops a summary the campus's data refuses (a 4xx), so the next read computes it, and finishes", async () => {
    failing = 'readiness';
    failure = new HttpError(404, 'Program not found');
    ddb.on(QueryCommand).resolves({ Items: [stored('summary#programs'), stored('summary#readiness#2025-26')] });
    const out = await refreshCampusSummaries({ campus: 'demo' });
    expect(out).toMatchObject({ refreshed: ['summary#programs'], dropped: ['summary#readiness#2025-26'] });
    expect(ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input.UpdateExpression)).toContain('SET finished_at = :t');
  });
});

describe('a read of a campus whose summaries are stored', () => {
  const programs = (updating = false) => ({ programs: [], courses: 3, updating });
  const year = {
    faculty: { total: 1, professors: 0, associates: 0, assistants: 1, other: 0, phd: 0 },
    publications: 0,
    funded: 0,
    surveys: [],
    mail: { recipients: 0, bounced: 0 },
    occasions: 0,
    occasions_without_marks: 0,
  };
  const scope = { campus: 'demo', actor: 'g@x.in', access: 'read-only' as const };
  const partition = (stamp: Record<string, string>, items: Record<string, unknown>[]) => {
    ddb.on(QueryCommand).resolves({ Items: [{ PK: 'T#demo#campus-summary', SK: 'changed', ...stamp }, ...items] });
  };
  const summary = (sk: string, value: unknown, computedAt: string) => ({
    PK: 'T#demo#campus-summary',
    SK: sk,
    summary: value,
    computed_at: computedAt,
    version: SUMMARY_VERSION,
  });
  const computed: string[] = [];
  beforeEach(() => {
    computed.length = 0;
    setLocalSummariesRunner((job, delayMs) => void queued.push({ campus: job.campus, delayMs }));
    setLocalSummaryComputer(async (req) => {
      computed.push(req.kind);
      return req.kind === 'year' ? year : programs();
    });
    ddb.on(UpdateCommand).resolves({});
    ddb.on(PutCommand).resolves({});
  });
  afterEach(() => setLocalSummaryComputer(undefined));

  it('serves a summary older than the last change, marked updating, and queues the refresh no one queued', async () => {
    partition({ changed_at: minutesAgo(1), started_at: minutesAgo(2) }, [
      summary('summary#programs', programs(), minutesAgo(5)),
      summary('summary#year#2025-26', year, minutesAgo(5)),
    ]);
    const c = await readCampusSummaries(scope);
    expect(c).toMatchObject({ updating: true, programs: programs() });
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.ConditionExpression).toBe('attribute_not_exists(queued_at)');
    expect(queued).toEqual([{ campus: 'demo', delayMs: 0 }]);
    // The same read, asking for another stale summary of that campus, serves it and queues nothing more.
    expect(await yearSummary(c, '2025-26', '2026-01-10')).toEqual(year);
    expect(computed).toEqual([]);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });

  it('queues nothing while a refresh is queued or running for that change: one Query is the whole read', async () => {
    partition({ changed_at: minutesAgo(1), queued_at: minutesAgo(1) }, [summary('summary#programs', programs(), minutesAgo(5))]);
    expect((await readCampusSummaries(scope)).updating).toBe(true);
    partition({ changed_at: minutesAgo(1), started_at: minutesAgo(0.5) }, [summary('summary#programs', programs(), minutesAgo(5))]);
    expect((await readCampusSummaries(scope)).updating).toBe(true);
    expect(ddb.calls()).toHaveLength(2);
    expect(queued).toEqual([]);
  });

  it('queues again a refresh queued so long ago that it is lost, taking it over with one conditional update', async () => {
    const lost = new Date(Date.now() - QUEUED_LOST_MS - 60_000).toISOString();
    partition({ changed_at: lost, queued_at: lost }, [summary('summary#programs', programs(), minutesAgo(10))]);
    expect((await readCampusSummaries(scope)).updating).toBe(true);
    const takeover = ddb.commandCalls(UpdateCommand)[0].args[0].input;
    expect(takeover.ConditionExpression).toBe('queued_at = :was');
    expect(takeover.ExpressionAttributeValues?.[':was']).toBe(lost);
    expect(queued).toEqual([{ campus: 'demo', delayMs: 0 }]);
  });

  it('serves a current summary as it is, not updating', async () => {
    partition({ changed_at: minutesAgo(5), started_at: minutesAgo(5), finished_at: minutesAgo(4) }, [
      summary('summary#programs', programs(), minutesAgo(4)),
    ]);
    expect((await readCampusSummaries(scope)).updating).toBe(false);
    expect(ddb.calls()).toHaveLength(1);
  });

  it('computes a summary none is stored of, and has one computed before the change settled refreshed', async () => {
    partition({ changed_at: new Date().toISOString(), queued_at: new Date().toISOString() }, [
      summary('summary#programs', programs(), minutesAgo(5)),
    ]);
    const c = await readCampusSummaries(scope);
    expect(await yearSummary(c, '2025-26', '2026-01-10')).toEqual(year);
    expect(computed).toEqual(['year']);
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item?.SK).toBe('summary#year#2025-26');
    expect(c.updating).toBe(true);
  });

  it('waits a minute for courses being recomputed before it has the campus refreshed (their job stamps it when done)', async () => {
    const done = { changed_at: minutesAgo(10), started_at: minutesAgo(10), finished_at: minutesAgo(9) };
    partition(done, [summary('summary#programs', programs(true), minutesAgo(0.2))]);
    expect((await readCampusSummaries(scope)).updating).toBe(true);
    expect(queued).toEqual([]);
    partition(done, [summary('summary#programs', programs(true), minutesAgo(2))]);
    expect((await readCampusSummaries(scope)).updating).toBe(true);
    expect(queued).toEqual([{ campus: 'demo', delayMs: 0 }]);
  });
});
