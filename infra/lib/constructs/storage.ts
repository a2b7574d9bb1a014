import { TABLE } from '@attain/shared-types';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { keepLogicalId } from '../nag.js';

/** Props of a private bucket: encrypted, versioned, TLS only, no public access, logging into `logBucket` under `prefix`. */
export const privateBucketProps = (logBucket: s3.IBucket, prefix: string): s3.BucketProps => ({
  encryption: s3.BucketEncryption.S3_MANAGED,
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  versioned: true,
  serverAccessLogsBucket: logBucket,
  serverAccessLogsPrefix: prefix,
  removalPolicy: RemovalPolicy.RETAIN,
});

/**
 * Stored data (docs/design.md "Storage", "Files and mail"): the single DynamoDB table built from `TABLE` in shared-types
 * (PITR, deletion protection, retained), the files bucket (photos, attachments, `imports/`; browsers upload to it
 * through presigned POST, hence its CORS rule) and the access-log bucket every other bucket and CloudFront log into.
 * No props.
 */
export interface StorageProps {
  /**
   * The name of a table restored from point-in-time recovery to serve instead of the stack's own (context
   * `restoredTableName`, docs/restore.md). The stack's own table then leaves the template and is kept (RETAIN), and
   * every function is given the restored one.
   */
  restoredTableName?: string;
}

export class Storage extends Construct {
  readonly table: dynamodb.ITableV2;
  readonly filesBucket: s3.Bucket;
  /** Server access logs of the buckets and CloudFront's logs (prefixes `files/`, `site/`, `cdn/`). */
  readonly logBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageProps = {}) {
    super(scope, id);

    if (props.restoredTableName)
      this.table = dynamodb.TableV2.fromTableAttributes(this, 'Table', { tableName: props.restoredTableName, grantIndexPermissions: true });
    else this.table = this.ownTable();

    this.logBucket = new s3.Bucket(this, 'AccessLogs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    keepLogicalId(this.logBucket, 'AccessLogs8B620ECA');
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions::AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    this.filesBucket = new s3.Bucket(this, 'Files', {
      ...privateBucketProps(this.logBucket, 'files/'),
      cors: [
        {
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.POST, s3.HttpMethods.PUT],
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
    });
    keepLogicalId(this.filesBucket, 'Files8E6940B8');
  }

  /** The stack's own table: the shared definition's keys and indexes, on demand, PITR, deletion protection, kept. */
  private ownTable(): dynamodb.TableV2 {
    const table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      globalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: g.sortKey, type: dynamodb.AttributeType.STRING },
      })),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    keepLogicalId(table, 'TableCD117FA1');
    return table;
  }
}
