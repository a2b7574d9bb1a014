import { Duration, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** A worker's SQS queue and the dead-letter queue its failed messages go to. */
export interface WorkQueue {
  queue: sqs.Queue;
  /** Where a message goes after its last failed receive, kept 14 days (`Operations` alarms on it). */
  deadLetters: sqs.Queue;
}

/**
 * A work queue of a worker Lambda (`Queue`) with its dead-letter queue (`QueueFailures`), both TLS-only: the results,
 * bulk-mail and summaries queues.
 * @param what the queue's name in people words, for cdk-nag's acknowledgement of the dead-letter queue
 * @param visibilityTimeout at least the worker's timeout (AWS advises six times it for a Lambda event source)
 * @param maxReceiveCount receives of a message before it goes to the dead-letter queue
 */
export function workQueue(scope: Construct, opts: { what: string; visibilityTimeout: Duration; maxReceiveCount: number }): WorkQueue {
  const deadLetters = new sqs.Queue(scope, 'QueueFailures', { enforceSSL: true, retentionPeriod: Duration.days(14) });
  Validations.of(deadLetters).acknowledge({
    id: 'AwsSolutions::AwsSolutions-SQS3',
    reason: `This is the dead-letter queue of the ${opts.what}.`,
  });
  const queue = new sqs.Queue(scope, 'Queue', {
    enforceSSL: true,
    visibilityTimeout: opts.visibilityTimeout,
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: opts.maxReceiveCount },
  });
  return { queue, deadLetters };
}
