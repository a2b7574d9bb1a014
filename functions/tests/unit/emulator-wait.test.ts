import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMULATOR_WAIT_S,
  EmulatorStartError,
  type WaitClock,
  type WatchedProcess,
  emulatorWaitLimitMs,
  waitForEmulator,
  watchChild,
} from '../../src/local/emulator-wait.js';
import { startCognito, startSes } from '../../src/local/emulators.js';

/**
 * `npm start` waits for each emulator as long as the machine needs (the old wait gave up after 30 s: "DynamoDB Local
 * did not start within 30 s" on a busy machine). Time here is a fake clock: each pause moves it on at once, so a
 * start of minutes takes no real time.
 */
function fakeClock(): WaitClock & { t: number } {
  const c = { t: 0, now: () => c.t, sleep: async (ms: number) => void (c.t += ms) };
  return c;
}

/** A process that is alive until `exitAt` ms (never, by default), having written `output`. */
function fakeProcess(clock: { now(): number }, exitAt = Infinity, output = '', how = 'exit code 1'): WatchedProcess {
  return { ended: () => (clock.now() >= exitAt ? how : null), lastLines: () => output };
}

/** What a wait throws, or fails the test when it does not throw. */
async function failure(wait: Promise<void>): Promise<EmulatorStartError> {
  const e = await wait.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(EmulatorStartError);
  return e as EmulatorStartError;
}

const URL = 'http://127.0.0.1:8000';

describe('waiting for an emulator', () => {
  it('waits past the old 30 s for a live process that answers at 95 s, telling the wait every 10 s', async () => {
    const clock = fakeClock();
    const lines: string[] = [];
    await waitForEmulator({
      what: 'DynamoDB Local',
      url: URL,
      probe: async () => clock.now() >= 95_000,
      process: fakeProcess(clock),
      onProgress: (l) => lines.push(l),
      clock,
    });
    expect(clock.now()).toBeGreaterThanOrEqual(95_000);
    expect(lines).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90].map((s) => `Waiting for DynamoDB Local (${s} s)...`));
  });

  it('a probe that fails (connection refused) counts as "not yet", not as a failure', async () => {
    const clock = fakeClock();
    await waitForEmulator({
      what: 'cognito-local',
      url: URL,
      probe: async () => {
        if (clock.now() < 40_000) throw new Error('fetch failed: ECONNREFUSED');
        return true;
      },
      process: fakeProcess(clock),
      clock,
    });
    expect(clock.now()).toBeGreaterThanOrEqual(40_000);
  });

  it('stops at once with one line and its last output when the process exits', async () => {
    const clock = fakeClock();
    const output = 'Error: Could not find or load main class LoopbackDynamoDb\nCaused by: java.lang.ClassNotFoundException';
    const e = await failure(
      waitForEmulator({ what: 'DynamoDB Local', url: URL, probe: async () => false, process: fakeProcess(clock, 3_000, output), clock }),
    );
    expect(e.message).toBe('DynamoDB Local stopped before it answered (exit code 1)');
    expect(e.message).not.toContain('\n');
    expect(e.output).toContain('ClassNotFoundException');
    // It did not wait on after the exit.
    expect(clock.now()).toBeLessThan(4_000);
  });

  it('says the port is taken when the process exits saying so, or when something else answers after it exited', async () => {
    const clock = fakeClock();
    const bind = 'java.io.IOException: Failed to bind to /127.0.0.1:8000\nCaused by: java.net.BindException: Address already in use';
    const taken = await failure(
      waitForEmulator({ what: 'DynamoDB Local', url: URL, probe: async () => false, process: fakeProcess(clock, 2_000, bind), clock }),
    );
    expect(taken.message).toBe('DynamoDB Local could not listen on 127.0.0.1:8000: the port is taken by another program');
    expect(taken.output).toContain('BindException');

    const other = fakeClock();
    const answeredByAnother = await failure(
      waitForEmulator({
        what: 'cognito-local',
        url: URL,
        // Another program answers on the port; the emulator's own process is found gone right after.
        probe: async () => {
          other.t = 5_000;
          return true;
        },
        process: fakeProcess(other, 5_000, ''),
        clock: other,
      }),
    );
    expect(answeredByAnother.message).toBe('cognito-local could not listen on 127.0.0.1:8000: the port is taken by another program');
  });

  it('gives up on a live process that never answers only at the configurable cap, and says how to wait longer', async () => {
    const clock = fakeClock();
    const e = await failure(
      waitForEmulator({ what: 'DynamoDB Local', url: URL, probe: async () => false, process: fakeProcess(clock), limitMs: 600_000, clock }),
    );
    expect(clock.now()).toBeGreaterThanOrEqual(600_000);
    expect(e.message).toMatch(/^DynamoDB Local did not answer at http:\/\/127\.0\.0\.1:8000 in 600 s although it is running/);
    expect(e.message).toContain('ATTAIN_EMULATOR_WAIT_S');
    expect(emulatorWaitLimitMs({})).toBe(DEFAULT_EMULATOR_WAIT_S * 1000);
    expect(DEFAULT_EMULATOR_WAIT_S).toBeGreaterThanOrEqual(300);
    expect(emulatorWaitLimitMs({ ATTAIN_EMULATOR_WAIT_S: '1800' })).toBe(1_800_000);
    expect(emulatorWaitLimitMs({ ATTAIN_EMULATOR_WAIT_S: '0' })).toBe(0);
    expect(emulatorWaitLimitMs({ ATTAIN_EMULATOR_WAIT_S: 'soon' })).toBe(DEFAULT_EMULATOR_WAIT_S * 1000);
  });

  it('with the cap off (0) waits on as long as the process lives', async () => {
    const clock = fakeClock();
    await waitForEmulator({
      what: 'DynamoDB Local',
      url: URL,
      probe: async () => clock.now() >= 3_600_000,
      process: fakeProcess(clock),
      limitMs: 0,
      clock,
    });
    expect(clock.now()).toBeGreaterThanOrEqual(3_600_000);
  });
});

describe('watching a real emulator process', () => {
  it('records how a child process ended and its last lines of output, both streams', async () => {
    const child = spawn(
      process.execPath,
      ['-e', "console.log('starting'); console.error('listen EADDRINUSE: 127.0.0.1:9'); process.exit(3)"],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const watched = watchChild(child);
    expect(watched.ended()).toBeNull();
    await once(child, 'close');
    expect(watched.ended()).toBe('exit code 3');
    expect(watched.lastLines()).toContain('starting');
    expect(watched.lastLines()).toContain('EADDRINUSE');
  });

  it('an emulator whose port another program holds is one clear line, before or without waiting', async () => {
    const holder = createServer();
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const address = holder.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const dir = mkdtempSync(join(tmpdir(), 'attain-wait-'));
    const taken = (what: string) => `${what} could not listen on 127.0.0.1:${port}: the port is taken by another program`;
    try {
      // The SES emulator's own start resolves without listening when its port is taken.
      expect((await failure(startSes(port).then(async (s) => s.stop()))).message).toBe(taken('The SES emulator (aws-ses-v2-local)'));
      // A child-process emulator is not even started.
      expect((await failure(startCognito(port, dir).then(async (s) => s.stop()))).message).toBe(taken('cognito-local'));
    } finally {
      holder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
