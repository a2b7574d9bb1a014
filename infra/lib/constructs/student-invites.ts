import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { grantRecordsAccess } from '../audit-guard.js';
import { handlerEntry } from '../bundling.js';
import { workQueue } from '../work-queue.js';

export interface StudentInvitesProps {
  /** Rosters, logins, invitations and the runs. */
  table: dynamodb.ITableV2;
  /** The Lambdas that start invitation runs (the `auth` domain's Student Accounts). */
  starters: readonly lambda.Function[];
  /** Environment of every function. */
  environment: Record<string, string>;
}

/**
 * Student invitation runs as a background job (docs/decisions/0058): `POST /api/auth/student-accounts` writes a run and
 * queues it; the `student-invites` worker reads the roster, writes each chosen student's link and queues their one mail
 * (so the worker is one of the bulk-mail queue's senders). A failed run is retried 3 times (it resumes where its writes
 * stopped, mailing nobody twice), then kept 14 days in the dead-letter queue; the run then reads as stopped, and
 * inviting again is safe.
 */
export class StudentInvites extends Construct {
  readonly queue: sqs.Queue;
  /** Where a run goes after its last failed try (alarmed on by `Operations`). */
  readonly deadLetters: sqs.Queue;
  readonly worker: AttainFunction;

  constructor(scope: Construct, id: string, props: StudentInvitesProps) {
    super(scope, id);
    const timeout = Duration.minutes(15);
    // Six times the worker's timeout, as AWS advises for a Lambda event source.
    ({ queue: this.queue, deadLetters: this.deadLetters } = workQueue(this, {
      what: 'student invitations queue',
      visibilityTimeout: Duration.minutes(90),
      maxReceiveCount: 4,
    }));
    this.worker = new AttainFunction(this, 'Worker', {
      entry: handlerEntry('student-invites'),
      environment: props.environment,
      memorySize: 1024,
      timeout,
    });
    this.worker.addEventSource(new sources.SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    grantRecordsAccess(this.worker, props.table);
    for (const starter of props.starters) {
      this.queue.grantSendMessages(starter);
      starter.addEnvironment('STUDENT_INVITES_QUEUE_URL', this.queue.queueUrl);
    }
  }
}
