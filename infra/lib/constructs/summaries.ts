import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { grantRecordsAccess } from '../audit-guard.js';
import { handlerEntry } from '../bundling.js';
import { workQueue } from '../work-queue.js';
import { logicalIdOf } from '../nag.js';

export interface SummariesProps {
  /** The campuses' records, stored results and summaries. */
  table: dynamodb.ITableV2;
  /** The Lambdas that read the summaries (the group's): they invoke the summaries Lambda and learn its name. */
  readers: readonly lambda.Function[];
  /**
   * The Lambdas that write what the summaries count (every function with the records store: `noteCampusChange` stamps
   * the campus and queues its refresh): they learn the summaries queue's URL and may send to it.
   */
  writers: readonly lambda.Function[];
  /** Environment of every function. */
  environment: Record<string, string>;
}

/**
 * The campus summaries Lambda (`functions/src/lambdas/workers/campus-summaries.ts`,
 * docs/decisions/0043-lambdas-split-by-what-they-carry.md, 0051-campus-summaries-refreshed-on-write.md), the only one
 * that carries the attainment, survey and SAR services the summaries are computed by:
 * - it reads the summaries queue: a change of what a campus's summaries count queues the campus (one message per
 *   refresh, a few seconds after the change), and the worker recomputes and stores every summary the campus has;
 *   a failed refresh is retried 3 times, then kept 14 days in the dead-letter queue (alarmed by `Operations`);
 * - the group Lambda invokes it (RequestResponse) for a summary none is stored of yet. Its readers get its name in
 *   `SUMMARIES_FUNCTION` and the right to invoke it, nothing else.
 */
export class Summaries extends Construct {
  readonly worker: AttainFunction;
  readonly queue: sqs.Queue;
  /** Where a refresh goes after its last failed try (alarmed on by `Operations`). */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: SummariesProps) {
    super(scope, id);
    const { table } = props;
    this.worker = new AttainFunction(this, 'Worker', {
      entry: handlerEntry('campus-summaries'),
      environment: props.environment,
      memorySize: 1024,
      // A refresh from the queue recomputes every summary a campus has, one after the other; a read that invokes it
      // for a summary none is stored of is cut at API Gateway's 30 s anyway.
      timeout: Duration.minutes(2),
    });
    // Read/write: computing a program's summary stores the course results it finds stale, as any program read does.
    grantRecordsAccess(this.worker, table);
    // Six times the worker's timeout, as AWS advises for a Lambda event source.
    ({ queue: this.queue, deadLetters: this.deadLetters } = workQueue(this, {
      what: 'summaries queue',
      visibilityTimeout: Duration.minutes(12),
      maxReceiveCount: 4,
    }));
    // One campus per invocation: a refresh is a campus's whole set of summaries.
    this.worker.addEventSource(new sources.SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    // The worker itself writes: a refresh that stores a course's stale results stamps the campus again.
    for (const writer of [this.worker, ...props.writers]) {
      this.queue.grantSendMessages(writer);
      writer.addEnvironment('SUMMARIES_QUEUE_URL', this.queue.queueUrl);
    }
    for (const reader of props.readers) {
      this.worker.grantInvoke(reader);
      Validations.of(reader).acknowledge({
        id: `AwsSolutions::AwsSolutions-IAM5[Resource::<${logicalIdOf(this.worker)}.Arn>:*]`,
        reason: 'The only wildcard is `<summaries function arn>:*` (its versions and aliases), which the invoke grant adds.',
      });
      reader.addEnvironment('SUMMARIES_FUNCTION', this.worker.functionName);
    }
  }
}
