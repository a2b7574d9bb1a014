import { Console } from 'node:console';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import { log, withLogScope } from '../platform/lib/log.js';

/**
 * Where the local stack's log lines go: `to`, at `level` and above: one of Powertools' levels (`TRACE`, `DEBUG`,
 * `INFO`, `WARN`, `ERROR`, `CRITICAL`, `SILENT`, any case); any other word is `WARN` (`setLogOutput`).
 */
export interface LogOutput {
  to: (line: string) => void;
  level: string;
}

/** The level a person asked for, as Powertools names it, or undefined when it is none of them. */
const knownLevel = (level: string): LogLevel | undefined => {
  const upper = level.trim().toUpperCase();
  return Object.hasOwn(LogLevelThreshold, upper) ? (upper as LogLevel) : undefined;
};

/**
 * Sends every line of the product's logger (`log`, one JSON object per line) to `output.to` instead of stdout, at
 * `output.level` and above, with `service` `attain-local` (in AWS, each function's name): the local stack's readable
 * console (`readableLogLine`) and the tests' log file. `to` is called before the logging call returns. Powertools
 * writes through its `console` (its own `Console` on stdout in Lambda) and names the service in its log data, both
 * set at construction; this replaces them (fields Powertools keeps private in its types: the tests that read the
 * log file fail if a Powertools upgrade moves them). An unknown `output.level` is WARN, and says so in one line.
 */
export function setLogOutput(output: LogOutput): void {
  const lines = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) output.to(line);
      done();
    },
  });
  const out = new Console({ stdout: lines, stderr: lines });
  // As Powertools does: TRACE lines are plain lines, not stack traces.
  out.trace = out.log;
  const internals = log as unknown as { console: Console; powertoolsLogData: { serviceName?: string } };
  internals.console = out;
  internals.powertoolsLogData.serviceName = 'attain-local';
  // Powertools throws on a level it does not know (`LOG_LEVEL=verbose npm start` would not start): WARN, said once.
  const level = knownLevel(output.level);
  log.setLogLevel(level ?? 'WARN');
  if (!level)
    log.warn(
      `Unknown log level "${output.level}" (LOG_LEVEL or POWERTOOLS_LOG_LEVEL): showing WARN and above; ` +
        `use one of ${Object.keys(LogLevelThreshold).join(', ')}`,
    );
}

/**
 * The local console's default: readable lines (`readableLogLine`) at the level of `POWERTOOLS_LOG_LEVEL` or
 * `LOG_LEVEL`, else WARN (problems only; `LOG_LEVEL=INFO npm start` adds a line per API request). A level Powertools
 * does not know is WARN, with one warning line (`setLogOutput`).
 */
export const consoleLogOutput = (): LogOutput => ({
  to: (line) => console.log(readableLogLine(line)),
  level: process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || 'WARN',
});

/** The keys `readableLogLine` shows in its own way, or not at all. */
const SHOWN = new Set(['level', 'message', 'timestamp', 'service', 'sampling_rate', 'error']);

/**
 * One of the logger's JSON lines as a person reads it in a terminal: `12:01:02 WARN message  key=value ...`, the
 * error's stack below it; a line that is not JSON as it is.
 */
export function readableLogLine(line: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = typeof o.timestamp === 'string' ? o.timestamp.slice(11, 19) : '';
  const keys = Object.entries(o)
    .filter(([k, v]) => !SHOWN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const error = o.error as { stack?: string; message?: string } | string | undefined;
  const detail = typeof error === 'string' ? error : (error?.stack ?? error?.message);
  return [`${time} ${String(o.level ?? '')} ${String(o.message ?? '')}  ${keys.join(' ')}`.trimEnd(), detail ? `  ${detail}` : '']
    .filter(Boolean)
    .join('\n');
}

/**
 * Runs one invocation of a worker the local stack stands in for (an S3 or SNS event, a queued mail) as Lambda would:
 * its lines carry a `request_id` of its own (handed to `invoke` as the Lambda context's `awsRequestId`), and a failure
 * is one error line saying `what` failed, as Lambda's runtime reports a failed invocation, not an unhandled rejection.
 */
export async function localInvocation(what: string, invoke: (context: { awsRequestId: string }) => Promise<unknown>): Promise<void> {
  const awsRequestId = randomUUID();
  await withLogScope({ request_id: awsRequestId }, async () => {
    try {
      await invoke({ awsRequestId });
    } catch (e) {
      log.error(`${what} failed`, { error: e });
    }
  });
}
