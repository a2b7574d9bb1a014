import { join } from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BUNDLING, REPO_ROOT } from './bundling.js';
import { BASIC_EXECUTION_FINDING } from './nag.js';

export interface AttainFunctionProps {
  /** Entry file, from `handlerEntry(...)`. */
  entry: string;
  /** Environment shared by every function (table, pool, buckets). */
  environment: Record<string, string>;
  /** Default 512 MB. */
  memorySize?: number;
  /** Default 29 s (the HTTP API's integration limit). */
  timeout?: Duration;
}

/**
 * One of Attain's Lambdas: nodejs22.x on arm64, bundled by esbuild with the options `npm run bench` measures
 * (`BUNDLING`), its own log group kept three months.
 */
export class AttainFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: AttainFunctionProps) {
    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      environment: props.environment,
      logGroup: new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY }),
      bundling: {
        minify: BUNDLING.minify,
        target: BUNDLING.target,
        format: OutputFormat.ESM,
        externalModules: BUNDLING.externalModules,
        banner: BUNDLING.banner,
        sourceMap: false,
      },
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      projectRoot: REPO_ROOT,
    });
    Validations.of(this).acknowledge({
      id: BASIC_EXECUTION_FINDING,
      reason: "AWSLambdaBasicExecutionRole only allows writing this function's own CloudWatch logs.",
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions::AwsSolutions-L1',
      reason:
        'DESIGN.md pins the Lambdas to nodejs22.x (the code is kept working on Node 20 and 22); a newer runtime is a deliberate upgrade.',
    });
  }
}
