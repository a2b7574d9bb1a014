import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SnsEvent } from '../../lambdas/workers/mail-receipts.js';
import { errorMessage } from '@attain/shared-types';
import { AwsEndpoints } from './aws-endpoints.js';
import {
  type AssemblyFunction,
  type CfnValue,
  type CloudAssembly,
  type LocalResources,
  referencedId,
  referencedIds,
  resolveValue,
  resourcesOf,
} from './cloud-assembly.js';
import { readRoutes, serveHttpApi } from './http-api.js';
import { LambdaHost, type RecordedCall, type RecordedInvocation } from './lambda-host.js';

/**
 * The deployed-shape run (docs/deployed-shape.md): the synthesized stack's own Lambda bundles behind its own HTTP API
 * route table, queues, Lambda invocations, S3 notifications and SNS subscriptions, over the local emulators.
 */
export interface DeployedRuntime {
  /** Answers an `/api` request as the template's HTTP API. */
  api(req: Request, sourceIp?: string): Promise<Response>;
  /** S3's ObjectCreated records of the files bucket, handed to the functions the bucket's notifications name. */
  s3Created(event: { Records?: { eventName?: string; s3?: { bucket?: { name?: string }; object?: { key?: string } } }[] }): Promise<void>;
  /** An SNS delivery of the mail events topic, handed to its subscribed functions with the topic's ARN. */
  snsPublished(event: SnsEvent): Promise<void>;
  /**
   * A user pool trigger, as Cognito calls it: the function the pool's `LambdaConfig` names for `operation`, given the
   * event with the pool's id. Its answer, or its error's own message (as Cognito shows it); nothing when none is named.
   */
  userPoolTrigger(operation: 'PreSignUp' | 'PreTokenGeneration', event: object): Promise<unknown>;
  host: LambdaHost;
  endpoints: AwsEndpoints;
  local: LocalResources;
  assembly: CloudAssembly;
  stop(): Promise<void>;
}

/** What a deployed-shape run serves and where its records go. */
export interface DeployedRuntimeOptions {
  assembly: CloudAssembly;
  /** The local resources, but the SQS endpoint, which the run starts itself. */
  local: Omit<LocalResources, 'sqsUrl'>;
  /**
   * What the run adds to each function's environment, as Lambda and the machine would: region, credentials, the
   * emulators' endpoints (`AWS_ENDPOINT_URL_*`) and the local token issuer. The template's variables win over none
   * of these names.
   */
  baseEnv: Record<string, string>;
  /**
   * A file every invocation, AWS call and dead-lettered message is appended to (JSON lines), for the permissions
   * check and the run's own assertions.
   */
  callsFile?: string;
  /**
   * A file every line the functions write (stdout and stderr, as CloudWatch Logs would keep them) is appended to, as
   * written; the functions then log at DEBUG (their application log level, `lambdaLogEnv`), so it holds every line
   * they could write.
   * Without it, their output is this process's.
   */
  logsFile?: string;
}

/**
 * The variables Lambda sets from a function's logging configuration: `AWS_LAMBDA_LOG_FORMAT` and, with an application
 * log level (Advanced Logging Controls), `AWS_LAMBDA_LOG_LEVEL`, which Powertools' Logger takes before
 * `POWERTOOLS_LOG_LEVEL`. `level` is the application level an operator set instead of the template's (the run's log
 * file wants DEBUG); a function without one is given `POWERTOOLS_LOG_LEVEL` at `level`.
 */
export function lambdaLogEnv(fn: Pick<AssemblyFunction, 'logging'>, level?: string): Record<string, string> {
  const applicationLevel = fn.logging.applicationLevel && (level ?? fn.logging.applicationLevel);
  return {
    ...(fn.logging.format ? { AWS_LAMBDA_LOG_FORMAT: fn.logging.format } : {}),
    ...(applicationLevel ? { AWS_LAMBDA_LOG_LEVEL: applicationLevel } : level ? { POWERTOOLS_LOG_LEVEL: level } : {}),
  };
}

/** The local stack's variables the template sets itself (from its own resources): the run never passes them. */
const FROM_TEMPLATE = new Set([
  'TABLE_NAME',
  'FILES_BUCKET',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'MAIL_CONFIGURATION_SET',
  'MAIL_FROM',
  'MAIL_EVENTS_TOPIC_ARN',
]);

/** What the run adds to each function's environment from the local stack's (`baseEnv`): all but `FROM_TEMPLATE`. */
export const runtimeBaseEnv = (stackEnv: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(stackEnv).filter(([k]) => !FROM_TEMPLATE.has(k)));

/**
 * Starts the run's SQS and Lambda endpoints and reads the route table; functions start at their first invocation.
 * @throws Error when the template holds an intrinsic or resource the run cannot resolve (`resolveValue`)
 */
