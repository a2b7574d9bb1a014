import { Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subs from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { handlerEntry } from '../bundling.js';
import { arnWildcardFinding } from '../nag.js';

export interface MailProps {
  /** Where the receipts Lambda records each recipient's delivery status. */
  table: dynamodb.ITableV2;
  /** Environment of every function. */
  environment: Record<string, string>;
}

/**
 * Mail receipts (DESIGN.md "Files and mail"): the SES configuration set the senders name, whose send, delivery,
 * bounce, complaint, reject and delay events go to an SNS topic and from it to the `MailReceipts` Lambda, which writes
 * per-recipient status (write-only access to the table).
 */
export class Mail extends Construct {
  readonly configurationSet: ses.ConfigurationSet;
  readonly receipts: AttainFunction;

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
      ],
    });

    this.receipts = new AttainFunction(this, 'Receipts', { entry: handlerEntry('mail-receipts'), environment: props.environment });
    props.table.grantWriteData(this.receipts);
    events.addSubscription(new subs.LambdaSubscription(this.receipts));
    Validations.of(this.receipts).acknowledge({
      id: arnWildcardFinding(props.table, 'index/*'),
      reason: "Write access includes `<table arn>/index/*`, added by the grant for the table's own GSIs.",
    });
  }
}
