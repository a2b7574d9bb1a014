import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ApiRoute,
  PUBLIC_SURVEY_PATH,
  PUBLIC_SURVEY_THROTTLE,
  API_KEY_SCOPES,
  GROUP_ROLES,
  SIGN_IN_ROUTES,
  SIGN_IN_ROUTE_THROTTLE,
  TABLE,
  apiDomains,
  apiRoutes,
} from '@attain/shared-types';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../bin/app.js';
import { UNKNOWN_API_PATH, routedByFallback } from '../lib/constructs/api.js';
import { AttainStack } from '../lib/attain-stack.js';
import { BUNDLING, POWERTOOLS_LAYER, REPO_ROOT, WORKERS } from '../lib/bundling.js';

/**
 * CloudFormation refuses templates over 500 resources; keep well below it. 400 since the SAR's records and the Survey
 * and summaries Lambdas (decisions 0043, 0044): the stack with 60 more paths and 4 more domains then counts 359, and
 * the next large growth should split the stack (e.g. one nested stack of API routes) rather than raise this.
 */
const RESOURCE_BUDGET = 400;
/** The same feature flags `cdk synth` reads from cdk.json. */
const context = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')).context;

let template: Template;
let workdir: string;
let outdir: string;
const savedEnv = { TMPDIR: process.env.TMPDIR, HOME: process.env.HOME };

beforeAll(() => {
  // Everything this test writes stays in one folder under the project's git-ignored .tmp, removed afterwards:
  // the cloud assembly, CDK's staging in the system temp folder, and its fingerprint cache in ~/.cdk/cache.
  const outRoot = join(REPO_ROOT, '.tmp');
  mkdirSync(outRoot, { recursive: true });
  workdir = mkdtempSync(join(outRoot, 'cdk-'));
  for (const d of ['tmp', 'home']) mkdirSync(join(workdir, d));
  process.env.TMPDIR = join(workdir, 'tmp');
  process.env.HOME = join(workdir, 'home');
  outdir = join(workdir, 'cdk.out');
  const { app, stack } = buildApp(new App({ outdir, context }));
  template = Template.fromStack(stack);
  app.synth(); // runs the cdk-nag plugin; findings would fail here
});

