import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { denyAuditEdits } from '../audit-guard.js';
import { handlerEntry } from '../bundling.js';
import { BASIC_EXECUTION_FINDING, arnWildcardFinding } from '../nag.js';

export interface MarksImportProps {
  table: dynamodb.ITableV2;
  /** Holds the uploads under `imports/`. */
  filesBucket: s3.Bucket;
  /** The API Lambda that signs presigned uploads of import files (the attainment domain), if there is one. */
  uploader?: lambda.IFunction;
  /** Environment of every function. */
  environment: Record<string, string>;
}

/**
 * Large marks files (docs/decisions/0017-attainment.md): the browser uploads to `imports/<campus>/marks/<occasion>/<job>.csv`
 * through a URL the `uploader` signs (s3:PutObject on `imports/*` only); S3's ObjectCreated event runs the
 * `MarksImport` worker (15 min, 1 GB), which reads the file and writes the marks, never through one 30 s API request.
 */
export class MarksImport extends Construct {
  readonly worker: AttainFunction;

  constructor(scope: Construct, id: string, props: MarksImportProps) {
    super(scope, id);
    const { table, filesBucket, uploader } = props;
    const importObjects = filesBucket.arnForObjects('imports/*');
    const importsFinding = arnWildcardFinding(filesBucket, 'imports/*');

    if (uploader) {
      uploader.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [importObjects] }));
      Validations.of(uploader).acknowledge({
        id: importsFinding,
        reason:
          'Signs presigned uploads of import files, named imports/<campus>/marks/<occasion>/<job>.csv per upload: s3:PutObject on that prefix only.',
      });
    }

    this.worker = new AttainFunction(this, 'Worker', {
      entry: handlerEntry('marks-import'),
      environment: props.environment,
      memorySize: 1024,
      timeout: Duration.minutes(15),
    });
    table.grantReadWriteData(this.worker);
    this.worker.addToRolePolicy(denyAuditEdits(table));
    // It reads the uploaded file, and deletes a file it refuses (not CSV text, too large): found by the deployed-shape
    // run's permissions check (docs/deployed-shape.md), where the deletion failed quietly for want of this grant.
    this.worker.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [importObjects] }));
    filesBucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.worker), {
      prefix: 'imports/',
      suffix: '.csv',
    });
    Validations.of(this.worker).acknowledge({
      id: arnWildcardFinding(table, 'index/*'),
      reason: "The only table wildcard is `<table arn>/index/*`, added by the grant for the table's own GSIs.",
    });
    Validations.of(this.worker).acknowledge({
      id: importsFinding,
      reason:
        'Reads the uploaded import files, named imports/<campus>/marks/<occasion>/<job>.csv per upload, and deletes one it refuses: ' +
        's3:GetObject and s3:DeleteObject on that prefix only.',
    });
    // The bucket-notification handler is a CDK-managed singleton at stack level.
    for (const child of Stack.of(this).node.children.filter((c) => c.node.id.startsWith('BucketNotificationsHandler'))) {
      Validations.of(child).acknowledge({
        id: BASIC_EXECUTION_FINDING,
        reason:
          "CDK-managed handler that configures the files bucket's S3 notification: AWSLambdaBasicExecutionRole only writes its own logs.",
      });
    }
  }
}
