import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sqsOf } from '../support/sqs-event.js';
import { setLogOutput } from '../../src/local/log-output.js';

const runMailJob = vi.fn();
vi.mock('../../src/features/mail/mail-worker.js', () => ({ runMailJob }));
const { handler, logMarkedInDoubt } = await import('../../src/lambdas/workers/mail-sender.js');

const CAMPUS = '0193a0b0-0000-7000-8000-000000000001';
const mailId = (n: number) => `0193a0b0-0000-7000-8000-00000000010${n}`;
const job = (n: number) => JSON.stringify({ campus: CAMPUS, mail: mailId(n) });

describe('the bulk-mail worker', () => {
  beforeEach(() => {
    runMailJob.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  it('runs each job once, in order, and reports only the one that failed for redelivery', async () => {
    runMailJob.mockImplementation(async (j: { mail: string }) => {
      if (j.mail === mailId(1)) throw new Error('SES throttled');
    });
    expect(await handler(sqsOf([job(0), job(1), job(2)]))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(runMailJob.mock.calls.map(([j]) => j)).toEqual([0, 1, 2].map((n) => ({ campus: CAMPUS, mail: mailId(n) })));
    expect(runMailJob.mock.calls[0][1]).toEqual({ budgetMs: 13 * 60_000, onMarkedInDoubt: logMarkedInDoubt });
  });
  it('logs recipients marked "not sent again" as one JSON ERROR line with the count the MailInDoubt alarm reads', () => {
    // The logger's lines as Powertools writes them (JSON, one line each), at the level deployed (INFO) and at the
    // highest an operator may set short of silencing errors (ERROR): the alarm counts in both.
    for (const level of ['INFO', 'ERROR']) {
      const lines: string[] = [];
      setLogOutput({ to: (l) => lines.push(l), level });
      try {
        logMarkedInDoubt({ campus: CAMPUS, mail: mailId(4) }, 3);
      } finally {
        setLogOutput({ to: () => undefined, level: 'SILENT' });
      }
      const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => 'markedInDoubt' in l);
      expect(line, level).toMatchObject({ level: 'ERROR', markedInDoubt: 3, campus: CAMPUS, mail: mailId(4) });
    }
  });
  it('drops a message that is not a job without retrying it', async () => {
    const bad = ['{oops', JSON.stringify({ campus: CAMPUS, mail: 'not an id' }), JSON.stringify([1])];
    expect(await handler(sqsOf([...bad, job(3)]))).toEqual({ batchItemFailures: [] });
    expect(runMailJob).toHaveBeenCalledTimes(1);
  });
  it('reports every message of a batch that failed whole, without throwing', async () => {
    runMailJob.mockRejectedValue(new Error('table down'));
    expect(await handler(sqsOf([job(0), job(1)]))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm0' }, { itemIdentifier: 'm1' }] });
    expect(await handler({ Records: [] })).toEqual({ batchItemFailures: [] });
  });
});
