import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the deployed-shape run reads of a synthesized cloud assembly (`cdk synth`'s output folder): the stack's
 * CloudFormation template and the folders of its bundled Lambda code (`asset.<hash>`), as deployment would upload them.
 * Only the resource types Attain's stack uses are read (docs/deployed-shape.md).
 */

/** A CloudFormation value as the template writes it: plain, or an intrinsic function (`Ref`, `Fn::GetAtt`, ...). */
export type CfnValue = unknown;

/** One resource of the template. */
export interface CfnResource {
  Type: string;
  Properties?: Record<string, CfnValue>;
}

/** A Node.js Lambda of the template, with the folder its code was bundled into. */
export interface AssemblyFunction {
  /** The resource's logical id (`ApiFnmarksDBE85FF2`); the local run uses it as the function's name. */
  id: string;
  /** `index.handler`: file and export. */
  handler: string;
  /** The folder of the bundle (`<assembly>/asset.<hash>`). */
  codeDir: string;
  /** Environment variables as the template writes them (intrinsics unresolved). */
  environment: Record<string, CfnValue>;
  /** The logical id of its execution role. */
  role: string;
  /** Seconds. */
  timeout: number;
  /**
   * Its logging configuration (`LoggingConfig`): `JSON` or `Text`, and the application's level with Advanced Logging
   * Controls (Lambda hands it to the function as `AWS_LAMBDA_LOG_LEVEL`), when set.
   */
  logging: { format?: string; applicationLevel?: string };
}

/** One IAM statement of a policy attached to a role. */
export interface PolicyStatement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: CfnValue;
  Condition?: Record<string, Record<string, string | string[]>>;
}

/** A synthesized stack, read. */
export interface CloudAssembly {
  dir: string;
  resources: Record<string, CfnResource>;
  /** The Node.js functions (CDK's own Python helpers, which deployment runs, are left out). */
  functions: Map<string, AssemblyFunction>;
  /** Role logical id -> the statements of every `AWS::IAM::Policy` attached to it. */
  policies: Map<string, PolicyStatement[]>;
}

/** The logical id a `Ref` or `Fn::GetAtt` names, or undefined for any other value. */
export function referencedId(v: CfnValue): string | undefined {
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.Ref === 'string') return o.Ref;
    if (Array.isArray(o['Fn::GetAtt'])) return String(o['Fn::GetAtt'][0]);
  }
  return undefined;
}

/** Every logical id a value refers to, anywhere inside it. */
export function referencedIds(v: CfnValue): string[] {
  const direct = referencedId(v);
  if (direct) return [direct];
  if (Array.isArray(v)) return v.flatMap(referencedIds);
  if (v && typeof v === 'object') return Object.values(v).flatMap(referencedIds);
  return [];
}

/**
 * Reads the cloud assembly in `dir` (the one stack's `<name>.template.json` and its assets).
 * @throws Error when the folder holds no template, or a Node.js function's bundle folder is missing (synthesized
 *   without bundling)
 */
export function readCloudAssembly(dir: string): CloudAssembly {
  const templateFile = readdirSync(dir).find((f) => f.endsWith('.template.json'));
  if (!templateFile) throw new Error(`${dir} holds no CloudFormation template: synthesize the stack first (npm run synth)`);
  const resources = (JSON.parse(readFileSync(join(dir, templateFile), 'utf8')) as { Resources: Record<string, CfnResource> }).Resources;
  const functions = new Map<string, AssemblyFunction>();
  const policies = new Map<string, PolicyStatement[]>();
  for (const [id, r] of Object.entries(resources)) {
    const p = r.Properties ?? {};
    if (r.Type === 'AWS::Lambda::Function' && String(p.Runtime ?? '').startsWith('nodejs')) {
      const key = String((p.Code as { S3Key?: string }).S3Key ?? '');
      const codeDir = join(dir, `asset.${key.replace(/\.zip$/, '')}`);
      if (!existsSync(codeDir)) throw new Error(`The bundle of ${id} is not in ${dir}: synthesize with bundling`);
      functions.set(id, {
        id,
        handler: String(p.Handler),
        codeDir,
        environment: ((p.Environment as { Variables?: Record<string, CfnValue> } | undefined)?.Variables ?? {}) as Record<string, CfnValue>,
        role: referencedId(p.Role) ?? '',
        timeout: Number(p.Timeout ?? 3),
        logging: {
          format: (p.LoggingConfig as { LogFormat?: string } | undefined)?.LogFormat,
          applicationLevel: (p.LoggingConfig as { ApplicationLogLevel?: string } | undefined)?.ApplicationLogLevel,
        },
      });
    }
    if (r.Type === 'AWS::IAM::Policy') {
      const statements = ((p.PolicyDocument as { Statement?: PolicyStatement[] }).Statement ?? []) as PolicyStatement[];
      for (const role of (p.Roles as CfnValue[] | undefined) ?? []) {
        const roleId = referencedId(role);
        if (roleId) policies.set(roleId, [...(policies.get(roleId) ?? []), ...statements]);
      }
    }
  }
  return { dir, resources, functions, policies };
}

