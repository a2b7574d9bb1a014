import {
  type ApiRoute,
  type Domain,
  GROUPS_CLAIM,
  PUBLIC_SURVEY_PATH,
  PUBLIC_SURVEY_THROTTLE,
  SIGN_IN_ROUTES,
  SIGN_IN_ROUTE_THROTTLE,
  TENANT_ATTRIBUTE,
} from '@attain/shared-types';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { AttainFunction } from '../attain-function.js';
import { grantRecordsAccess } from '../audit-guard.js';
import { handlerEntry } from '../bundling.js';

export interface ApiProps {
  /** Every `/api` path and the domain that serves it (`apiRoutes()` from shared-types). */
  routes: ApiRoute[];
  /** The table every domain Lambda reads and writes. */
  table: dynamodb.ITableV2;
  /** The pool whose users the `auth` domain creates (Configuration > Users). */
  userPool: cognito.IUserPool;
  /** Environment of every function. */
  environment: Record<string, string>;
}

/** The catch-all route for /api paths no domain serves (answered with a JSON 404). */
export const UNKNOWN_API_PATH = '/api/{proxy+}';

/** Whether a route path needs no sign-in (a survey link's, sign-in's): no authorizer, throttled on its own. */
const isPublicPath = (path: string) => path.startsWith(PUBLIC_SURVEY_PATH) || SIGN_IN_ROUTES.includes(path);

/**
 * Which routes get an `AWS::ApiGatewayV2::Route` of their own, and which domain the catch-all (`UNKNOWN_API_PATH`)
 * goes to: the domain with the most routes (ties by name), whose signed-in routes then need none. API Gateway picks
 * the most specific route, so every other domain's paths still reach their own Lambda, and a path no route declares
 * reaches the catch-all's, whose app answers the same JSON 404 as every Lambda. Public routes keep their own route
 * whatever their domain (no authorizer; their own throttling).
 * @returns `fallback`: the catch-all's domain; `own`: the routes created one by one
 */
