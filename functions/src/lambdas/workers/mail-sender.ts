import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { Logger } from '@aws-lambda-powertools/logger';
import { parse } from '@aws-lambda-powertools/parser';
import { RECORD_ID } from '@attain/shared-types';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { runMailJob } from '../../features/mail/mail-worker.js';

/** Structured JSON log lines (Powertools Logger), one per dropped or stopped job. */
const logger = new Logger({ serviceName: 'mail-sender' });

/**
 * A queued job as the queue carries it (`queueMailJob` writes it): the campus and the mail, both record ids. Other
 * keys are kept. A Standard Schema (`zod/mini`), which the Powertools parser validates without the full zod.
 */
const MAIL_JOB = z.looseObject({ campus: z.string().check(z.regex(RECORD_ID)), mail: z.string().check(z.regex(RECORD_ID)) });

/** One SQS record: its job sent (`runMailJob`), or dropped with a log line when the body is not a job. @throws to retry */
async function sendOne(rec: SQSRecord): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(rec.body);
  } catch {
    body = undefined;
  }
  const job = parse(body, undefined, MAIL_JOB, true);
  if (!job.success) {
    // Not a job: retrying cannot help, so it is not reported as a failure.
    logger.warn('mail-sender: dropped a message that is not a mail job', { messageId: rec.messageId });
    return;
  }
  try {
    await runMailJob(job.data, { budgetMs: 13 * 60_000 });
  } catch (e) {
    logger.error(`mail-sender: mail ${job.data.mail} of ${job.data.campus} stopped`, e as Error);
    throw e;
  }
}

/**
 * The bulk-mail worker Lambda: each SQS message names one mail (`{ campus, mail }`); the worker sends it
 * at SES's rate (`runMailJob`), stopping after 13 minutes of its 15 and queueing the rest as a new message. Reserved
 * concurrency 1 in the stack keeps the whole account under SES's `MaxSendRate`. Records are processed one after the
 * other by Powertools' `BatchProcessor`: a message that is not a job is dropped with a log line; a failure is
 * reported per message (`batchItemFailures`), so SQS redelivers only that one and the others are not sent twice.
 * A batch whose every message failed is reported the same way (not thrown), as before.
 */
export async function handler(event: Partial<SQSEvent>, context?: Context): Promise<SQSBatchResponse> {
  if (!event.Records?.length) return { batchItemFailures: [] };
  return processPartialResponse(event as SQSEvent, sendOne, new BatchProcessor(EventType.SQS), {
    context,
    processInParallel: false,
    throwOnFullBatchFailure: false,
  });
}