/** The resources of one type, by logical id. */
export const resourcesOf = (a: CloudAssembly, type: string): [string, Record<string, CfnValue>][] =>
  Object.entries(a.resources)
    .filter(([, r]) => r.Type === type)
    .map(([id, r]) => [id, r.Properties ?? {}]);

/** The account and region every local ARN carries. */
export const LOCAL_ACCOUNT = '000000000000';

/**
 * What a resource of the template is on this machine: its `Ref` and `Fn::GetAtt` values (a table's name, a queue's URL,
 * a function's ARN), given by the run for the emulators it started.
 */
export interface LocalResources {
  region: string;
  tableName: string;
  /** The files bucket's local name; other buckets keep their logical id. */
  filesBucket: string;
  userPoolId: string;
  userPoolClientId: string;
  configurationSet: string;
  /** The local SQS endpoint (`http://127.0.0.1:<port>`); a queue's URL is `<sqsUrl>/<account>/<logical id>`. */
  sqsUrl: string;
}

/** A local ARN of `service` for `resource` (`table/attain`, `function:<id>`). */
export const localArn = (service: string, region: string, resource: string) =>
  service === 's3' ? `arn:aws:s3:::${resource}` : `arn:aws:${service}:${region}:${LOCAL_ACCOUNT}:${resource}`;

/**
 * Resolves a template value against the local resources: `Ref`, `Fn::GetAtt` (`Arn`, `QueueUrl`, `QueueName`),
 * `Fn::Join`, `Fn::Select`, `Fn::Split`, `Fn::Sub` (pseudo parameters and `${Id}` / `${Id.Arn}`), and the pseudo
 * parameters `AWS::Region`, `AWS::AccountId`, `AWS::Partition`, `AWS::URLSuffix`.
 * @throws Error for an intrinsic or a resource type it does not know (a template change the run must learn)
 */
export function resolveValue(a: CloudAssembly, local: LocalResources, v: CfnValue): unknown {
  if (Array.isArray(v)) return v.map((x) => resolveValue(a, local, x));
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, CfnValue>;
  const keys = Object.keys(o);
  if (keys.length !== 1 || !(keys[0] === 'Ref' || keys[0].startsWith('Fn::')))
    return Object.fromEntries(keys.map((k) => [k, resolveValue(a, local, o[k])]));
  if (typeof o.Ref === 'string') return refOf(a, local, o.Ref);
  if (Array.isArray(o['Fn::GetAtt'])) return attOf(a, local, String(o['Fn::GetAtt'][0]), String(o['Fn::GetAtt'][1]));
  if (Array.isArray(o['Fn::Join'])) {
    const [sep, parts] = o['Fn::Join'] as [string, CfnValue[]];
    return (resolveValue(a, local, parts) as unknown[]).join(sep);
  }
  if (Array.isArray(o['Fn::Select'])) {
    const [i, list] = o['Fn::Select'] as [number, CfnValue];
    return (resolveValue(a, local, list) as unknown[])[Number(i)];
  }
  if (Array.isArray(o['Fn::Split'])) {
    const [sep, s] = o['Fn::Split'] as [string, CfnValue];
    return String(resolveValue(a, local, s)).split(sep);
  }
  if (o['Fn::Sub'] !== undefined) {
    const [text, vars] = (Array.isArray(o['Fn::Sub']) ? o['Fn::Sub'] : [o['Fn::Sub'], {}]) as [string, Record<string, CfnValue>];
    return text.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
      if (vars[name] !== undefined) return String(resolveValue(a, local, vars[name]));
      const [id, att] = name.split('.');
      return String(att ? attOf(a, local, id, att) : refOf(a, local, id));
    });
  }
  throw new Error(`The deployed-shape run does not resolve ${JSON.stringify(v).slice(0, 120)}`);
}

