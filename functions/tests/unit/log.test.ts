import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log, loggedHandler, setLogCampus, withLogScope } from '../../src/platform/lib/log.js';
import { consoleLogOutput, readableLogLine, setLogOutput } from '../../src/local/log-output.js';

/** The logger's lines of one test, parsed. */
let lines: Record<string, unknown>[] = [];
beforeEach(() => {
  lines = [];
  setLogOutput({ to: (line) => lines.push(JSON.parse(line) as Record<string, unknown>), level: 'DEBUG' });
});
afterEach(() => setLogOutput({ to: () => undefined, level: 'SILENT' }));

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the logger', () => {
  it('writes one JSON object per line with the scope: request_id, then the campus once known, gone after the scope', async () => {
    log.info('before');
    await withLogScope({ request_id: 'r-1' }, async () => {
      log.info('anonymous');
      setLogCampus('demo');
      await tick();
      log.warn('signed in', { route: 'GET /api/x' });
    });
    log.info('after');
    expect(lines.map(({ message, request_id, campus }) => ({ message, request_id, campus }))).toEqual([
      { message: 'before', request_id: undefined, campus: undefined },
      { message: 'anonymous', request_id: 'r-1', campus: undefined },
      { message: 'signed in', request_id: 'r-1', campus: 'demo' },
      { message: 'after', request_id: undefined, campus: undefined },
    ]);
    expect(lines[2]).toMatchObject({ level: 'WARN', service: 'attain-local', route: 'GET /api/x', timestamp: expect.any(String) });
  });

  it('keeps requests served at once apart (one process serves many locally), and a line may name another campus', async () => {
    const request = (id: string, campus: string, ms: number) =>
      withLogScope({ request_id: id }, async () => {
        setLogCampus(campus);
        await new Promise((r) => setTimeout(r, ms));
        log.info('done');
        log.info('registration', { campus: 'other' });
      });
    await Promise.all([request('a', 'campus-a', 10), request('b', 'campus-b', 1)]);
    expect(lines.filter((l) => l.message === 'done').map((l) => [l.request_id, l.campus])).toEqual([
      ['b', 'campus-b'],
      ['a', 'campus-a'],
    ]);
    expect(lines.filter((l) => l.message === 'registration').every((l) => l.campus === 'other')).toBe(true);
  });

  it("gives a handler's every line the invocation's awsRequestId (a new id without a context), and an error as `error`", async () => {
    const handler = loggedHandler(async (event: { fail?: boolean }) => {
      if (event.fail) log.error('stopped', new Error('table down'));
      else log.info('ran');
      return 1;
    });
    expect(await handler({}, { awsRequestId: 'lambda-1' })).toBe(1);
    await handler({ fail: true });
    expect(lines[0]).toMatchObject({ message: 'ran', request_id: 'lambda-1' });
    expect(lines[1]).toMatchObject({ message: 'stopped', error: { name: 'Error', message: 'table down' } });
    expect(lines[1].request_id).toMatch(/^[0-9a-f-]{36}$/);
    log.info('outside');
    expect(lines[2].request_id).toBeUndefined();
  });

  it("writes an error as its name, message and stack only: none of an AWS SDK error's keys, whose records are personal data", () => {
    // A transaction refused with ReturnValuesOnConditionCheckFailure ALL_OLD: the SDK's error carries the item.
    const refused = new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]',
      $metadata: { httpStatusCode: 400, requestId: 'R1' },
      CancellationReasons: [
        {
          Code: 'ConditionalCheckFailed',
          Item: { PK: { S: 'T#demo#user' }, email: { S: 'zenobia.k@attain.example' }, name: { S: 'Zenobia' } },
        },
      ],
    });
    Object.assign(refused, { $response: { body: '{"email":"zenobia.k@attain.example"}' } });
    const plain = Object.assign(new Error('table down', { cause: refused }), { item: { email: 'zenobia.k@attain.example' } });
    const raw: string[] = [];
    setLogOutput({ to: (line) => raw.push(line), level: 'DEBUG' });
    log.error('answer refused', refused);
    log.error('answer refused', { error: refused });
    log.warn('nested', { job: { attempts: [refused] } });
    log.error('with a cause', plain);
    expect(raw).toHaveLength(4);
    expect(raw.filter((l) => /zenobia|CancellationReasons|\$metadata|\$response/i.test(l))).toEqual([]);
    const first = JSON.parse(raw[0]) as { error: Record<string, unknown> };
    expect(Object.keys(first.error).sort()).toEqual(['message', 'name', 'stack']);
    expect(first.error).toMatchObject({ name: 'TransactionCanceledException', message: refused.message });
    expect(JSON.parse(raw[1]).error).toEqual(first.error);
    expect(Object.keys(JSON.parse(raw[3]).error).sort()).toEqual(['message', 'name', 'stack']);
  });

  it('shows WARN and above, saying so in one line, for a level Powertools does not know (LOG_LEVEL=verbose npm start)', () => {
    vi.stubEnv('POWERTOOLS_LOG_LEVEL', '');
    vi.stubEnv('LOG_LEVEL', 'verbose');
    const raw: string[] = [];
    try {
      expect(() => setLogOutput({ ...consoleLogOutput(), to: (line) => raw.push(line) })).not.toThrow();
      log.info('an API request');
      log.warn('a problem');
    } finally {
      vi.unstubAllEnvs();
    }
    const shown = raw.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(shown.map((l) => [l.level, l.message])).toEqual([
      ['WARN', expect.stringMatching(/^Unknown log level "verbose" \(LOG_LEVEL or POWERTOOLS_LOG_LEVEL\): showing WARN and above/)],
      ['WARN', 'a problem'],
    ]);
    // A known level, in any case, is taken as it is, without the warning.
    raw.length = 0;
    setLogOutput({ to: (line) => raw.push(line), level: 'info' });
    log.info('an API request');
    expect(raw.map((l) => JSON.parse(l).message)).toEqual(['an API request']);
  });

  it('reads as one short line in a terminal, with the error below it', () => {
    const line = JSON.stringify({
      level: 'ERROR',
      message: 'unexpected error',
      timestamp: '2026-01-02T03:04:05.678Z',
      service: 'attain-local',
      request_id: 'r-9',
      campus: 'demo',
      error: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(readableLogLine(line)).toBe('03:04:05 ERROR unexpected error  request_id=r-9 campus=demo\n  Error: boom\n    at x');
    expect(readableLogLine('not json')).toBe('not json');
  });
});
