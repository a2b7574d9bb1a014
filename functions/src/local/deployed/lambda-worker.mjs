// One Lambda function of the deployed-shape run, in its own worker thread: the thread's `process.env` is the function's
// environment as the template sets it (worker_threads `env`), its bundle is imported once (a cold start), and each
// invocation is run by lambda-local (the Lambda context, the timeout). Every AWS SDK call the bundle makes is told to
// the run (`call` messages) from the SDK's own command resolution, before the request is sent, for the permissions
// check (docs/deployed-shape.md). Plain JavaScript: a worker thread runs what Node runs.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { Command } from '@smithy/core/client';
import lambdaLocal from 'lambda-local';

const { bundle, exportName, timeoutMs } = workerData;

const resolve = Command.prototype.resolveMiddlewareWithContext;
Command.prototype.resolveMiddlewareWithContext = function (clientStack, configuration, options, ctx) {
  parentPort.postMessage({ type: 'call', client: ctx.clientName, command: ctx.commandName, input: plain(this.input) });
  return resolve.call(this, clientStack, configuration, options, ctx);
};

/** The request's fields the permissions check reads (names, keys): small values only, no bodies. */
function plain(input) {
  const out = {};
  for (const [k, v] of Object.entries(input ?? {})) {
    if (typeof v === 'string' && v.length <= 2048) out[k] = v;
    else if (k === 'Key' || k === 'Item' || k === 'RequestItems' || k === 'TransactItems') out[k] = keysOnly(v);
  }
  return out;
}

/**
 * A DynamoDB request's items reduced to what the check reads: their partition keys (`PK`, the table's key name,
 * marshalled or not) and the table and index names of transaction entries.
 */
function keysOnly(v) {
  if (Array.isArray(v)) return v.map(keysOnly);
  if (v && typeof v === 'object') {
    if ('PK' in v) return { PK: typeof v.PK === 'object' && v.PK ? v.PK.S : v.PK };
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, (k === 'TableName' || k === 'IndexName') && typeof x === 'string' ? x : keysOnly(x)]),
    );
  }
  return undefined;
}

// lambda-local's own START/END lines are not wanted; the function's own output passes (verbose level 3 mutes nothing).
lambdaLocal.setLogger({ log() {}, transports: [] });
const mod = await import(pathToFileURL(bundle).href);

parentPort.on('message', async ({ id, event }) => {
  try {
    const value = await lambdaLocal.execute({ event, lambdaFunc: mod, lambdaHandler: exportName, timeoutMs, verboseLevel: 3 });
    parentPort.postMessage({ type: 'result', id, ok: true, value });
  } catch (e) {
    parentPort.postMessage({ type: 'result', id, ok: false, error: describe(e) });
  }
});
parentPort.postMessage({ type: 'ready' });

/** A failed invocation in one line: an Error's name and message, or Lambda's `errorType: errorMessage` object. */
function describe(e) {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  if (e && typeof e === 'object') return `${e.errorType ?? e.name ?? 'Error'}: ${e.errorMessage ?? e.message ?? JSON.stringify(e)}`;
  return String(e);
}
