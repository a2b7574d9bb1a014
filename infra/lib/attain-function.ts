import { basename, join } from 'node:path';
import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import type { Construct } from 'constructs';
import { BUNDLING, POWERTOOLS_LAYER, REPO_ROOT } from './bundling.js';
import { BASIC_EXECUTION_FINDING } from './nag.js';

/**
 * The level of every function's lines in AWS: INFO, Lambda's and Powertools' default (the application's lines: its
 * `INFO`, `WARN` and `ERROR`; Lambda's: START, END, REPORT and errors).
 */
export const LOG_LEVEL = { application: lambda.ApplicationLogLevel.INFO, system: lambda.SystemLogLevel.INFO } as const;

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
 * AWS's public Lambda layer of Powertools for AWS Lambda (TypeScript) in the stack's region, one reference per stack,
 * shared by every function: its ARN is the value of AWS's public SSM parameter for the pinned version
 * (`POWERTOOLS_LAYER`, where the docs are cited), a CloudFormation parameter of type `AWS::SSM::Parameter::Value<String>`
 * that CloudFormation reads at each deployment in the stack's region. AWS publishes those parameters, and the layers
 * they name, in the commercial partition only: a stack in GovCloud or China, or without a region, is refused here.
 * @throws Error for a stack whose region is not a known region of the `aws` partition
 */
function powertoolsLayer(scope: Construct): lambda.ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  const found = stack.node.tryFindChild(id) as lambda.ILayerVersion | undefined;
  if (found) return found;
  const region = Token.isUnresolved(stack.region) ? undefined : stack.region;
  const partition = region ? RegionInfo.get(region).partition : undefined;
  if (partition !== 'aws')
    throw new Error(
      `Powertools' layer is found through AWS's public SSM parameters, published in the commercial regions (partition aws) ` +
        `only; ${region ? `${region} is in partition ${partition ?? 'unknown'}` : 'this stack has no region'} (cdk.json "attain:regions").`,
    );
  const arn = ssm.StringParameter.valueForStringParameter(stack, POWERTOOLS_LAYER.ssmParameter(POWERTOOLS_LAYER.powertools));
  return lambda.LayerVersion.fromLayerVersionArn(stack, id, arn);
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
      // Lambda's own lines (START, END, REPORT, an invocation's error) are JSON too, like Powertools', and both are kept
      // at `LOG_LEVEL`: Lambda's Advanced Logging Controls drop lines below it, and give Powertools the application
      // level as AWS_LAMBDA_LOG_LEVEL, which it takes before POWERTOOLS_LOG_LEVEL (so the stack sets no
      // POWERTOOLS_LOG_LEVEL, which would only mislead; infra test). An operator changes the level in the function's
      // logging configuration, without a deployment (docs/operations.md "Logs").
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: LOG_LEVEL.application,
      systemLogLevelV2: LOG_LEVEL.system,
      logGroup: new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY }),
      bundling: {
        minify: BUNDLING.minify,
        target: BUNDLING.target,
        format: OutputFormat.ESM,
        externalModules: BUNDLING.externalModules,
        banner: BUNDLING.banner,
        esbuildArgs: Object.fromEntries(Object.entries(BUNDLING.alias).map(([from, to]) => [`--alias:${from}`, to])),
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
        'docs/design.md pins the Lambdas to nodejs22.x (the code is kept working on Node 20 and 22); a newer runtime is a deliberate upgrade.',
    });
  }
}
