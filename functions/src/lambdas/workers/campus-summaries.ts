import { parse } from '@aws-lambda-powertools/parser';
import { computeSummary } from '../../features/group/summary-compute.js';
import { SummaryRequestSchema } from '../../features/group/summary-shapes.js';
import { log, loggedHandler, setLogCampus } from '../../platform/lib/log.js';

/**
 * The campus summaries Lambda: the group Lambda invokes it (RequestResponse) when a campus's stored summary is no
 * longer current, with a `SummaryRequest` (checked by the Powertools parser against `SummaryRequestSchema`), and gets
 * the summary back (`computeSummary`; the group Lambda stores it). Nothing else invokes it. Like any read of a
 * program's results, it computes and stores a course's results it finds stale. Its log lines carry the invocation's
 * `request_id` and the request's `campus`.
 * @throws Error for an event that is not a request, or when the computation fails (the invoker answers 500)
 */
export const handler = loggedHandler(async (event: unknown): Promise<unknown> => {
  const req = parse(event, undefined, SummaryRequestSchema, true);
  if (!req.success) {
    log.warn('campus-summaries: refused an event that is not a summary request');
    throw new Error('Not a summary request');
  }
  setLogCampus(req.data.scope.campus);
  return computeSummary(req.data);
});