export function routedByFallback(routes: readonly ApiRoute[]): { fallback: Domain; own: ApiRoute[] } {
  const counts = new Map<Domain, number>();
  for (const r of routes) if (!isPublicPath(r.path)) counts.set(r.domain, (counts.get(r.domain) ?? 0) + 1);
  const [fallback] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? ['auth'];
  return { fallback, own: routes.filter((r) => isPublicPath(r.path) || r.domain !== fallback) };
}
/**
 * The HTTP API (docs/design.md "Shape", "HTTP API contract"): one Lambda per domain (`functions/src/lambdas/api/<bundle>.ts`),
 * one `ANY` route per `/api` path, the `$default` stage with access logs and throttling.
 *
 * Resources per route are kept to one (the `AWS::ApiGatewayV2::Route`), so the registry can grow within
 * CloudFormation's 500-resource limit: each domain Lambda has one integration shared by all its routes and one
 * invoke permission scoped to this API (`scopePermissionToRoute: false`) instead of one per route; the domain with the
 * most routes is served by the catch-all route and needs none (`routedByFallback`).
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** The Lambda of each domain that has at least one route. */
  readonly functions: ReadonlyMap<Domain, AttainFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table, userPool, environment } = props;

    const functions = new Map<Domain, AttainFunction>();
    for (const domain of new Set(props.routes.map((r) => r.domain))) {
      const f = new AttainFunction(this, `Fn-${domain}`, { entry: handlerEntry(domain), environment });
      // Least privilege: data-plane access to the one table (and its indexes), nothing else.
      grantRecordsAccess(f, table);
      functions.set(domain, f);
    }
    this.functions = functions;
    // Configuration > Users (served by the auth domain) and a new campus's first admin (the group domain) create
    // Cognito users: these four admin actions on this pool only.
    for (const fn of (['auth', 'group'] as const).flatMap((d) => functions.get(d) ?? [])) {
      userPool.grant(
        fn,
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminAddUserToGroup',
      );
    }
    // Ending a user's access (Configuration > Users; the group administrator for campus admins): disable, enable,
    // remove the Cognito user and sign it out everywhere; and a campus's API keys' app clients.
    for (const fn of functions.get('auth') ? [functions.get('auth') as AttainFunction] : []) {
      userPool.grant(
        fn,
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminUserGlobalSignOut',
        // API keys (decision 0062): an app client per key, created and deleted by campus admins.
        'cognito-idp:CreateUserPoolClient',
        'cognito-idp:DeleteUserPoolClient',
        // College sign-in (decision 0063): a campus's provider, listed on the web client (read, then written back).
        'cognito-idp:CreateIdentityProvider',
        'cognito-idp:DescribeIdentityProvider',
        'cognito-idp:UpdateIdentityProvider',
        'cognito-idp:DeleteIdentityProvider',
        'cognito-idp:DescribeUserPoolClient',
        'cognito-idp:UpdateUserPoolClient',
      );
    }

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Attain API: one route per /api path',
      createDefaultStage: true,
    });
    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const [domain, f] of functions) {
      integrations.set(domain, new HttpLambdaIntegration(`Int-${domain}`, f, { scopePermissionToRoute: false }));
    }
    // One Lambda authorizer verifies the ID token for every signed-in route, so the JWT verifier ships in it alone.
    // It reads the spec's `Authorization: token <id>` as well as `Bearer`, which the HTTP API's JWT authorizer does
    // not, and lets a refused request through with the reason, so the API Lambda answers the API's JSON 401. No
    // identity source and no cache: a request without the header reaches it too, and an expired token or an ended
    // account is never served from a cached answer.
    const authorizerFn = new AttainFunction(this, 'Authorizer', { entry: handlerEntry('authorizer'), environment });
    // It reads each caller's access item (an account an admin disabled or removed): GetItem on the table, nothing else.
    authorizerFn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [table.tableArn] }));
    const authorizer = new HttpLambdaAuthorizer('IdToken', authorizerFn, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [],
      resultsCacheTtl: Duration.seconds(0),
    });
    const publicRoutes = [];
    const { fallback, own } = routedByFallback(props.routes);
    for (const r of own) {
      const isPublic = isPublicPath(r.path);
      const added = this.httpApi.addRoutes({
        path: r.path,
        methods: [HttpMethod.ANY],
        integration: integrations.get(r.domain) as HttpLambdaIntegration,
        ...(isPublic ? {} : { authorizer }),
      });
      if (isPublic) publicRoutes.push(...added);
    }
    // Any other /api path goes to the domain with the most routes (`routedByFallback`): its own routes need no
    // resource each, and its app answers an unknown path with the same JSON 404 (with `errors.detail`) as every Lambda
    // and the local server, instead of API Gateway's own `{"message":"Not Found"}`.
    this.httpApi.addRoutes({
      path: UNKNOWN_API_PATH,
      methods: [HttpMethod.ANY],
      integration: integrations.get(fallback) as HttpLambdaIntegration,
      authorizer,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = this.httpApi.defaultStage?.node.defaultChild as CfnStage;
    // One JSON line per request, with the names the functions' own lines use (docs/operations.md "Logs"): the request
    // id the API Lambda's lines and a 500's body carry, the caller's campus from the authorizer's context (none on a
    // public route), the route's key (`ANY /api/public/survey/{token}`), never the path, which holds a survey link's
    // token. No personal data: not the caller's IP address, nor the authorizer's `user` (an e-mail).
    stage.accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        request_id: '$context.requestId',
        campus: '$context.authorizer.tenant',
        method: '$context.httpMethod',
        route: '$context.routeKey',
        status: '$context.status',
        ms: '$context.responseLatency',
        error: '$context.integrationErrorMessage',
      }),
    };
    stage.defaultRouteSettings = { throttlingBurstLimit: 200, throttlingRateLimit: 100 };
    // The public survey route (no sign-in) has its own limit, the same numbers the local server enforces; the routes
    // that check a password or an invitation link have a low one (`SIGN_IN_ROUTE_THROTTLE`), because each Lambda
    // instance slows failed sign-ins only in its own memory. `RouteSettings` is plain JSON in the L1 (a map keyed by
    // route), so CDK does not rename its keys: CloudFormation's own names are written here.
    stage.routeSettings = {
      [`ANY ${PUBLIC_SURVEY_PATH}/{token}`]: {
        ThrottlingRateLimit: PUBLIC_SURVEY_THROTTLE.rate,
        ThrottlingBurstLimit: PUBLIC_SURVEY_THROTTLE.burst,
      },
      ...Object.fromEntries(
        SIGN_IN_ROUTES.map((path) => [
          `ANY ${path}`,
          { ThrottlingRateLimit: SIGN_IN_ROUTE_THROTTLE.rate, ThrottlingBurstLimit: SIGN_IN_ROUTE_THROTTLE.burst },
        ]),
      ),
    };
    // A route's settings need the route to exist first.
    for (const route of publicRoutes) stage.node.addDependency(route);
    Validations.of(this.httpApi).acknowledge({
      id: 'AwsSolutions::AwsSolutions-APIG4',
      reason:
        'Every route except sign-in, set-password and the public survey link has the Lambda authorizer, which verifies the Cognito ID token ' +
        `(issuer, audience, signature, expiry) and passes the campus (${'custom:' + TENANT_ATTRIBUTE}) and role (${GROUPS_CLAIM}) to the API Lambda; ` +
        'the public routes are public by the spec (a survey invitee has no account).',
    });
  }
}
