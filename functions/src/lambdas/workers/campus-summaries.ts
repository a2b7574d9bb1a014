import { parse } from '@aws-lambda-powertools/parser';
import * as z from 'zod/mini';
import type { Context, SQSEvent } from 'aws-lambda';
import { computeSummary } from '../../features/group/summary-compute.js';
import { refreshCampusSummaries } from '../../features/group/summary-refresh.js';
import { SummaryRequestSchema } from '../../features/group/summary-shapes.js';
import { log, loggedHandler, setLogCampus } from '../../platform/lib/log.js';
import { sqsJobHandler } from './sqs-jobs.js';

/** A summaries queue message: the campus whose stored summaries to refresh (`SummaryRefreshJob`). */
const RefreshJobSchema = z.object({ campus: z.string().check(z.minLength(1)) });

/** The summaries queue's records: each a campus to refresh (`refreshCampusSummaries`), failures reported per message. */
const refreshes = sqsJobHandler({
  service: 'campus-summaries',
  schema: RefreshJobSchema,
  run: refreshCampusSummaries,
  describe: (job) => `refresh of ${job.campus}`,
});

/** A direct invocation: one summary a reader found missing, computed and answered (`computeSummary`). */
const compute = loggedHandler(async (event: unknown): Promise<unknown> => {
  const req = parse(event, undefined, SummaryRequestSchema, true);
  if (!req.success) {
    log.warn('campus-summaries: refused an event that is not a summary request');
    throw new Error('Not a summary request');
  }
  setLogCampus(req.data.scope.campus);
  return computeSummary(req.data);
});

/**
 * The campus summaries Lambda, with two event sources:
 * - the summaries queue (SQS, `Records`): each message a campus whose stored summaries a change made stale, refreshed
 *   and stored (`refreshCampusSummaries`); a failure is reported per message, so SQS delivers only that one again
 *   (3 times, then the dead-letter queue, which is alarmed);
 * - the group Lambda (RequestResponse): a `SummaryRequest` (checked by the Powertools parser against
 *   `SummaryRequestSchema`) for a summary none is stored of yet, answered with the summary (the group Lambda stores it).
 * Like any read of a program's results, a computation stores a course's results it finds stale. Its log lines carry the
 * invocation's `request_id` and the campus.
 * @throws Error for an invocation that is not a request, or when the computation fails (the invoker answers 500)
 */
export const handler = (event: unknown, context?: Context): Promise<unknown> =>
  isQueueEvent(event) ? refreshes(event, context) : compute(event, context);

/** Whether an invocation is the summaries queue's (records, each checked by `sqsJobHandler`) rather than a request. */
const isQueueEvent = (event: unknown): event is Partial<SQSEvent> =>
  typeof event === 'object' && event !== null && 'Records' in event && Array.isArray(event.Records);
