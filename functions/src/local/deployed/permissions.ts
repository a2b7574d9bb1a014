import { type CloudAssembly, type LocalResources, type PolicyStatement, localArn, resolveValue } from './cloud-assembly.js';
import type { RecordedCall } from './lambda-host.js';

/**
 * The permissions check of the deployed-shape run: each AWS call a function made is turned into the IAM actions and
 * resources it needs, and evaluated against the statements of its role's policies in the template (an explicit Deny
 * wins, then an Allow whose action and resource match, else denied), with the one condition key the stack uses,
 * `dynamodb:LeadingKeys`. What is not modelled, and so allowed: SES resources (the action is checked) and the
 * AWS-managed `AWSLambdaBasicExecutionRole` (logs only). Source of the action names: the AWS Service Authorization
 * Reference ("Actions, resources, and condition keys" for DynamoDB, S3, SQS, Lambda, Cognito user pools, SES v2).
 */

/** One permission a call needs. */
export interface Need {
  action: string;
  resource: string;
  /** The partition keys the request touches (DynamoDB), for `dynamodb:LeadingKeys`. */
  leadingKeys?: string[];
}

/** A call the template's policies would deny. */
export interface Denied extends Need {
  fn: string;
  call: string;
  /** `explicit` when a Deny statement matched, else `implicit` (no Allow). */
  by: 'explicit' | 'implicit';
}

const SERVICE: Record<string, string> = {
  DynamoDBClient: 'dynamodb',
  S3Client: 's3',
  SESv2Client: 'ses',
  CognitoIdentityProviderClient: 'cognito-idp',
  SQSClient: 'sqs',
  LambdaClient: 'lambda',
  SNSClient: 'sns',
};

/** Commands whose IAM action has another name. */
const ACTION: Record<string, string> = {
  'lambda:Invoke': 'lambda:InvokeFunction',
  's3:HeadObject': 's3:GetObject',
  's3:ListObjectsV2': 's3:ListBucket',
  's3:HeadBucket': 's3:ListBucket',
  's3:DeleteObjects': 's3:DeleteObject',
  's3:CreateMultipartUpload': 's3:PutObject',
  's3:UploadPart': 's3:PutObject',
  's3:CompleteMultipartUpload': 's3:PutObject',
  'sqs:SendMessageBatch': 'sqs:SendMessage',
};

/** The DynamoDB item operations a transaction's entries need (`TransactWriteItems` has no action of its own). */
const TRANSACT: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

/**
 * Cognito user pool operations a user makes with the app client or their own token: no IAM policy is evaluated
 * (Service Authorization Reference: "unauthenticated" / token-authorized APIs).
 */
const NO_IAM = new Set([
  'cognito-idp:InitiateAuth',
  'cognito-idp:RespondToAuthChallenge',
  'cognito-idp:GlobalSignOut',
  'cognito-idp:GetUser',
  'cognito-idp:ChangePassword',
  'cognito-idp:ForgotPassword',
  'cognito-idp:ConfirmForgotPassword',
  'cognito-idp:RevokeToken',
]);

/** The permissions one recorded call needs. */
export function needsOf(call: RecordedCall, local: LocalResources): Need[] {
  const service = SERVICE[call.client] ?? call.client.replace(/Client$/, '').toLowerCase();
  const op = call.command.replace(/Command$/, '');
  if (NO_IAM.has(`${service}:${op}`)) return [];
  const action = ACTION[`${service}:${op}`] ?? `${service}:${op}`;
  const i = call.input;
  const pk = (v: unknown) => (v as { PK?: string } | undefined)?.PK;
  switch (service) {
    case 'dynamodb': {
      const table = (name: unknown, index?: unknown) =>
        localArn('dynamodb', local.region, `table/${String(name)}${index ? `/index/${String(index)}` : ''}`);
      if (op === 'TransactWriteItems' || op === 'TransactGetItems') {
        return ((i.TransactItems as Record<string, { TableName?: string; Key?: unknown; Item?: unknown }>[] | undefined) ?? []).flatMap(
          (t) =>
            Object.entries(t).map(([kind, item]) => ({
              action: `dynamodb:${TRANSACT[kind] ?? kind}`,
              // A transaction entry without a table name is not one the check can place: it meets no grant.
              resource: item.TableName ? table(item.TableName) : 'unknown',
              leadingKeys: [pk(item.Key) ?? pk(item.Item)].filter((k): k is string => Boolean(k)),
            })),
        );
      }
      if (op === 'BatchWriteItem' || op === 'BatchGetItem') {
        const items = (i.RequestItems ?? {}) as Record<string, unknown>;
        return Object.entries(items).map(([name, reqs]) => ({
          action,
          resource: table(name),
          leadingKeys: JSON.stringify(reqs)
            .match(/"PK":"[^"]*"/g)
            ?.map((m) => m.slice(6, -1)),
        }));
      }
      const key = pk(i.Key) ?? pk(i.Item);
      return [{ action, resource: table(i.TableName, i.IndexName), ...(key ? { leadingKeys: [key] } : {}) }];
    }
    case 's3':
      return [{ action, resource: localArn('s3', local.region, i.Key ? `${String(i.Bucket)}/${String(i.Key)}` : String(i.Bucket)) }];
    case 'sqs':
      return [{ action, resource: localArn('sqs', local.region, String(i.QueueUrl).split('/').pop() ?? '') }];
    case 'sns':
      return [{ action, resource: String(i.TopicArn ?? '*') }];
    case 'lambda':
      return [{ action, resource: localArn('lambda', local.region, `function:${String(i.FunctionName).replace(/^.*:function:/, '')}`) }];
    case 'cognito-idp':
      return [{ action, resource: i.UserPoolId ? localArn('cognito-idp', local.region, `userpool/${String(i.UserPoolId)}`) : '*' }];
    default:
      return [{ action, resource: '*' }];
  }
}

