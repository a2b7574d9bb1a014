import { randomUUID } from 'node:crypto';
import { log, withLogScope } from '../../platform/lib/log.js';
import { type CloudAssembly, referencedId, resourcesOf } from './cloud-assembly.js';
import type { LambdaHost } from './lambda-host.js';

/**
 * The template's HTTP API, served here: its routes (`AWS::ApiGatewayV2::Route`) matched as API Gateway matches them,
 * each request handed to the route's integration Lambda as an HTTP API payload 2.0 event, after the route's Lambda
 * authorizer (REQUEST, payload 2.0, simple responses, no cache) when it has one, whose `context` reaches the function
 * as `requestContext.authorizer.lambda`. Answers are API Gateway's: the function's `statusCode`, headers, cookies and
 * body, `{"message":"Not Found"}` for no route, 403 `Forbidden` when the authorizer refuses, 500 `Internal Server
 * Error` when a Lambda fails or reaches its own timeout (29 s). API Gateway's 30 s integration timeout (503) is not
 * modelled: a function's own timeout comes first.
 * Source of the shapes: AWS, "Working with AWS Lambda proxy integrations for HTTP APIs" and "Working with AWS Lambda
 * authorizers for HTTP APIs" (payload format version 2.0).
 */

interface Route {
  routeKey: string;
  method: string;
  pattern: RegExp;
  params: string[];
  /** Literal characters in the path: the more, the more specific (API Gateway prefers the most specific route). */
  weight: number;
  greedy: boolean;
  fn: string;
  authorizer?: string;
}

/** The Lambda an integration or authorizer invokes (the `Fn::GetAtt [<fn>, Arn]` inside its URI). */
function functionOf(uri: unknown): string | undefined {
  const direct = referencedId(uri);
  if (direct) return direct;
  const parts = (uri as { 'Fn::Join'?: [string, unknown[]] })?.['Fn::Join']?.[1] ?? [];
  return parts.map(referencedId).find(Boolean);
}