export async function startDeployedRuntime(opts: DeployedRuntimeOptions): Promise<DeployedRuntime> {
  const { assembly } = opts;
  const local: LocalResources = { ...opts.local, sqsUrl: '' };
  const home = mkdtempSync(join(tmpdir(), 'attain-lambda-home-'));
  // The SQS and Lambda endpoint's address, known once it listens (before any function starts).
  const aws = { url: '' };
  const host = new LambdaHost(
    assembly.functions,
    (fn) => ({
      // As Lambda's own: UTC, and a home with no profile of this machine's (lambda-local reads ~/.aws).
      TZ: 'UTC',
      LANG: 'en_US.UTF-8',
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      ...opts.baseEnv,
      ...Object.fromEntries(Object.entries(fn.environment).map(([k, v]) => [k, String(resolveValue(assembly, local, v))])),
      AWS_LAMBDA_FUNCTION_NAME: fn.id,
      AWS_ENDPOINT_URL_SQS: aws.url,
      AWS_ENDPOINT_URL_LAMBDA: aws.url,
      ...lambdaLogEnv(fn, opts.logsFile ? 'DEBUG' : undefined),
    }),
    opts.callsFile
      ? (c: RecordedCall | RecordedInvocation) => appendFileSync(opts.callsFile as string, `${JSON.stringify(c)}\n`)
      : undefined,
    opts.logsFile ? (_fn, line) => appendFileSync(opts.logsFile as string, `${line}\n`) : undefined,
  );
  const endpoints = new AwsEndpoints(
    assembly,
    host,
    local.region,
    undefined,
    opts.callsFile ? (d) => appendFileSync(opts.callsFile as string, `${JSON.stringify({ fn: d.queue, deadLetter: d })}\n`) : undefined,
  );
  await endpoints.start();
  aws.url = endpoints.url;
  local.sqsUrl = endpoints.url;
  const routes = readRoutes(assembly);

  const notifications = resourcesOf(assembly, 'Custom::S3BucketNotifications').flatMap(([, p]) => {
    const bucket = String(resolveValue(assembly, local, p.BucketName));
    const configs =
      (p.NotificationConfiguration as { LambdaFunctionConfigurations?: Record<string, unknown>[] })?.LambdaFunctionConfigurations ?? [];
    return configs.map((c) => {
      const rules = ((c.Filter as { Key?: { FilterRules?: { Name: string; Value: string }[] } })?.Key?.FilterRules ?? []).map((r) => [
        r.Name.toLowerCase(),
        r.Value,
      ]);
      return {
        bucket,
        events: (c.Events as string[]).map((e) => e.replace(/^s3:/, '')),
        prefix: rules.find(([n]) => n === 'prefix')?.[1] ?? '',
        suffix: rules.find(([n]) => n === 'suffix')?.[1] ?? '',
        fn: referencedId(c.LambdaFunctionArn) ?? '',
      };
    });
  });
  const subscriptions = resourcesOf(assembly, 'AWS::SNS::Subscription')
    .filter(([, p]) => p.Protocol === 'lambda')
    .map(([id, p]) => ({
      id,
      topicId: referencedId(p.TopicArn) ?? '',
      topic: String(resolveValue(assembly, local, p.TopicArn)),
      fn: referencedId(p.Endpoint) ?? '',
    }));

  return {
    api: (req, sourceIp) => serveHttpApi(routes, host, req, sourceIp),
    async s3Created(event) {
      for (const n of notifications) {
        const Records = (event.Records ?? []).filter((r) => {
          // S3 event keys are URL-encoded with '+' for a space.
          const key = decodeURIComponent((r.s3?.object?.key ?? '').replace(/\+/g, ' '));
          return (
            r.s3?.bucket?.name === n.bucket &&
            n.events.some((e) => new RegExp(`^${e.replace('*', '.*')}$`).test(r.eventName ?? '')) &&
            key.startsWith(n.prefix) &&
            key.endsWith(n.suffix)
          );
        });
        if (Records.length) await host.invoke(n.fn, { Records });
      }
    },
    async snsPublished(event) {
      // The local SES events proxy publishes to the configuration set's event topic only.
      const topics = new Set(
        resourcesOf(assembly, 'AWS::SES::ConfigurationSetEventDestination').flatMap(([, p]) =>
          referencedIds((p.EventDestination as { SnsDestination?: unknown })?.SnsDestination),
        ),
      );
      for (const s of subscriptions.filter((x) => topics.has(x.topicId))) {
        const Records = (event.Records ?? []).map((r) => ({
          EventSource: 'aws:sns',
          EventVersion: '1.0',
          EventSubscriptionArn: `${s.topic}:${s.id}`,
          Sns: { ...r.Sns, TopicArn: s.topic },
        }));
        await host.invoke(s.fn, { Records });
      }
    },
    async userPoolTrigger(operation, event) {
      const pool = resourcesOf(assembly, 'AWS::Cognito::UserPool')[0]?.[1];
      const fn = referencedId((pool?.LambdaConfig as Record<string, CfnValue> | undefined)?.[operation]);
      if (!fn) return event;
      try {
        return await host.invoke(fn, { ...event, userPoolId: local.userPoolId });
      } catch (e) {
        // "<function>: Error: <words>", as the host tells a failed invocation: Cognito shows the words alone.
        throw new Error(errorMessage(e).replace(/^[^:]+: (?:\w*Error: )?/, ''));
      }
    },
    host,
    endpoints,
    local,
    assembly,
    async stop() {
      await endpoints.stop();
      await host.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
