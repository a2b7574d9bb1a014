import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { type LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';

/**
 * What every log line of one request or invocation carries: `request_id` (API Gateway's request id for the API,
 * quoted in a 500's body and the `x-request-id` header; Lambda's `awsRequestId` for the authorizer's and the workers'
 * own invocations) and `campus`, the campus id the caller works in once it is known (absent before sign-in and for
 * public routes). Never a person's data: no name, e-mail, token or request body (docs/operations.md "Logs").
 */
export interface LogScope {
  request_id: string;
  campus?: string;
}

const scopes = new AsyncLocalStorage<LogScope>();

/**
 * Powertools' Logger with the current `LogScope` (async-local, so requests served at once in one process do not mix)
 * on every line, before the line's own keys.
 */
class ScopedLogger extends Logger {
  protected override createAndPopulateLogItem(level: number, input: LogItemMessage, extra: LogItemExtraInput): LogItem {
    const scope = scopes.getStore();
    // Powertools reads each extra item alike (an object's keys, an Error as `error`), whatever the tuple type says.
    return super.createAndPopulateLogItem(level, input, scope ? ([scope, ...extra] as LogItemExtraInput) : extra);
  }
}

/**
 * The one logger of every Lambda (Powertools for AWS Lambda, `@aws-lambda-powertools/logger`, from AWS's Powertools
 * layer in the cloud): one JSON object per line with `level`, `message`, `timestamp`, `service` (Powertools reads
 * `POWERTOOLS_SERVICE_NAME`, which the stack sets to each function's name; `attain-local` on this machine,
 * functions/src/local/log-output.ts), `xray_trace_id` when traced, the current `LogScope` and the call's own keys.
 * Level from `POWERTOOLS_LOG_LEVEL` (or Lambda's log level), INFO by default. An error is logged as `{ name, message,
 * stack }`, none of its other keys. Usage: `log.warn(message, { key: value })`, `log.error(message, { error })`.
 * Never a person's data in a message or a key (docs/operations.md "Logs").
 */
export const log: Logger = new ScopedLogger({
  // An error, wherever it is in a line, is its name, message and stack only. Powertools' own `formatError` copies every
  // enumerable key, and the AWS SDK's errors carry `$metadata`, `$response` and, for a refused transaction,
  // `CancellationReasons`, whose items (`ReturnValuesOnConditionCheckFailure`) are whole records: personal data.
  jsonReplacerFn: (_key, value) => (value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value),
});

/**
 * Runs `fn` with `scope` on every line it (and whatever it awaits) logs; the scope ends with it. `scope` is kept as
 * given (`setLogCampus` changes it): pass a new object.
 * @returns what `fn` returns
 */
export const withLogScope = <T>(scope: LogScope, fn: () => T): T => scopes.run(scope, fn);

/** Sets (or, with undefined, removes) the current scope's `campus`; outside a scope it does nothing. */
export function setLogCampus(campus: string | undefined): void {
  const scope = scopes.getStore();
  if (scope) scope.campus = campus;
}

/**
 * A Lambda handler whose every line carries the invocation's `request_id` (`context.awsRequestId`; a new UUID when
 * called without a context, as the local stack calls the workers) for the duration of each invocation.
 */
export const loggedHandler =
  <E, R, C extends { awsRequestId?: string }>(handler: (event: E, context?: C) => Promise<R>) =>
  (event: E, context?: C): Promise<R> =>
    withLogScope({ request_id: context?.awsRequestId ?? randomUUID() }, () => handler(event, context));
