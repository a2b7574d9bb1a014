import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface OperationsProps {
  /** The dead-letter queues, by what they hold ("results jobs", "bulk mail jobs"). */
  deadLetters: Record<string, sqs.IQueue>;
  api: HttpApi;
  table: dynamodb.ITableV2;
  /** The bulk-mail worker, whose log lines count recipients marked "not sent again" (`markedInDoubt`). */
  mailSender: lambda.Function;
  /** An address subscribed to the alarms topic (context `alarmEmail`); none when empty. */
  alarmEmail: string;
}

/** The namespace of Attain's own metrics (from log lines, by metric filters). */
export const METRIC_NAMESPACE = 'Attain';
/** The share of API requests answered 5xx over 5 minutes (percent) that raises the alarm. */
export const API_5XX_PERCENT = 1;

/**
 * What tells an operator that something is wrong (docs/operations.md): an SNS topic (`Alarms`, an e-mail subscription
 * when `alarmEmail` is set) and alarms on it:
 * - a dead-letter queue with any message (a results or mail job failed all its tries);
 * - more than `API_5XX_PERCENT` of API requests answered 5xx over 5 minutes (at least 20 requests);
 * - any Lambda throttle in the account and region but the mail sender's (its reserved concurrency 1 throttles its
 *   queue's second message by design: the message waits in the queue);
 * - DynamoDB system errors on the table (AWS's side, any operation Attain uses);
 * - mail recipients marked "not sent again" (the mail sender's `markedInDoubt` log lines).
 * Each alarm also says when it is OK again.
 */
export class Operations extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Attain alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subs.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);
    const alarm = (name: string, a: cloudwatch.AlarmProps) => {
      const made = new cloudwatch.Alarm(this, name, { treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING, ...a });
      made.addAlarmAction(notify);
      made.addOkAction(notify);
      return made;
    };

    for (const [what, queue] of Object.entries(props.deadLetters))
      alarm(`DeadLetters${what.replace(/[^A-Za-z]/g, '')}`, {
        alarmDescription: `A ${what} job failed every try and waits in its dead-letter queue (kept 14 days).`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
      });

    const period = Duration.minutes(5);
    alarm('Api5xx', {
      alarmDescription: `More than ${API_5XX_PERCENT}% of API requests were answered 5xx over 5 minutes.`,
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.api.metricServerError({ period, statistic: 'Sum' }),
          requests: props.api.metricCount({ period, statistic: 'Sum' }),
        },
        period,
      }),
      threshold: API_5XX_PERCENT,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    alarm('LambdaThrottles', {
      alarmDescription: 'A Lambda of the account other than the mail sender was throttled (concurrency limit reached).',
      metric: new cloudwatch.MathExpression({
        expression: 'all - FILL(mail, 0)',
        usingMetrics: {
          all: new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period }),
          mail: props.mailSender.metricThrottles({ statistic: 'Sum', period }),
        },
        period,
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    alarm('TableSystemErrors', {
      alarmDescription: 'DynamoDB answered the table with system errors (HTTP 500 on its side).',
      // The operations Attain uses (an alarm's expression takes at most 10 metrics).
      metric: props.table.metricSystemErrorsForOperations({
        period,
        operations: [
          dynamodb.Operation.GET_ITEM,
          dynamodb.Operation.PUT_ITEM,
          dynamodb.Operation.UPDATE_ITEM,
          dynamodb.Operation.DELETE_ITEM,
          dynamodb.Operation.QUERY,
          dynamodb.Operation.BATCH_GET_ITEM,
          dynamodb.Operation.BATCH_WRITE_ITEM,
          dynamodb.Operation.TRANSACT_WRITE_ITEMS,
          dynamodb.Operation.TRANSACT_GET_ITEMS,
        ],
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });

    const inDoubt = new logs.MetricFilter(this, 'MailInDoubtFilter', {
      logGroup: props.mailSender.logGroup,
      filterPattern: logs.FilterPattern.numberValue('$.markedInDoubt', '>', 0),
      metricNamespace: METRIC_NAMESPACE,
      metricName: 'MailRecipientsMarkedInDoubt',
      metricValue: '$.markedInDoubt',
    });
    alarm('MailInDoubt', {
      alarmDescription:
        'Mail recipients a stopped worker left sending were never confirmed by SES and are marked "not sent again" on their mail.',
      metric: inDoubt.metric({ period, statistic: 'Sum' }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
  }
}
