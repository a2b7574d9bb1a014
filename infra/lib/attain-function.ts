import { basename, join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BUNDLING, POWERTOOLS_LAYER, REPO_ROOT } from './bundling.js';
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
 * AWS's public Lambda layer of Powertools for AWS Lambda (TypeScript) in the stack's region (`POWERTOOLS_LAYER`), one
 * reference per stack, shared by every function.
 */
function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  return (
    (stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined) ??
    lambda.LayerVersion.fromLayerVersionArn(
      stack,
      id,
      `arn:${stack.partition}:lambda:${stack.region}:${POWERTOOLS_LAYER.account}:layer:${POWERTOOLS_LAYER.name}:${POWERTOOLS_LAYER.version}`,
    )
  );
}

/**
 * One of Attain's Lambdas: nodejs22.x on arm64, bundled by esbuild with the options `npm run bench` measures
 * (`BUNDLING`), its own log group kept three months. Powertools (`@aws-lambda-powertools/*`, left out of the bundle)
 * comes from AWS's Powertools layer; `POWERTOOLS_SERVICE_NAME` is the entry's name (`auth`, `mail-sender`), the
 * `service` of every log line (functions/src/platform/lib/log.ts). X-Ray active tracing: Lambda records each
 * invocation's segment (init, duration, errors) and Powertools puts its trace id (`xray_trace_id`) on every log line;
 * no tracing code ships in the bundles.
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
      environment: { ...props.environment, POWERTOOLS_SERVICE_NAME: basename(props.entry, '.ts') },
      layers: [powertoolsLayer(scope)],
      tracing: lambda.Tracing.ACTIVE,
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
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray active tracing: Lambda writes the trace with xray:PutTraceSegments and xray:PutTelemetryRecords, which name no resource; IAM requires "*".',
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions::AwsSolutions-L1',
      reason:
        'DESIGN.md pins the Lambdas to nodejs22.x (the code is kept working on Node 20 and 22); a newer runtime is a deliberate upgrade.',
    });
  }
}
