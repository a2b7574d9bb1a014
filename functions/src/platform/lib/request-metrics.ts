import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request counters, kept in async-local storage so concurrent requests do not mix. */
interface Metrics {
  /** DynamoDB API calls made while serving the request. */
  dynamoCalls: number;
}

const store = new AsyncLocalStorage<Metrics>();

/** Runs `fn` with fresh counters; returns its result and the counters. */
export async function withMetrics<T>(fn: () => Promise<T>): Promise<{ result: T; metrics: Metrics }> {
  const metrics: Metrics = { dynamoCalls: 0 };
  const result = await store.run(metrics, fn);
  return { result, metrics };
}

/** Counts one DynamoDB call against the current request (no-op outside a request). */
export function countDynamoCall(): void {
  const m = store.getStore();
  if (m) m.dynamoCalls += 1;
}
