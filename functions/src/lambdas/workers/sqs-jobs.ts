import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { Logger } from '@aws-lambda-powertools/logger';
import { parse } from '@aws-lambda-powertools/parser';
import { errorMessage } from '@attain/shared-types';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/**
 * An SQS worker Lambda's handler over Powertools' `BatchProcessor`: each record's JSON body is checked against
 * `schema` (the Powertools parser, a Standard Schema such as `zod/mini`) and handed to `run`, one record after the
 * other. A body that is not a job is dropped with a log line (retrying cannot help); a job that throws is logged and
 * reported in `batchItemFailures`, so SQS redelivers only that one and the others are not run twice. A batch whose
 * every record failed is reported the same way (not thrown).
 * @param service the worker's name in its log lines (Powertools Logger)
 * @param describe how a log line names a job
 */
export function sqsJobHandler<J>(opts: {
  service: string;
  schema: StandardSchemaV1<unknown, J>;
  run: (job: J) => Promise<unknown>;
  describe: (job: J) => string;
}): (event: Partial<SQSEvent>, context?: Context) => Promise<SQSBatchResponse> {
  const logger = new Logger({ serviceName: opts.service });
  const one = async (rec: SQSRecord): Promise<void> => {
    let body: unknown;
    try {
      body = JSON.parse(rec.body);
    } catch {
      body = undefined;
    }
    const job = parse(body, undefined, opts.schema, true);
    if (!job.success) {
      logger.warn(`${opts.service}: dropped a message that is not a job`, { messageId: rec.messageId });
      return;
    }
    try {
      await opts.run(job.data);
    } catch (e) {
      logger.error(`${opts.service}: ${opts.describe(job.data)} stopped`, e instanceof Error ? e : new Error(errorMessage(e)));
      throw e;
    }
  };
  return async (event, context) => {
    if (!event.Records?.length) return { batchItemFailures: [] };
    return processPartialResponse(event as SQSEvent, one, new BatchProcessor(EventType.SQS), {
      context,
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  };
}
