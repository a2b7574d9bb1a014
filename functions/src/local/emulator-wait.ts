import type { ChildProcess } from 'node:child_process';
import { errorMessage } from '@attain/shared-types';

/**
 * Waiting for the local stack's emulators (DynamoDB Local, cognito-local, s3rver, the SES emulator) to answer. A busy
 * machine may take minutes to start a JVM, so there is no fixed give-up: the wait lasts as long as the emulator's
 * process is alive, says every `progressEveryMs` how long it has waited, and ends with one clear line when the
 * emulator truly fails (its process exits, or its port is taken), followed by the last lines of its output. One
 * overall cap remains for a process that runs but never answers: `ATTAIN_EMULATOR_WAIT_S` seconds (default 600;
 * `0` waits without a cap).
 */

/** How long an emulator's process may run without answering before the start gives up, by default (10 minutes). */
export const DEFAULT_EMULATOR_WAIT_S = 600;

/** Thrown when an emulator does not start: `message` is one line; `output` the last lines the emulator wrote. */
export class EmulatorStartError extends Error {
  constructor(
    message: string,
    readonly output = '',
  ) {
    super(message);
  }
}

/** A started emulator process as the wait sees it. */
export interface WatchedProcess {
  /** How it ended (`exit code 1`, `signal SIGKILL`), or null while it runs. */
  ended(): string | null;
  /** The last lines of its output, stdout and stderr interleaved as they came ('' when it wrote nothing). */
  lastLines(): string;
}

/** The time source of a wait: real by default; tests pass one whose `sleep` moves `now` on without waiting. */
export interface WaitClock {
  /** Milliseconds, only differences are used. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock. */
export const REAL_CLOCK: WaitClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** What to wait for and how. */
export interface EmulatorWait {
  /** The emulator's name as a person knows it ('DynamoDB Local'). */
  what: string;
  /** Where it answers, for the messages (`http://127.0.0.1:8000`). */
  url: string;
  /** True once the emulator answers (any HTTP status); false (or a rejection) while it does not yet. */
  probe: () => Promise<boolean>;
  /** The emulator's process, when it runs in one: its exit ends the wait at once. */
  process?: WatchedProcess;
  /** Told the progress lines (`Waiting for DynamoDB Local (20 s)...`); default: none. */
  onProgress?: (line: string) => void;
  /** How often a progress line is told, in ms (default 10,000). */
  progressEveryMs?: number;
  /** Pause between two probes, in ms (default 150). */
  pollMs?: number;
  /** The overall cap in ms for a live process that never answers; 0 = none (default: `emulatorWaitLimitMs()`). */
  limitMs?: number;
  clock?: WaitClock;
}

/**
 * The overall cap of one emulator's start, in ms, from `ATTAIN_EMULATOR_WAIT_S` (seconds; `0` = no cap; unset or not
 * a number: `DEFAULT_EMULATOR_WAIT_S`).
 */
export function emulatorWaitLimitMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ATTAIN_EMULATOR_WAIT_S?.trim();
  const s = raw ? Number(raw) : NaN;
  return (Number.isFinite(s) && s >= 0 ? s : DEFAULT_EMULATOR_WAIT_S) * 1000;
}

/** Output that says the emulator could not bind its port (Node's EADDRINUSE, Java's BindException). */
const PORT_TAKEN = /EADDRINUSE|address already in use|BindException/i;

/** The one line for an emulator whose port another program holds. */
export function portTakenMessage(what: string, url: string): string {
  return `${what} could not listen on ${url.replace(/^https?:\/\//, '')}: the port is taken by another program`;
}

/**
 * Waits until `w.probe()` answers true. Probes every `pollMs`, tells a progress line every `progressEveryMs`, and
 * never gives up while the process is alive, short of the overall cap.
 * @throws EmulatorStartError (one line, with the process's last output) when the process exits first (its port
 *   taken, if its output says so), when it exited although something answered on its port (another program holds
 *   the port), or when the cap passes
 */
export async function waitForEmulator(w: EmulatorWait): Promise<void> {
  const clock = w.clock ?? REAL_CLOCK;
  const every = w.progressEveryMs ?? 10_000;
  const limit = w.limitMs ?? emulatorWaitLimitMs();
  const start = clock.now();
  let nextProgress = start + every;
  const failed = (how: string) => {
    const output = w.process?.lastLines() ?? '';
    const line = PORT_TAKEN.test(output) ? portTakenMessage(w.what, w.url) : `${w.what} stopped before it answered (${how})`;
    return new EmulatorStartError(line, output);
  };
  for (;;) {
    const ended = w.process?.ended();
    if (ended) throw failed(ended);
    const answered = await w.probe().catch(() => false);
    if (answered) {
      // Something answered, but the emulator's own process has gone: the answer came from another program.
      const after = w.process?.ended();
      if (after) throw new EmulatorStartError(portTakenMessage(w.what, w.url), w.process?.lastLines() ?? '');
      return;
    }
    const waited = clock.now() - start;
    if (limit > 0 && waited >= limit)
      throw new EmulatorStartError(
        `${w.what} did not answer at ${w.url} in ${Math.round(waited / 1000)} s although it is running ` +
          '(set ATTAIN_EMULATOR_WAIT_S to wait longer, 0 for no limit)',
        w.process?.lastLines() ?? '',
      );
    if (clock.now() >= nextProgress) {
      w.onProgress?.(`Waiting for ${w.what} (${Math.round(waited / 1000)} s)...`);
      while (nextProgress <= clock.now()) nextProgress += every;
    }
    await clock.sleep(w.pollMs ?? 150);
  }
}

/** A probe that is true once `url` answers any HTTP status (each try given `triesMs`, default 2 s). */
export function httpProbe(url: string, triesMs = 2000): () => Promise<boolean> {
  return async () => {
    await fetch(url, { signal: AbortSignal.timeout(triesMs) });
    return true;
  };
}

/**
 * Watches a child process for `waitForEmulator`: records how it ended, and keeps the last `keep` characters of its
 * output (both streams, read so a chatty process never blocks on a full pipe).
 */
export function watchChild(child: ChildProcess, keep = 4000): WatchedProcess {
  let log = '';
  let ended: string | null = null;
  const add = (d: Buffer | string) => (log = (log + String(d)).slice(-keep));
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  child.once('exit', (code, signal) => (ended = signal ? `signal ${signal}` : `exit code ${code}`));
  child.once('error', (e) => (ended = errorMessage(e)));
  return {
    ended: () => ended,
    lastLines: (lines = 15) => log.trimEnd().split('\n').slice(-lines).join('\n'),
  };
}

/**
 * Runs `listen` (an in-process emulator starting its server) and turns a taken port into one clear line.
 * @throws EmulatorStartError `portTakenMessage` for EADDRINUSE; any other failure as `<what> did not start: <reason>`
 */
export async function listenOrExplain<T>(what: string, url: string, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (e) {
    const why = errorMessage(e);
    const code = e instanceof Error && 'code' in e ? e.code : undefined;
    if (code === 'EADDRINUSE' || PORT_TAKEN.test(why)) throw new EmulatorStartError(portTakenMessage(what, url));
    throw new EmulatorStartError(`${what} did not start: ${why.split('\n')[0]}`, why);
  }
}
