import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config.js';
import { countDynamoCall } from './request-metrics.js';

/**
 * The endpoint the standard variables name for a service (`AWS_ENDPOINT_URL_<SERVICE>`, else `AWS_ENDPOINT_URL`),
 * read when the client is made. The SDK would read the same variables, but only at a client's first request; reading
 * them here binds a client to the environment it was made in (the local stack makes its clients when it starts).
 */
const endpointFor = (service: string) => process.env[`AWS_ENDPOINT_URL_${service}`] ?? process.env.AWS_ENDPOINT_URL;

let ddb: DynamoDBDocumentClient | undefined;
let cognito: CognitoIdentityProviderClient | undefined;
let s3: S3Client | undefined;
let ses: SESv2Client | undefined;
let sqs: SQSClient | undefined;
let lambda: LambdaClient | undefined;

/**
 * The DynamoDB document client (created once per Lambda container). Every call it sends is counted against
 * the current request, reported in the `x-dynamodb-calls` response header and by `npm run bench`.
 * Retries are the SDK's standard mode (3 attempts, exponential backoff with jitter).
 */
export function documentClient(): DynamoDBDocumentClient {
  if (!ddb) {
    const base = new DynamoDBClient({ region: config().region, maxAttempts: 3, endpoint: endpointFor('DYNAMODB') });
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
  cognito ??= new CognitoIdentityProviderClient({ region: config().region, endpoint: endpointFor('COGNITO_IDENTITY_PROVIDER') });
  return cognito;
}

/**
 * The S3 client. Path-style addressing and checksums only when required, so the same client works with AWS and
 * the local s3rver (TOOLCHAIN.md). Loaded on first use: only marks imports need S3, and the S3 SDK would add to
 * every Lambda's cold start.
 */
export async function s3Client(): Promise<S3Client> {
  if (!s3) {
    const { S3Client: Client } = await import('@aws-sdk/client-s3');
    s3 = new Client({
      region: config().region,
      endpoint: endpointFor('S3'),
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return s3;
}

/** The SES v2 client (mail), loaded on first use like S3's. Retries: the SDK's standard mode (throttling included). */
export async function sesClient(): Promise<SESv2Client> {
  if (!ses) {
    const { SESv2Client: Client } = await import('@aws-sdk/client-sesv2');
    ses = new Client({ region: config().region, endpoint: endpointFor('SESV2'), maxAttempts: 4 });
  }
  return ses;
}

/** The SQS client (the bulk-mail queue), loaded on first use. */
export async function sqsClient(): Promise<SQSClient> {
  if (!sqs) {
    const { SQSClient: Client } = await import('@aws-sdk/client-sqs');
    sqs = new Client({ region: config().region, endpoint: endpointFor('SQS') });
  }
  return sqs;
}

/** The Lambda client (the group Lambda invokes the campus summaries Lambda), loaded on first use. */
export async function lambdaClient(): Promise<LambdaClient> {
  if (!lambda) {
    const { LambdaClient: Client } = await import('@aws-sdk/client-lambda');
    lambda = new Client({ region: config().region, endpoint: endpointFor('LAMBDA') });
  }
  return lambda;
}

/** Drops cached clients (used when the local stack changes endpoints). */
export function resetClients(): void {
  ddb = undefined;
  cognito = undefined;
  s3 = undefined;
  ses = undefined;
  sqs = undefined;
  lambda = undefined;
}
