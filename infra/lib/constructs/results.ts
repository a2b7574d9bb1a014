import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { grantRecordsAccess } from '../audit-guard.js';
import { handlerEntry } from '../bundling.js';
import { workQueue } from '../work-queue.js';

export interface ResultsProps {
  /** Marks, papers, matrices and the stored results. */
  table: dynamodb.ITableV2;
  /** The Lambdas that write inputs of course attainment (and so queue recomputations). */
  writers: readonly lambda.Function[];
  /** Environment of every function. */
  environment: Record<string, string>;
}

/**
 * Results computed on write (docs/decisions/0036-results-on-write.md): a write of a course's inputs queues the course
 * (or, for a method change, the program) on the results queue; the `course-results` worker computes it again and stores
 * it. A failed job is retried 3 times, then kept 14 days in the dead-letter queue; meanwhile the next read of the
 * program computes the course itself.
 */
export class Results extends Construct {
  readonly queue: sqs.Queue;
  /** Where a job goes after its last failed try (alarmed on by `Operations`). */
  readonly deadLetters: sqs.Queue;
  readonly worker: AttainFunction;

  constructor(scope: Construct, id: string, props: ResultsProps) {
    super(scope, id);
    const { table } = props;
    const timeout = Duration.minutes(2);
    // Six times the worker's timeout, as AWS advises for a Lambda event source.
    ({ queue: this.queue, deadLetters: this.deadLetters } = workQueue(this, {
      what: 'results queue',
      visibilityTimeout: Duration.minutes(12),
      maxReceiveCount: 4,
    }));
    this.worker = new AttainFunction(this, 'Worker', {
      entry: handlerEntry('course-results'),
      environment: props.environment,
      memorySize: 1024,
      timeout,
    });
    this.worker.addEventSource(new sources.SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }));
    grantRecordsAccess(this.worker, table);
    // A program's job (a method change) queues one job per course of the program (`runResultsJob`).
    for (const writer of [this.worker, ...props.writers]) {
      this.queue.grantSendMessages(writer);
      writer.addEnvironment('RESULTS_QUEUE_URL', this.queue.queueUrl);
    }
  }
}