/** Whether an IAM pattern (`*` and `?` wildcards) matches `value`: actions ignore case, resources do not. */
const glob = (pattern: string, value: string, ignoreCase = false) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    ignoreCase ? 'i' : '',
  ).test(value);

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);

/** A statement the check cannot evaluate faithfully: refused, so a policy it misreads can never pass a call. */
export class UnreadableStatement extends Error {}

/**
 * Whether a statement applies to `need`: its action, its resource (a need whose resource the run cannot work out,
 * `*`, only meets statements on `*`) and its condition, of which only `dynamodb:LeadingKeys` with `StringLike` or
 * `StringEquals` (plain, `ForAnyValue:` or `ForAllValues:`) is read.
 * @throws UnreadableStatement for `NotAction`, `NotResource`, or any other condition key or operator
 */
function applies(s: PolicyStatement & { NotAction?: unknown; NotResource?: unknown }, resources: string[], need: Need): boolean {
  if (s.NotAction !== undefined || s.NotResource !== undefined)
    throw new UnreadableStatement(`NotAction/NotResource: ${JSON.stringify(s)}`);
  if (!list(s.Action).some((a) => glob(a, need.action, true))) return false;
  // SES's resources (identity and configuration set ARNs) are not worked out here: any resource does.
  if (!need.action.startsWith('ses:')) {
    const ok = need.resource === '*' ? resources.includes('*') : resources.some((r) => glob(r, need.resource));
    if (!ok) return false;
  }
  for (const [operator, keys] of Object.entries(s.Condition ?? {})) {
    const m = /^(ForAnyValue:|ForAllValues:)?(StringLike|StringEquals)$/.exec(operator);
    if (!m) throw new UnreadableStatement(`condition operator ${operator}`);
    for (const [key, values] of Object.entries(keys)) {
      if (key !== 'dynamodb:LeadingKeys') throw new UnreadableStatement(`condition key ${key}`);
      const match = (k: string) => list(values).some((v) => (m[2] === 'StringLike' ? glob(v, k) : v === k));
      const ok = m[1] === 'ForAnyValue:' ? (need.leadingKeys ?? []).some(match) : (need.leadingKeys ?? []).every(match);
      if (!ok) return false;
    }
  }
  return true;
}

/** The result of checking a run's calls against the template. */
export interface PermissionReport {
  /** Calls a policy would deny. */
  denied: Denied[];
  /** Per function: the allowed actions of its policies, and those the run used. */
  grants: { fn: string; allowed: string[]; used: string[]; unused: string[] }[];
}

/**
 * Checks every recorded call against its function's role policies in `assembly`.
 * @param functions the functions to report on (default: every function with a recorded call)
 * @throws UnreadableStatement when a policy holds a statement the check cannot evaluate
 */
export function checkPermissions(
  assembly: CloudAssembly,
  local: LocalResources,
  calls: readonly RecordedCall[],
  functions?: readonly string[],
): PermissionReport {
  const statementsOf = new Map<string, { s: PolicyStatement; resources: string[] }[]>();
  const statements = (fn: string) => {
    const known = statementsOf.get(fn);
    if (known) return known;
    const role = assembly.functions.get(fn)?.role ?? '';
    const out = (assembly.policies.get(role) ?? []).map((s) => ({ s, resources: list(resolveValue(assembly, local, s.Resource)) }));
    statementsOf.set(fn, out);
    return out;
  };
  const denied: Denied[] = [];
  const used = new Map<string, Set<string>>();
  for (const call of calls)
    for (const need of needsOf(call, local)) {
      const ss = statements(call.fn);
      const deny = ss.some(({ s, resources }) => s.Effect === 'Deny' && applies(s, resources, need));
      const allow = ss.filter(({ s, resources }) => s.Effect === 'Allow' && applies(s, resources, need));
      if (deny || !allow.length) {
        if (!denied.some((d) => d.fn === call.fn && d.action === need.action && d.resource === need.resource))
          denied.push({ ...need, fn: call.fn, call: `${call.client}.${call.command}`, by: deny ? 'explicit' : 'implicit' });
        continue;
      }
      const u = used.get(call.fn) ?? new Set<string>();
      for (const { s } of allow) for (const a of list(s.Action)) if (glob(a, need.action)) u.add(a);
      used.set(call.fn, u);
    }
  const names = functions ?? [...new Set(calls.map((c) => c.fn))];
  const grants = names.map((fn) => {
    const allowed = [...new Set(statements(fn).flatMap(({ s }) => (s.Effect === 'Allow' ? list(s.Action) : [])))].sort();
    const u = [...(used.get(fn) ?? [])].sort();
    return { fn, allowed, used: u, unused: allowed.filter((a) => !u.includes(a)) };
  });
  return { denied, grants };
}