/** A resource's `Ref` value here. */
function refOf(a: CloudAssembly, local: LocalResources, id: string): string {
  const pseudo: Record<string, string> = {
    'AWS::Region': local.region,
    'AWS::AccountId': LOCAL_ACCOUNT,
    'AWS::Partition': 'aws',
    'AWS::URLSuffix': 'amazonaws.com',
    'AWS::StackName': 'Attain',
  };
  if (pseudo[id]) return pseudo[id];
  const type = a.resources[id]?.Type;
  switch (type) {
    case 'AWS::DynamoDB::GlobalTable':
    case 'AWS::DynamoDB::Table':
      return local.tableName;
    case 'AWS::S3::Bucket':
      return id.startsWith('Files') ? local.filesBucket : id.toLowerCase();
    case 'AWS::Cognito::UserPool':
      return local.userPoolId;
    case 'AWS::Cognito::UserPoolClient':
      return local.userPoolClientId;
    // The pool's token domain (API keys, decision 0062): a name only; the local stack's token endpoint is its own.
    case 'AWS::Cognito::UserPoolDomain':
      return `attain-${LOCAL_ACCOUNT}`;
    case 'AWS::SES::ConfigurationSet':
      return local.configurationSet;
    case 'AWS::SQS::Queue':
      return `${local.sqsUrl}/${LOCAL_ACCOUNT}/${id}`;
    case 'AWS::SNS::Topic':
      return localArn('sns', local.region, id);
    case 'AWS::Lambda::Function':
      return id;
    default:
      throw new Error(`The deployed-shape run has no local ${type ?? 'resource'} for Ref ${id}`);
  }
}

/** A resource's `Fn::GetAtt` value here. */
function attOf(a: CloudAssembly, local: LocalResources, id: string, att: string): string {
  const type = a.resources[id]?.Type;
  if (att === 'Arn') {
    switch (type) {
      case 'AWS::DynamoDB::GlobalTable':
      case 'AWS::DynamoDB::Table':
        return localArn('dynamodb', local.region, `table/${local.tableName}`);
      case 'AWS::S3::Bucket':
        return localArn('s3', local.region, refOf(a, local, id));
      case 'AWS::Cognito::UserPool':
        return localArn('cognito-idp', local.region, `userpool/${local.userPoolId}`);
      case 'AWS::SQS::Queue':
        return localArn('sqs', local.region, id);
      case 'AWS::Lambda::Function':
        return localArn('lambda', local.region, `function:${id}`);
      case 'AWS::IAM::Role':
        return `arn:aws:iam::${LOCAL_ACCOUNT}:role/${id}`;
      case 'AWS::Logs::LogGroup':
        return localArn('logs', local.region, `log-group:${id}:*`);
      case 'AWS::SNS::Topic':
        return localArn('sns', local.region, id);
      default:
        // Resources the functions never call (the API, CloudFront): a unique, unmatched ARN.
        return `arn:aws:local:${local.region}:${LOCAL_ACCOUNT}:${id}`;
    }
  }
  if (type === 'AWS::SQS::Queue' && att === 'QueueUrl') return refOf(a, local, id);
  if (type === 'AWS::SQS::Queue' && att === 'QueueName') return id;
  return `${id}.${att}`;
}
