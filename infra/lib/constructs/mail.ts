import { Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sources from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { handlerEntry } from '../bundling.js';
import { workQueue } from '../work-queue.js';
import { arnWildcardFinding } from '../nag.js';

export interface MailProps {
  /** Mails, recipients and receipts. */
  table: dynamodb.ITableV2;
  /** Attachments are read from its `files/` prefix. */
  filesBucket: s3.IBucket;
  /** The API Lambdas that queue mail (Send Mail; Add User's invitation). */
  senders: readonly lambda.Function[];
  /** Environment of every function. */
  environment: Record<string, string>;
  /** The sender address of campuses that set none (an identity verified in SES); context `mailFrom`. */
  mailFrom: string;
}

/**
 * Mail (docs/design.md "Files and mail"):
 * - the SES configuration set every message names; its Send, Delivery, Bounce, Complaint, Reject, DeliveryDelay, Open
 *   and Click events go to an SNS topic and from it to the `Receipts` Lambda, which records each recipient's status;
 * - the bulk-mail queue (SQS, with a dead-letter queue) that the API Lambdas put a mail on, and the `Sender` worker
 *   that sends it at SES's rate: reserved concurrency 1 keeps the whole account within `MaxSendRate`.
 */
export class Mail extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly receipts: AttainFunction;
  readonly sender: AttainFunction;
  readonly queue: sqs.Queue;
  /** Where a job goes after its last failed try (alarmed on by `Operations`). */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const events = new sns.Topic(this, 'Events', { enforceSSL: true, masterKey: undefined });
    Validations.of(events).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'The topic carries SES delivery events (addresses and status, no message bodies); SSE with the AWS-managed key would block SES from publishing.',
    });
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigSet', { reputationMetrics: true, sendingEnabled: true });
    this.configurationSet.addEventDestination('ToReceipts', {
      destination: ses.EventDestination.snsTopic(events),
      events: [
        ses.EmailSendingEvent.SEND,
        ses.EmailSendingEvent.DELIVERY,
        ses.EmailSendingEvent.BOUNCE,
        ses.EmailSendingEvent.COMPLAINT,
        ses.EmailSendingEvent.REJECT,
        ses.EmailSendingEvent.DELIVERY_DELAY,
        ses.EmailSendingEvent.OPEN,
        ses.EmailSendingEvent.CLICK,
      ],
    });
    const tableIndexFinding = arnWildcardFinding(props.table, 'index/*');

    this.receipts = new AttainFunction(this, 'Receipts', {
      entry: handlerEntry('mail-receipts'),
      environment: { ...props.environment, MAIL_EVENTS_TOPIC_ARN: events.topicArn },
    });
    props.table.grantReadWriteData(this.receipts);
    events.addSubscription(new subs.LambdaSubscription(this.receipts));
    Validations.of(this.receipts).acknowledge({
      id: tableIndexFinding,
      reason: "Read/write access includes `<table arn>/index/*`, added by the grant for the table's own GSIs.",
    });

    // Longer than the worker's 15 minutes, so a running job's message is not handed to another worker meanwhile.
    ({ queue: this.queue, deadLetters: this.deadLetters } = workQueue(this, {
      what: 'bulk-mail queue',
      visibilityTimeout: Duration.minutes(16),
      maxReceiveCount: 5,
    }));

    const mailEnv = {
      MAIL_QUEUE_URL: this.queue.queueUrl,
      MAIL_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      MAIL_FROM: props.mailFrom,
    };
    this.sender = new AttainFunction(this, 'Sender', {
      entry: handlerEntry('mail-sender'),
      environment: { ...props.environment, ...mailEnv },
      timeout: Duration.minutes(15),
      memorySize: 1024,
    });
    this.sender.addEventSource(new sources.SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true }));
    // One worker in the account at a time: together they never exceed SES's MaxSendRate.
    (this.sender.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = 1;
    props.table.grantReadWriteData(this.sender);
    this.queue.grantSendMessages(this.sender);
    const stack = Stack.of(this);
    const identities = stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
    this.sender.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          identities,
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.configurationSet.configurationSetName }),
        ],
      }),
    );
    this.sender.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
    this.sender.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [props.filesBucket.arnForObjects('files/*')] }),
    );
    Validations.of(this.sender).acknowledge({
      id: tableIndexFinding,
      reason: "Read/write access includes `<table arn>/index/*`, added by the grant for the table's own GSIs.",
    });
    Validations.of(this.sender).acknowledge({
      id: arnWildcardFinding(props.filesBucket, 'files/*'),
      reason: 'Reads the attachments a mail names, uploaded as files/<campus>/<user>/<upload id>: s3:GetObject on that prefix only.',
    });
    Validations.of(this.sender).acknowledge({
      // As cdk-nag prints the ARN: the region (and with it the partition) resolved when the stack names one.
      id: `AwsSolutions::AwsSolutions-IAM5[Resource::${
        Token.isUnresolved(stack.region) ? 'arn:<AWS::Partition>:ses:<AWS::Region>' : `arn:aws:ses:${stack.region}`
      }:<AWS::AccountId>:identity/*]`,
      reason: "Each campus sends from its own verified SES identity (its organization's sender address), unknown when the stack is made.",
    });
    Validations.of(this.sender).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason: 'ses:GetAccount (the account send rate) has no resource to name; IAM requires "*".',
    });

    for (const api of props.senders) {
      this.queue.grantSendMessages(api);
      for (const [k, v] of Object.entries(mailEnv)) api.addEnvironment(k, v);
    }
  }
}