/** Reads the template's routes, each with its function and authorizer function. */
export function readRoutes(a: CloudAssembly): Route[] {
  const integrations = new Map(resourcesOf(a, 'AWS::ApiGatewayV2::Integration').map(([id, p]) => [id, functionOf(p.IntegrationUri)]));
  const authorizers = new Map(resourcesOf(a, 'AWS::ApiGatewayV2::Authorizer').map(([id, p]) => [id, functionOf(p.AuthorizerUri)]));
  const routes: Route[] = [];
  for (const [, p] of resourcesOf(a, 'AWS::ApiGatewayV2::Route')) {
    const routeKey = String(p.RouteKey);
    // `$default` (a catch-all of its own, which Attain's template has none of) matches any request, last.
    const [method, path] = routeKey === '$default' ? ['ANY', '/{proxy+}'] : routeKey.split(' ');
    const integration = ((p.Target as { 'Fn::Join'?: [string, unknown[]] })?.['Fn::Join']?.[1] ?? []).map(referencedId).find(Boolean);
    const fn = integration ? integrations.get(integration) : undefined;
    if (!fn) continue;
    const params: string[] = [];
    const pattern = path
      .split('/')
      .map((seg) => {
        const v = /^\{(\w+)(\+?)\}$/.exec(seg);
        if (!v) return seg.replace(/[.*+?^$(){}|[\]\\]/g, '\\$&');
        params.push(v[2] ? `${v[1]}+` : v[1]);
        return v[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    const authorizerId = referencedId(p.AuthorizerId);
    routes.push({
      routeKey,
      method,
      pattern: new RegExp(`^${pattern}$`),
      params,
      weight: path.replace(/\{[^}]+\}/g, '').length,
      greedy: path.includes('+}'),
      fn,
      ...(authorizerId && authorizers.get(authorizerId) ? { authorizer: authorizers.get(authorizerId) } : {}),
    });
  }
  // Exact paths first, then the most literal; a greedy path only when nothing else matches; a method before ANY.
  return routes.sort(
    (x, y) =>
      Number(x.greedy) - Number(y.greedy) ||
      x.params.length - y.params.length ||
      y.weight - x.weight ||
      Number(x.method === 'ANY') - Number(y.method === 'ANY'),
  );
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Content types API Gateway passes as text; any other body is base64-encoded (`isBase64Encoded`). */
const TEXT = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|[^;]*\+json)/i;

/** What the access log line of a request reads (API Gateway's `$context` variables): filled in as it is served. */
interface Served {
  requestId?: string;
  routeKey?: string;
  campus?: string;
  error?: string;
}

/**
 * Answers one request as the template's HTTP API would, and writes the stage's access log line for it
 * (`log`: `request_id`, `campus` = the authorizer's `tenant`, `route`, `status`, `ms`, `error`; the stack's
 * `accessLogSettings` in infra/lib/constructs/api.ts).
 */
export async function serveHttpApi(routes: readonly Route[], host: LambdaHost, req: Request, sourceIp = '127.0.0.1'): Promise<Response> {
  const started = Date.now();
  const served: Served = {};
  const res = await respond(routes, host, req, sourceIp, served);
  withLogScope({ request_id: served.requestId ?? randomUUID(), campus: served.campus }, () =>
    log.info('request', { route: served.routeKey ?? '-', status: res.status, ms: Date.now() - started, error: served.error }),
  );
  return res;
}

/** The answer of `serveHttpApi`, noting in `served` what its access log line reads. */
async function respond(routes: readonly Route[], host: LambdaHost, req: Request, sourceIp: string, served: Served): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname;
  let route: Route | undefined;
  let match: RegExpExecArray | null = null;
  for (const r of routes) {
    if (r.method !== 'ANY' && r.method !== req.method) continue;
    match = r.pattern.exec(path);
    if (match) {
      route = r;
      break;
    }
  }
  if (!route || !match) return json(404, { message: 'Not Found' });
  const headers: Record<string, string> = {};
  req.headers.forEach((v, k) => {
    if (k !== 'cookie') headers[k] = v;
  });
  const cookies = req.headers.get('cookie')?.split(/;\s*/).filter(Boolean);
  const raw = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.from(await req.arrayBuffer());
  const text = TEXT.test(req.headers.get('content-type') ?? '');
  const now = new Date();
  const requestContext = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: url.host,
    domainPrefix: url.hostname.split('.')[0],
    http: { method: req.method, path, protocol: 'HTTP/1.1', sourceIp, userAgent: req.headers.get('user-agent') ?? '' },
    requestId: randomUUID(),
    routeKey: route.routeKey,
    stage: '$default',
    time: now.toUTCString(),
    timeEpoch: now.getTime(),
  };
  served.requestId = requestContext.requestId;
  served.routeKey = route.routeKey;
  const pathParameters = Object.fromEntries(route.params.map((p, i) => [p.replace(/\+$/, ''), decodeURIComponent(match[i + 1])]));
  const queryStringParameters: Record<string, string> = {};
  for (const [k, v] of url.searchParams)
    queryStringParameters[k] = queryStringParameters[k] === undefined ? v : `${queryStringParameters[k]},${v}`;
  const base = {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: path,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters } : {}),
    ...(route.params.length ? { pathParameters } : {}),
  };
  let authorizer: Record<string, unknown> | undefined;
  if (route.authorizer) {
    try {
      const answer = (await host.invoke(route.authorizer, {
        ...base,
        type: 'REQUEST',
        routeArn: `arn:aws:execute-api:ap-south-1:000000000000:local/$default/${req.method}${path}`,
        identitySource: [],
        requestContext,
      })) as { isAuthorized?: boolean; context?: Record<string, unknown> };
      if (!answer?.isAuthorized) return json(403, { message: 'Forbidden' });
      authorizer = { lambda: answer.context ?? {} };
      if (typeof answer.context?.tenant === 'string') served.campus = answer.context.tenant;
    } catch (e) {
      served.error = `the authorizer failed: ${(e as Error).message}`;
      return json(500, { message: 'Internal Server Error' });
    }
  }
  const event = {
    ...base,
    requestContext: { ...requestContext, ...(authorizer ? { authorizer } : {}) },
    ...(raw && raw.length
      ? { body: text ? raw.toString('utf8') : raw.toString('base64'), isBase64Encoded: !text }
      : { isBase64Encoded: false }),
  };
  let result: unknown;
  try {
    result = await host.invoke(route.fn, event);
  } catch (e) {
    served.error = (e as Error).message;
    return json(500, { message: 'Internal Server Error' });
  }
  return toResponse(result);
}

/** A payload 2.0 answer as an HTTP response (an answer without `statusCode` is a 200 JSON body). */
function toResponse(result: unknown): Response {
  const r = result as {
    statusCode?: number;
    headers?: Record<string, string>;
    cookies?: string[];
    body?: string;
    isBase64Encoded?: boolean;
  };
  if (!r || typeof r !== 'object' || typeof r.statusCode !== 'number') return json(200, result);
  const headers = new Headers(r.headers ?? {});
  for (const c of r.cookies ?? []) headers.append('set-cookie', c);
  const body = r.body === undefined ? null : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body;
  return new Response(r.statusCode === 204 || r.statusCode === 304 ? null : body, { status: r.statusCode, headers });
}