afterAll(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

const resourceCount = (t: Template) => Object.keys(t.toJSON().Resources).length;

/** Resource count of the stack built with other routes; Lambda bundling is skipped (it does not change the count). */
function countWith(routes: ApiRoute[], name: string): number {
  const app = new App({ outdir: join(workdir, name), context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  return resourceCount(Template.fromStack(new AttainStack(app, 'Attain', { env: { region: 'ap-south-1' }, routes })));
}

describe('the Attain stack', () => {
  it('builds the one table from the shared definition, with PITR and deletion protection', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((g) => Match.objectLike({ IndexName: g.indexName })),
      Replicas: [
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true }),
      ],
    });
  });
  it('serves a table restored from point-in-time recovery when deployed with restoredTableName (docs/restore.md)', () => {
    const app = new App({
      outdir: join(workdir, 'restored'),
      context: { ...context, 'aws:cdk:bundling-stacks': [], restoredTableName: 'attain-restored-1' },
    });
    const restored = Template.fromStack(new AttainStack(app, 'Attain', { env: { region: 'ap-south-1' } }));
    // The stack's own table leaves the template (it is kept: RETAIN), and every function is given the restored one.
    restored.resourceCountIs('AWS::DynamoDB::GlobalTable', 0);
    const fns = Object.values(restored.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Runtime?.startsWith('nodejs'));
    expect(fns.length).toBeGreaterThan(20);
    for (const f of fns)
      if (f.Properties.Environment?.Variables?.TABLE_NAME) expect(f.Properties.Environment.Variables.TABLE_NAME).toBe('attain-restored-1');
    // Its indexes are granted too, and the audit guard still denies edits of the audit partitions.
    const policies = JSON.stringify(restored.findResources('AWS::IAM::Policy'));
    expect(policies).toContain(':table/attain-restored-1/index/*');
    expect(policies).toContain('dynamodb:LeadingKeys');
  });
  it('keeps the logical ids of stored data, so a deploy never replaces the table, buckets, user pool or groups', () => {
    const resources = template.toJSON().Resources;
    const kept = {
      TableCD117FA1: 'AWS::DynamoDB::GlobalTable',
      AccessLogs8B620ECA: 'AWS::S3::Bucket',
      Files8E6940B8: 'AWS::S3::Bucket',
      SiteE53D7754: 'AWS::S3::Bucket',
      Users0A0EEA89: 'AWS::Cognito::UserPool',
      UsersWebA39D1A70: 'AWS::Cognito::UserPoolClient',
      ...Object.fromEntries(GROUP_ROLES.map((r) => [`Group${r.replace(/[^A-Za-z0-9]/g, '')}`, 'AWS::Cognito::UserPoolGroup'])),
    };
    for (const [id, type] of Object.entries(kept)) expect(resources[id]?.Type, id).toBe(type);
  });
  it('creates one HTTP API route per /api path, each to a domain Lambda, but those the catch-all serves', () => {
    const { fallback, own } = routedByFallback(apiRoutes());
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routes.sort()).toEqual([...own.map((r) => `ANY ${r.path}`), `ANY ${UNKNOWN_API_PATH}`].sort());
    // The catch-all serves the domain with the most routes, whose signed-in paths then need no route of their own.
    const counts = apiDomains().map((d) => apiRoutes().filter((r) => r.domain === d).length);
    expect(apiRoutes().filter((r) => r.domain === fallback).length).toBe(Math.max(...counts));
    expect(own.length).toBeLessThan(apiRoutes().length - 20);
    const integration = (key: string) =>
      JSON.stringify(
        Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: key } }))[0]?.Properties.Target,
      );
    const fallbackPath = apiRoutes().find((r) => r.domain === fallback)!.path;
    const served = Object.entries(template.findResources('AWS::ApiGatewayV2::Integration')).find(([id]) =>
      integration(`ANY ${UNKNOWN_API_PATH}`).includes(id),
    )?.[1];
    expect(JSON.stringify(served?.Properties.IntegrationUri), fallbackPath).toMatch(new RegExp(`Fn${fallback.replace(/-/g, '')}`, 'i'));
  });
  it('throttles the public survey route by its own limit, after the route exists', () => {
    const key = `ANY ${PUBLIC_SURVEY_PATH}/{token}`;
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'));
    expect(stages).toHaveLength(1);
    expect(stages[0].Properties.RouteSettings[key]).toEqual({
      ThrottlingRateLimit: PUBLIC_SURVEY_THROTTLE.rate,
      ThrottlingBurstLimit: PUBLIC_SURVEY_THROTTLE.burst,
    });
    const routes = template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: key } });
    expect(stages[0].DependsOn).toEqual(expect.arrayContaining(Object.keys(routes)));
  });
  it('throttles the sign-in, set-password and forgot-password routes as a whole, whatever Lambda instance answers', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0];
    expect(SIGN_IN_ROUTES).toEqual(['/api/auth/login', '/api/auth/set-password', '/api/auth/forgot-password']);
    for (const path of SIGN_IN_ROUTES) {
      expect(stage.Properties.RouteSettings[`ANY ${path}`]).toEqual({
        ThrottlingRateLimit: SIGN_IN_ROUTE_THROTTLE.rate,
        ThrottlingBurstLimit: SIGN_IN_ROUTE_THROTTLE.burst,
      });
      const route = template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: `ANY ${path}` } });
      expect(stage.DependsOn).toEqual(expect.arrayContaining(Object.keys(route)));
    }
  });
  it('shares one integration and one API-scoped invoke permission per domain Lambda across its routes', () => {
    const domains = apiDomains().length;
    template.resourceCountIs('AWS::ApiGatewayV2::Integration', domains);
    const fromApi = Object.values(template.findResources('AWS::Lambda::Permission')).filter(
      (p) => p.Properties.Principal === 'apigateway.amazonaws.com',
    );
    // One per domain Lambda, for any route of this API, and the Lambda authorizer's own (for its authorizer only).
    const authorizerArn = /\/authorizers\//;
    expect(fromApi.filter((p) => !authorizerArn.test(JSON.stringify(p.Properties.SourceArn)))).toHaveLength(domains);
    expect(fromApi).toHaveLength(domains + 1);
    for (const p of fromApi.filter((x) => !authorizerArn.test(JSON.stringify(x.Properties.SourceArn))))
      expect(JSON.stringify(p.Properties.SourceArn)).toMatch(/\/\*\/\*\/\*"\]\]\}$/);
  });
  it('verifies the ID token at the gateway for every route but sign-in, set-password, forgot-password and the public survey link', () => {
    const authorizers = Object.entries(template.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0];
    // Simple responses, no cache (an expired token is never let through from a cached answer), no identity source
    // (a request without the header still reaches it and gets the API's JSON 401).
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 0,
    });
    expect(authorizer.Properties.IdentitySource ?? []).toEqual([]);
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route'));
    const open = routes.filter((r) => r.Properties.AuthorizationType !== 'CUSTOM').map((r) => r.Properties.RouteKey as string);
    expect(open.sort()).toEqual([...SIGN_IN_ROUTES.map((p) => `ANY ${p}`), `ANY ${PUBLIC_SURVEY_PATH}/{token}`].sort());
    for (const r of routes.filter((x) => x.Properties.AuthorizationType === 'CUSTOM'))
      expect(r.Properties.AuthorizerId).toEqual({ Ref: authorizerId });
    // The authorizer reads one item per caller (the account's access) and nothing else: GetItem only.
    const fnId = Object.keys(template.findResources('AWS::Lambda::Function')).find((id) => /^ApiAuthorizer/.test(id));
    expect(fnId).toBeDefined();
    const policies = JSON.stringify(
      Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
        /"Ref":"ApiAuthorizerServiceRole/.test(JSON.stringify(p.Properties.Roles)),
      ),
    );
    expect([...policies.matchAll(/dynamodb:\w+/g)].map((m) => m[0])).toEqual(['dynamodb:GetItem']);
  });
  it(`stays below ${RESOURCE_BUDGET} resources (CloudFormation's limit is 500)`, () => {
    expect(resourceCount(template)).toBeLessThan(RESOURCE_BUDGET);
  });
  it(`stays below ${RESOURCE_BUDGET} resources with 30 more record types (60 more paths) and 4 more domain Lambdas`, () => {
    const base = resourceCount(template);
    // Grown in the domains that need a route per path (the catch-all's would cost none): the worst case.
    const { fallback } = routedByFallback(apiRoutes());
    const domains = apiDomains().filter((d) => d !== fallback);
    const added: ApiRoute[] = Array.from({ length: 30 }, (_, i) => [
      { path: `/api/growth-${i}`, domain: domains[i % domains.length] },
      { path: `/api/growth-${i}/{id}`, domain: domains[i % domains.length] },
    ]).flat();
    const grown = countWith([...apiRoutes(), ...added], 'grown');
    // At most the Route itself: integration and permission are per domain (less when growth makes another domain the
    // largest, which the catch-all then serves instead).
    expect(grown - base).toBeLessThanOrEqual(added.length);
    expect(grown - base).toBeGreaterThan(added.length / 2);

    // A domain's own cost: its Lambda, role, policy, log group, integration and permission (measured by leaving one out).
    const dropped = apiRoutes().filter((r) => r.domain === 'assessments');
    const perDomain =
      base -
      countWith(
        apiRoutes().filter((r) => r.domain !== 'assessments'),
        'shrunk',
      ) -
      dropped.length; // one Route each: assessments is not the catch-all's domain
    expect(perDomain).toBeGreaterThan(0);
    expect(grown + 4 * perDomain).toBeLessThan(RESOURCE_BUDGET); // e.g. faculty, survey, utilities, reports
  });
  it("gives every API function the site's own address for the links it mails, never a request's Origin", () => {
    const fns = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => /^ApiFn/.test(id));
    expect(fns.length).toBe(apiDomains().length);
    const cdn = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0];
    for (const [id, f] of fns)
      expect(f.Properties.Environment.Variables.SITE_URL, id).toEqual({
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [cdn, 'DomainName'] }]],
      });
  });
  it("serves API keys: the resource server's scopes, the pool's token domain, and only the auth Lambda makes their app clients", () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolResourceServer', {
      Identifier: 'attain',
      Scopes: API_KEY_SCOPES.map((k) => Match.objectLike({ ScopeName: k })),
    });
    expect(Object.keys(template.findResources('AWS::Cognito::UserPoolDomain'))).toHaveLength(1);
    const fns = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => /^ApiFn/.test(id));
    const withTokenUrl = fns.filter(([, f]) => f.Properties.Environment.Variables.TOKEN_URL).map(([id]) => id);
    expect(withTokenUrl).toHaveLength(1);
    expect(withTokenUrl[0]).toMatch(/^ApiFnauth/);
    const granting = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('cognito-idp:CreateUserPoolClient'),
    );
    expect(granting).toHaveLength(1);
    expect(JSON.stringify(granting[0].Properties.Roles)).toMatch(/ApiFnauth/);
  });
  it("signs people in through their college's provider: the code grant back to the site only, the trigger, providers set by auth", () => {
    const cdn = Object.keys(template.findResources('AWS::CloudFront::Distribution'))[0];
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email', 'profile']),
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [cdn, 'DomainName'] }, '/sso/callback']] }],
      SupportedIdentityProviders: ['COGNITO'],
    });
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0];
    // One function answers both triggers: the first sign-in's rule, and the account named in every token.
    const triggers = pool.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': string[] }>;
    expect(triggers.PreSignUp['Fn::GetAtt'][0]).toMatch(/^SignInTriggers/);
    expect(triggers.PreTokenGeneration['Fn::GetAtt'][0]).toBe(triggers.PreSignUp['Fn::GetAtt'][0]);
    // Cognito's own link is never used: it refuses an account with an immutable attribute (custom:tenant).
    expect(JSON.stringify(template.toJSON())).not.toMatch(/AdminLinkProviderForUser/);
    const reading = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('cognito-idp:AdminListGroupsForUser'),
    );
    expect(reading.map((p) => JSON.stringify(p.Properties.Roles))).toContainEqual(expect.stringMatching(/SignInTriggers/));
    const setting = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('cognito-idp:CreateIdentityProvider'),
    );
    expect(setting.map((p) => JSON.stringify(p.Properties.Roles))).toEqual([expect.stringMatching(/ApiFnauth/)]);
  });
  it('runs every function on nodejs22.x, arm64', () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.Environment?.Variables?.TABLE_NAME,
    );
    expect(fns.length).toBeGreaterThanOrEqual(3);
    for (const f of fns) {
      expect(f.Properties.Runtime).toBe('nodejs22.x');
      expect(f.Properties.Architectures).toEqual(['arm64']);
    }
  });
  it("gives every function Powertools from AWS's layer of the version functions/ pins, its own service name, and X-Ray tracing", () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.Environment?.Variables?.TABLE_NAME,
    );
    // The layer's ARN is AWS's public SSM parameter of the pinned version, read by CloudFormation at deployment: one
    // template parameter of the SSM type, named by the Powertools docs' path, and no ARN typed by hand.
    const parameters = Object.entries(template.toJSON().Parameters as Record<string, { Type: string; Default?: string }>).filter(([, p]) =>
      p.Default?.startsWith('/aws/service/powertools/'),
    );
    expect(parameters.map(([, p]) => p)).toEqual([
      {
        Type: 'AWS::SSM::Parameter::Value<String>',
        Default: `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_LAYER.powertools}`,
      },
    ]);
    for (const f of fns) {
      expect(f.Properties.Layers).toEqual([{ Ref: parameters[0][0] }]);
      expect(f.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
    expect(JSON.stringify(template.toJSON())).not.toMatch(/AWSLambdaPowertools|094274105915/);
    // The service of each function's log lines: its entry's name, one per function.
    const services = fns.map((f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).sort();
    expect(services).toEqual([...apiDomains(), 'authorizer', ...WORKERS].sort());
    // The bundles leave Powertools to the layer, so what the tests and the local stack run must be the layer's version.
    expect(BUNDLING.externalModules).toContain('@aws-lambda-powertools/*');
    const deps = JSON.parse(readFileSync(join(REPO_ROOT, 'functions', 'package.json'), 'utf8')).dependencies as Record<string, string>;
    const powertools = Object.entries(deps).filter(([name]) => name.startsWith('@aws-lambda-powertools/'));
    expect(powertools.length).toBeGreaterThan(0);
    for (const [name, version] of powertools) expect(`${name}@${version}`).toBe(`${name}@${POWERTOOLS_LAYER.powertools}`);
  });
  it("writes Lambda's own lines (START, REPORT, an invocation's error) as JSON, at the one level Powertools reads too", () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Runtime?.startsWith('nodejs'));
    expect(fns.length).toBeGreaterThan(20);
    for (const f of fns) {
      expect(f.Properties.LoggingConfig).toMatchObject({ LogFormat: 'JSON', ApplicationLogLevel: 'INFO', SystemLogLevel: 'INFO' });
      // Lambda hands the application level to Powertools (AWS_LAMBDA_LOG_LEVEL), which then ignores these.
      const vars = f.Properties.Environment?.Variables ?? {};
      expect(vars.POWERTOOLS_LOG_LEVEL, f.Properties.Handler).toBeUndefined();
      expect(vars.LOG_LEVEL, f.Properties.Handler).toBeUndefined();
    }
  });
  it('refuses a region outside the commercial partition, where AWS publishes no Powertools layer parameter', () => {
    for (const region of ['cn-north-1', 'us-gov-west-1']) {
      const app = new App({ outdir: join(workdir, region), context: { ...context, 'aws:cdk:bundling-stacks': [] } });
      expect(() => new AttainStack(app, 'Attain', { env: { region } }), region).toThrow(/commercial regions \(partition aws\) only/);
    }
    const agnostic = new App({ outdir: join(workdir, 'agnostic'), context: { ...context, 'aws:cdk:bundling-stacks': [] } });
    expect(() => new AttainStack(agnostic, 'Attain')).toThrow(/this stack has no region/);
  });
  it("writes the API's access log lines with the request id and campus, and no path, address or e-mail", () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0];
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format);
    expect(format).toMatchObject({ request_id: '$context.requestId', campus: '$context.authorizer.tenant', route: '$context.routeKey' });
    expect(Object.values(format).join(' ')).not.toMatch(/\$context\.(path|identity|authorizer\.user)/);
  });
  it('has the role groups and the campus attribute in the user pool', () => {
    for (const g of GROUP_ROLES) template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: g });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([Match.objectLike({ Name: 'tenant', Mutable: false })]),
    });
  });
  it('sends SES events to the receipts Lambda through SNS', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    const dest = Object.values(template.findResources('AWS::SES::ConfigurationSetEventDestination'))[0];
    expect(dest.Properties.EventDestination.MatchingEventTypes).toEqual(
      expect.arrayContaining(['send', 'delivery', 'bounce', 'complaint', 'reject', 'deliveryDelay', 'open', 'click']),
    );
    template.resourceCountIs('AWS::SNS::Subscription', 1);
  });
  it('sends bulk mail from a queue with a dead-letter queue, one worker at a time, allowed to send through SES', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const main = Object.values(queues).find((q) => q.Properties.RedrivePolicy);
    expect(main?.Properties.RedrivePolicy.maxReceiveCount).toBe(5);
    expect(main?.Properties.VisibilityTimeout).toBeGreaterThan(15 * 60);
    const workers = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.ReservedConcurrentExecutions === 1,
    );
    expect(workers).toHaveLength(1);
    expect(workers[0].Properties.Timeout).toBe(900);
    expect(Object.keys(workers[0].Properties.Environment.Variables)).toEqual(
      expect.arrayContaining(['MAIL_QUEUE_URL', 'MAIL_CONFIGURATION_SET', 'MAIL_FROM']),
    );
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 1, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('ses:SendEmail');
    expect(policies).toContain('sqs:SendMessage');
  });
  it('lets the marks and faculty Lambdas sign uploads: s3:PutObject on imports/* and files/* (presigned POSTs the deployed run cannot record)', () => {
    const fns = template.findResources('AWS::Lambda::Function');
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const statementsOf = (prefix: string) => {
      const [, fn] = Object.entries(fns).find(([id]) => id.startsWith(prefix)) ?? [];
      const role = fn?.Properties.Role['Fn::GetAtt'][0];
      return JSON.stringify(policies.filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role)));
    };
    for (const [prefix, objects] of [
      ['ApiFnmarks', 'imports/*'],
      ['ApiFnfaculty', 'files/*'],
    ]) {
      const text = statementsOf(prefix);
      expect(text, prefix).toContain('s3:PutObject');
      expect(text, prefix).toContain(`/${objects}`);
    }
  });
  it('is one stack for every group: a per-group context or a region not listed in cdk.json is refused (decision 0049)', () => {
    expect(() => buildApp(new App({ outdir: join(workdir, 'g'), context: { ...context, group: 'other-group' } }))).toThrow(
      /one stack for every group/,
    );
    const saved = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'us-east-1';
    try {
      expect(() => buildApp(new App({ outdir: join(workdir, 'r'), context }))).toThrow(
        /not us-east-1: a second region is a second, separate Attain/,
      );
    } finally {
      if (saved === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = saved;
    }
  });
  it('raises alarms to one SNS topic: each dead-letter queue, API 5xx, Lambda throttles, table system errors, mail in doubt', () => {
    const topics = Object.entries(template.findResources('AWS::SNS::Topic')).filter(
      ([, t]) => t.Properties?.DisplayName === 'Attain alarms',
    );
    expect(topics).toHaveLength(1);
    const [topicId] = topics[0];
    const alarms = Object.entries(template.findResources('AWS::CloudWatch::Alarm'));
    const names = alarms.map(([id]) => id.replace(/^Operations/, '').replace(/[0-9A-F]{8}$/, '')).sort();
    expect(names).toEqual([
      'Api5xx',
      'DeadLettersbulkmail',
      'DeadLetterscampussummaries',
      'DeadLettersresults',
      'LambdaThrottles',
      'MailInDoubt',
      'TableSystemErrors',
    ]);
    for (const [id, a] of alarms) {
      expect(a.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
      expect(a.Properties.OKActions, id).toEqual([{ Ref: topicId }]);
    }
    // Every dead-letter queue of the stack (a queue another names in its redrive policy) has its alarm.
    const queues = template.findResources('AWS::SQS::Queue');
    const deadLetterIds = Object.values(queues).flatMap((q) =>
      q.Properties.RedrivePolicy ? [q.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]] : [],
    );
    const watched = alarms.flatMap(([, a]) =>
      (a.Properties.Dimensions ?? []).map((d: { Value: { 'Fn::GetAtt'?: string[] } }) => d.Value['Fn::GetAtt']?.[0]),
    );
    expect(deadLetterIds.length).toBe(3);
    for (const q of deadLetterIds) expect(watched).toContain(q);
    // The in-doubt metric counts the mail sender's own log lines (mail-sender.ts `logMarkedInDoubt`).
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.markedInDoubt > 0 }',
      MetricTransformations: [
        Match.objectLike({ MetricName: 'MailRecipientsMarkedInDoubt', MetricValue: '$.markedInDoubt', MetricNamespace: 'Attain' }),
      ],
    });
  });
  it('lets only the API Lambdas that send mail queue it: Send Mail, Add User, survey invitations, a new campus', () => {
    const fns = template.findResources('AWS::Lambda::Function');
    const senders = Object.entries(fns)
      .filter(([id, f]) => id.startsWith('ApiFn') && f.Properties.Environment?.Variables?.MAIL_QUEUE_URL)
      .map(([id]) => id.replace(/^ApiFn/, '').replace(/[0-9A-F]{8}$/, ''));
    expect(senders.sort()).toEqual(['auth', 'group', 'surveyhosting', 'utilities']);
  });
  it('computes results on write: input writers queue recomputations for a worker, with a dead-letter queue', () => {
    const fns = template.findResources('AWS::Lambda::Function');
    const withUrl = Object.entries(fns).filter(([, f]) => f.Properties.Environment?.Variables?.RESULTS_QUEUE_URL);
    const ids = withUrl.map(([id]) => id);
    // Readers that store a course computed again (reports, survey results, the summaries worker) queue its students'.
    for (const d of ['curriculum', 'assessments', 'attainment', 'survey', 'surveyhosting', 'reports', 'surveyresults'])
      expect(ids.some((id) => id.startsWith(`ApiFn${d}`))).toBe(true);
    expect(ids.some((id) => id.startsWith('ApiFnconfiguration'))).toBe(false);
    expect(ids.some((id) => id.startsWith('MarksImportWorker'))).toBe(true);
    expect(ids.some((id) => id.startsWith('SummariesWorker'))).toBe(true);
    const worker = Object.entries(fns).find(([id]) => id.startsWith('ResultsWorker'));
    expect(worker).toBeDefined();
    const queue = Object.entries(template.findResources('AWS::SQS::Queue')).find(
      ([id]) => id.startsWith('ResultsQueue') && !id.includes('Failures'),
    );
    expect(queue?.[1].Properties.RedrivePolicy.maxReceiveCount).toBe(4);
    expect(queue?.[1].Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * worker?.[1].Properties.Timeout);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
  it('computes campus summaries in a Lambda of their own, which only the group Lambda may invoke and knows by name', () => {
    const fns = template.findResources('AWS::Lambda::Function');
    const worker = Object.entries(fns).find(([id]) => id.startsWith('SummariesWorker'));
    expect(worker).toBeDefined();
    expect(worker?.[1].Properties.Timeout).toBe(120);
    const named = Object.entries(fns)
      .filter(([, f]) => f.Properties.Environment?.Variables?.SUMMARIES_FUNCTION)
      .map(([id]) => id);
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/^ApiFngroup/);
    const invokers = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      (p.Properties.PolicyDocument.Statement as Record<string, any>[]).some(
        (st) => [st.Action].flat().includes('lambda:InvokeFunction') && JSON.stringify(st.Resource).includes(worker?.[0] ?? '-'),
      ),
    );
    expect(invokers.map((p) => JSON.stringify(p.Properties.Roles))).toEqual([expect.stringMatching(/ApiFngroup/)]);
  });
  it('refreshes campus summaries on write: every function that writes records may queue its campus, the summaries worker reads the queue', () => {
    const fns = Object.entries(template.findResources('AWS::Lambda::Function')).filter(
      ([, f]) => f.Properties.Environment?.Variables?.TABLE_NAME,
    );
    // Every function with the table but the authorizer (which only reads a registration) stamps the campuses it writes.
    const writers = fns.filter(([id]) => !id.startsWith('ApiAuthorizer'));
    expect(writers.length).toBeGreaterThanOrEqual(apiDomains().length + 5);
    const queue = Object.entries(template.findResources('AWS::SQS::Queue')).find(
      ([id]) => id.startsWith('SummariesQueue') && !id.includes('Failures'),
    );
    expect(queue).toBeDefined();
    const senders = new Set(
      Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((p) =>
          (p.Properties.PolicyDocument.Statement as Record<string, any>[]).some(
            (st) => [st.Action].flat().includes('sqs:SendMessage') && JSON.stringify(st.Resource).includes(queue?.[0] ?? '-'),
          ),
        )
        .flatMap((p) => (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref)),
    );
    for (const [id, f] of writers) {
      expect(f.Properties.Environment.Variables.SUMMARIES_QUEUE_URL, id).toEqual({ Ref: queue?.[0] });
      expect(senders.has(f.Properties.Role['Fn::GetAtt'][0]), id).toBe(true);
    }
    const worker = fns.find(([id]) => id.startsWith('SummariesWorker'));
    expect(queue?.[1].Properties.RedrivePolicy.maxReceiveCount).toBe(4);
    expect(queue?.[1].Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * worker?.[1].Properties.Timeout);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      BatchSize: 1,
      FunctionName: { Ref: worker?.[0] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
  it('denies every domain Lambda (and the marks import, results and summaries workers, and the pre sign-up trigger) editing or deleting audit entries', () => {
    const denyRoles = new Set<string>();
    for (const p of Object.values(template.findResources('AWS::IAM::Policy'))) {
      const denies = (p.Properties.PolicyDocument.Statement as Record<string, any>[]).filter(
        (st) =>
          st.Effect === 'Deny' &&
          JSON.stringify(st.Condition) === JSON.stringify({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['T#*#audit#*'] } }),
      );
      if (!denies.some((st) => ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'].every((a) => [st.Action].flat().includes(a)))) continue;
      for (const r of p.Properties.Roles as { Ref: string }[]) denyRoles.add(r.Ref);
    }
    const fns = Object.entries(template.findResources('AWS::Lambda::Function')).filter(([id]) => /^ApiFn/.test(id));
    expect(fns.length).toBe(apiDomains().length);
    for (const [id, f] of fns) expect(denyRoles.has(f.Properties.Role['Fn::GetAtt'][0]), id).toBe(true);
    expect(denyRoles.size).toBe(apiDomains().length + 4);
  });
  it('blocks public access and versions every bucket', () => {
    for (const b of Object.values(template.findResources('AWS::S3::Bucket'))) {
      expect(b.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
      expect(b.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    }
  });
  it('sends /api/* from CloudFront to the API without caching', () => {
    const cdn = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0];
    const api = cdn.Properties.DistributionConfig.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']));
    expect(api.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad'); // CachingDisabled managed policy
  });
  it('answers a miswritten API path (/API/program, //api/program) at CloudFront with the JSON 404, not the web page', () => {
    const cdn = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0];
    const assoc = cdn.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations;
    expect(assoc).toHaveLength(1);
    expect(assoc[0].EventType).toBe('viewer-request');
    const fn = Object.values(template.findResources('AWS::CloudFront::Function'))[0];
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // Run the deployed code on viewer requests as CloudFront hands them over.
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: unknown) => Record<string, any>;
    const run = (uri: string) => handler({ request: { uri, method: 'GET', headers: {} } });
    for (const uri of ['/API/program', '//api/program', '/Api', '///API/x'])
      expect(run(uri), uri).toMatchObject({ statusCode: 404, body: { data: expect.stringContaining(`No API route at ${uri}`) } });
    for (const uri of ['/', '/configuration/department', '/apiary', '/assets/index.js', '/api/program'])
      expect(run(uri), uri).toMatchObject({ uri });
  });
  it('passes cdk-nag AwsSolutions with no unacknowledged finding, each acknowledgement with a reason', () => {
    const report = join(outdir, 'validation-report.json');
    if (existsSync(report)) {
      const r = JSON.parse(readFileSync(report, 'utf8'));
      const failures = r.pluginReports.flatMap((p: { violations: unknown[] }) => p.violations);
      expect(failures).toEqual([]);
    }
    const lib = join(REPO_ROOT, 'infra', 'lib');
    const sources = readdirSync(lib, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(join(lib, f), 'utf8'));
    const acks = sources.flatMap((s) => s.split('.acknowledge(').slice(1));
    expect(acks.length).toBeGreaterThan(5);
    for (const a of acks) expect(a.slice(0, 600)).toMatch(/reason:\s*['"`][^'"`]{20,}/);
  });
});
