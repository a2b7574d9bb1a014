import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { parse } from '@aws-lambda-powertools/parser';
import { errorMessage } from '@attain/shared-types';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { log, loggedHandler, setLogCampus } from '../../platform/lib/log.js';

/**
 * An SQS worker Lambda's handler over Powertools' `BatchProcessor`: each record's JSON body is checked against
 * `schema` (the Powertools parser, a Standard Schema such as `zod/mini`) and handed to `run`, one record after the
 * other. A body that is not a job is dropped with a log line (retrying cannot help); a job that throws is logged and
 * reported in `batchItemFailures`, so SQS redelivers only that one and the others are not run twice. A batch whose
 * every record failed is reported the same way (not thrown). Every log line carries the invocation's `request_id`
 * and, while a job runs, its `campus` (`loggedHandler`, `setLogCampus`).
 * @param service the worker's name at the start of its log messages
 * @param describe how a log line names a job (ids only: never an address or a name)
 */
export function sqsJobHandler<J extends { campus: string }>(opts: {
  service: string;
  schema: StandardSchemaV1<unknown, J>;
  run: (job: J) => Promise<unknown>;
  describe: (job: J) => string;
}): (event: Partial<SQSEvent>, context?: Context) => Promise<SQSBatchResponse> {
  const one = async (rec: SQSRecord): Promise<void> => {
    setLogCampus(undefined);
    let body: unknown;
    try {
      body = JSON.parse(rec.body);
    } catch {
      body = undefined;
    }
    const job = parse(body, undefined, opts.schema, true);
    if (!job.success) {
      log.warn(`${opts.service}: dropped a message that is not a job`, { messageId: rec.messageId });
      return;
    }
    setLogCampus(job.data.campus);
    try {
      await opts.run(job.data);
    } catch (e) {
      log.error(`${opts.service}: ${opts.describe(job.data)} stopped`, e instanceof Error ? e : new Error(errorMessage(e)));
      throw e;
    }
  };
  return loggedHandler(async (event: Partial<SQSEvent>, context?: Context) => {
    if (!event.Records?.length) return { batchItemFailures: [] };
    return processPartialResponse(event as SQSEvent, one, new BatchProcessor(EventType.SQS), {
      context,
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  });
}
