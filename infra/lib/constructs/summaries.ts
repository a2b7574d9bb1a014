import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { grantRecordsAccess } from '../audit-guard.js';
import { handlerEntry } from '../bundling.js';
import { logicalIdOf } from '../nag.js';

export interface SummariesProps {
  /** The campuses' records, stored results and summaries. */
  table: dynamodb.ITableV2;
  /** The Lambdas that read the summaries (the group's): they invoke the summaries Lambda and learn its name. */
  readers: readonly lambda.Function[];
  /** Environment of every function. */
  environment: Record<string, string>;
}

/**
 * The campus summaries Lambda (`functions/src/lambdas/workers/campus-summaries.ts`,
 * docs/decisions/0043-lambdas-split-by-what-they-carry.md): it computes a campus's group summary when the group
 * Lambda finds the stored one stale, so only it carries the attainment, survey and SAR services. Its readers get its
 * name in `SUMMARIES_FUNCTION` and the right to invoke it, nothing else.
 */
export class Summaries extends Construct {
  readonly worker: AttainFunction;

  constructor(scope: Construct, id: string, props: SummariesProps) {
    super(scope, id);
    const { table } = props;
    this.worker = new AttainFunction(this, 'Worker', {
      entry: handlerEntry('campus-summaries'),
      environment: props.environment,
      memorySize: 1024,
      // Within API Gateway's 30 s: the reader waits for the answer.
      timeout: Duration.seconds(28),
    });
    // Read/write: computing a program's summary stores the course results it finds stale, as any program read does.
    grantRecordsAccess(this.worker, table);
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
