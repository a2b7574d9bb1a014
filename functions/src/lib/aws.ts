import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { config } from './config.js';
import { countDynamoCall } from './request-metrics.js';

let ddb: DynamoDBDocumentClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let s3: S3Client | undefined;

/**
 * The DynamoDB document client (created once per Lambda container). Every call it sends is counted against
 * the current request, reported in the `x-dynamodb-calls` response header and by `npm run bench`.
 * Retries are the SDK's standard mode (3 attempts, exponential backoff with jitter).
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!ddb) {
    const base = new DynamoDBClient({ region: config().region, maxAttempts: 3 });
    base.middlewareStack.add(
      (next) => async (args) => {
        countDynamoCall();
        return next(args);
      },
      { step: 'initialize', name: 'countDynamoCalls' },
    );
    ddb = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return ddb;
}

/** The Cognito user-pool client. */
export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= new CognitoIdentityProviderClient({ region: config().region });
  return cognito;
}

/**
 * The S3 client. Path-style addressing and checksums only when required, so the same client works with AWS and
 * the local s3rver (TOOLCHAIN.md).
 */
export function s3Client(): S3Client {
  s3 ??= new S3Client({ region: config().region, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  return s3;
}

/** Drops cached clients (used when the local stack changes endpoints). */
export function resetClients(): void {
  ddb = undefined;
  cognito = undefined;
  s3 = undefined;
}
