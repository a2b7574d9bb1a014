import { randomUUID } from 'node:crypto';
import {
  CAMPUS_HEADER,
  type CampusScope,
  type Caller,
  MAX_BODY_BYTES,
  PUBLIC_SURVEY_PATH,
  SIGN_IN_ROUTES,
  honoPath,
  may,
} from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { bodyLimit } from 'hono/body-limit';
import { routePath } from 'hono/route';
import { HttpError, errorBody } from '../lib/errors.js';
import { log, setLogCampus, withLogScope } from '../lib/log.js';
import { withMetrics } from '../lib/request-metrics.js';
import { type DomainModule, hooksByEntity } from './domain-module.js';
import type { AppEnv } from './context.js';
import type { Authenticate } from './authenticate.js';
import { crudRouter } from './crud-router.js';
import { requestScope } from './request-scope.js';

/** A regular expression matching the paths of a Hono pattern (`/api/x/:id`, `*`); a trailing slash is not significant. */
const pathPattern = (pattern: string): RegExp =>
  new RegExp(
    `^${honoPath(pattern)
      .replace(/\/+$/, '')
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[A-Za-z_]\w*/g, '[^/]+')
      .replace(/\*/g, '.*')}/?$`,
  );

/**
 * The methods an app serves at a path, from its registered routes (Hono patterns such as `/api/x/:id`; trailing
 * slashes are not significant), HEAD with GET. Middleware (`ALL`) routes are not counted.
 */
function allowedMethods(app: Hono<AppEnv>): (path: string) => string[] {
  const routes = app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ method: r.method, re: pathPattern(r.path) }));
  return (path) => {
    const methods = new Set(routes.filter((r) => r.re.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/** Public paths: everything else needs a verified token. */
const PUBLIC = new Set(SIGN_IN_ROUTES.flatMap((p) => [p, `${p}/`]));
/** Public path prefixes: a survey invitee's link (the token in the path is its only key). */
const PUBLIC_PREFIXES = [`${PUBLIC_SURVEY_PATH}/`];

/** Methods that change something. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Paths where a group administrator writes in its own group's namespace whichever campus it is reading: its own
 * profile and the group's campuses.
 */
const OWN_NAMESPACE_PREFIXES = ['/api/auth/profile', '/api/group/'];
/** The one write a group administrator makes in a campus it reads: a user's access (`userAccessRoute`, `ACCESS_ENDERS`). */
const GROUP_CAMPUS_WRITES = /^\/api\/auth\/user-list\/[^/]+\/access\/?$/;

/**
 * Refuses any write a group administrator sends while reading a campus (`X-Campus`): the campus's data, files and
 * mail are changed by its own admins only; the group administrator changes only the access of the campus's users
 * (`ACCESS_ENDERS`: its admins and faculty).
 * The one gate for every route (the store's `assertWritable` also refuses record writes through a read-only scope).
 * @throws HttpError 403
 */
function assertCampusWriteAllowed(method: string, path: string, caller: Caller, scope: CampusScope): void {
  if (!may(caller, 'oversee-group') || scope.campus === caller.tenant || !WRITE_METHODS.has(method)) return;
  if (OWN_NAMESPACE_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))) return;
  // The group administrator ends or restores a campus admin's access (`ACCESS_ENDERS`; the route checks whose).
  if (GROUP_CAMPUS_WRITES.test(path)) return;
  throw new HttpError(403, 'This campus is open to you for reading only; its own admins make changes');
}

/**
 * Builds the Hono app that serves the given domain modules' `/api` routes: each module's special routes, then the
 * generic CRUD router of every entity it lists (`entities`, its domain's) with the module's hooks. The cloud runs one app per
 * domain Lambda (`handlers/*.ts`, each importing only its own module); the local server runs one app with every
 * domain. Middleware, in order: request id (API Gateway's in a Lambda; `x-request-id`), the `request_id` of every
 * log line of the request (`withLogScope`; the caller's `campus` joins once it is verified) and its `served` DEBUG
 * line (method, route pattern, status, ms: no path, no body); DynamoDB call counting
 * (`x-dynamodb-calls`); body limit (413 over `MAX_BODY_BYTES`); `authenticate` (401) for every non-public path, which sets the caller and its campus
 * scope (`requestScope`: a group administrator's chosen campus, a disabled campus refused) and refuses a group administrator's
 * writes into a chosen campus (`assertCampusWriteAllowed`); then the routers. Every error leaves as the
 * error envelope (docs/design.md "HTTP API contract"); unexpected ones as 500 with a request id and no internals.
 */
export function buildApp(domains: readonly DomainModule[], authenticate: Authenticate): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', async (c, next) => {
    const requestId = c.env?.event?.requestContext?.requestId ?? c.req.header('x-amzn-requestid') ?? randomUUID();
    c.set('requestId', requestId);
    const started = Date.now();
    const { metrics } = await withLogScope({ request_id: requestId }, () =>
      withMetrics(async () => {
        await next();
        // The route's pattern (`/api/public/survey/:token`), never the path; no body.
        log.debug('served', { method: c.req.method, route: routePath(c), status: c.res.status, ms: Date.now() - started });
      }),
    );
    c.res.headers.set('x-dynamodb-calls', String(metrics.dynamoCalls));
    c.res.headers.set('x-request-id', requestId);
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB`), 413),
    }),
  );
  const publicEndpoints = domains.flatMap((m) =>
    (m.endpoints ?? []).filter((e) => e.contract.public).map((e) => pathPattern(e.contract.path)),
  );
  app.use('/api/*', async (c, next) => {
    const path = c.req.path;
    if (PUBLIC.has(path) || PUBLIC_PREFIXES.some((p) => path.startsWith(p)) || publicEndpoints.some((re) => re.test(path))) return next();
    const caller = await authenticate(c);
    c.set('caller', caller);
    setLogCampus(caller.tenant);
    const scope = await requestScope(caller, c.req.header(CAMPUS_HEADER));
    setLogCampus(scope.campus);
    assertCampusWriteAllowed(c.req.method, c.req.path, caller, scope);
    c.set('scope', scope);
    return next();
  });
  // Special routes first: some sit under a CRUD path (`/api/department/user-list`) and must win over `/:id`.
  for (const m of domains) for (const e of m.endpoints ?? []) app.on(e.contract.method, honoPath(e.contract.path), e.handle);
  for (const m of domains) {
    const hooks = hooksByEntity(m.behaviours);
    for (const def of m.entities) {
      for (const path of [def.path, ...(def.aliases ?? [])]) app.route(path, crudRouter(def, hooks.get(def), m.sanitizeHtml, m.entities));
    }
  }

  // Every other /api request: 405 with `Allow` when the path exists with other methods, else a JSON 404. Registered
  // last, so it also answers inside the local server, whose own fallback serves the web page.
  const methodsFor = allowedMethods(app);
  app.all('/api/*', (c) => {
    const allow = methodsFor(c.req.path);
    if (allow.length)
      return c.json(errorBody(`${c.req.method} is not served at ${c.req.path}; use ${allow.join(', ')}`), 405, { Allow: allow.join(', ') });
    return c.json(errorBody(`No API route ${c.req.method} ${c.req.path}`), 404);
  });
  app.notFound((c) => c.json(errorBody(`No API route ${c.req.method} ${c.req.path}`), 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(errorBody(err.detail, err.fields, undefined, err.rows), err.status);
    const requestId = c.var.requestId ?? randomUUID();
    log.error('unexpected error', { error: err });
    return c.json(errorBody('Something went wrong on our side; quote the request id if it happens again', undefined, requestId), 500);
  });
  return app;
}
