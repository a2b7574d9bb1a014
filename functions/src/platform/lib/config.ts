import { ID_TOKEN_VALIDITY_S } from '@attain/shared-types';

/**
 * Runtime configuration, read from the environment once. Endpoints of AWS services are NOT configured here:
 * the SDK reads the standard `AWS_ENDPOINT_URL` / `AWS_ENDPOINT_URL_<SERVICE>` variables itself, so the same
 * code talks to AWS, LocalStack or the embedded emulators.
 */
export interface Config {
  region: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Expected `iss` of ID tokens. Default: the regional Cognito issuer of `userPoolId`. */
  jwtIssuer: string;
  /** Where the signing keys are. Default: `<issuer>/.well-known/jwks.json`. */
  jwksUri: string;
  /**
   * The user pool's ID-token validity (seconds): a token whose `iat` is older is refused whatever its `exp` says.
   * Default 3600 (the cloud pool client's 1 hour, infra/lib/constructs/identity.ts); the local stack's 86400.
   */
  idTokenMaxAgeSeconds: number;
  filesBucket: string;
  /** SES configuration set every mail names, so its events reach the receipts Lambda (none: no events). */
  mailConfigurationSet: string;
  /** Sender address used when a campus has set none (a verified SES identity in AWS). */
  mailFrom: string;
  /** The bulk-mail queue (SQS); empty locally, where the local stack runs the worker in-process. */
  mailQueueUrl: string;
  /** The queue of attainment recomputations (SQS); empty locally, where the local stack runs them in-process. */
  resultsQueueUrl: string;
  /** The Lambda that computes a campus's group summaries (its name); empty locally, where they are computed in-process. */
  summariesFunction: string;
  /** The queue of campus summary refreshes (SQS); empty locally, where the local stack runs them in-process. */
  summariesQueueUrl: string;
}

/**
 * Reads the configuration from `env`; missing values become '' and fail at first use with a clear message. Outside a
 * Lambda the table and bucket default to the local stack's names; in a Lambda (`AWS_LAMBDA_FUNCTION_NAME` set) a
 * missing `TABLE_NAME` or `FILES_BUCKET` is '' and fails, never another table of the account.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'ap-south-1';
  const inLambda = Boolean(env.AWS_LAMBDA_FUNCTION_NAME);
  const userPoolId = env.USER_POOL_ID ?? '';
  const jwtIssuer = env.JWT_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    region,
    tableName: env.TABLE_NAME ?? (inLambda ? '' : 'attain'),
    userPoolId,
    userPoolClientId: env.USER_POOL_CLIENT_ID ?? '',
    jwtIssuer,
    jwksUri: env.JWKS_URI ?? `${jwtIssuer}/.well-known/jwks.json`,
    idTokenMaxAgeSeconds: Number(env.ID_TOKEN_MAX_AGE_S) > 0 ? Number(env.ID_TOKEN_MAX_AGE_S) : ID_TOKEN_VALIDITY_S,
    filesBucket: env.FILES_BUCKET ?? (inLambda ? '' : 'attain-files'),
    mailConfigurationSet: env.MAIL_CONFIGURATION_SET ?? '',
    mailFrom: env.MAIL_FROM ?? '',
    mailQueueUrl: env.MAIL_QUEUE_URL ?? '',
    resultsQueueUrl: env.RESULTS_QUEUE_URL ?? '',
    summariesFunction: env.SUMMARIES_FUNCTION ?? '',
    summariesQueueUrl: env.SUMMARIES_QUEUE_URL ?? '',
  };
}

let current: Config | undefined;
/** The process-wide configuration (read lazily so tests and the local stack can set the environment first). */
export function config(): Config {
  current ??= readConfig();
  return current;
}
/** Forgets the cached configuration (the local stack calls this after it has set the environment). */
export function resetConfig(): void {
  current = undefined;
}
