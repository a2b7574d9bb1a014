import { randomUUID } from 'node:crypto';
import { CRUD_ENTITIES, type Domain, MAX_BODY_BYTES, SPECIAL_ROUTES } from '@attain/shared-types';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError, errorBody } from '../lib/errors.js';
import { withMetrics } from '../lib/request-metrics.js';
import { loginRouter, profileRouter } from './auth-routes.js';
import type { AppEnv } from './context.js';
import { crudRouter } from './crud-router.js';
import { coPoMatrixRouter, questionPaperRouter } from './document-routes.js';
import { attainmentRouter } from './attainment-routes.js';
import { importRouter } from './import-routes.js';
import { importJobRouter, marksRouter } from './marks-routes.js';
import { programOutcomeSetupRouter } from './program-outcome-routes.js';
import { departmentUserListRouter, userListRouter } from './user-routes.js';
import { callerFromHeader } from './verify-token.js';

/** Public paths: everything else needs a verified token. */
const PUBLIC = new Set(['/api/auth/login', '/api/auth/login/']);

/**
 * Builds the Hono app that serves the given domains' `/api` routes. The cloud runs one app per domain Lambda
 * (`handlers/*.ts`); the local server runs one app with every domain. Middleware, in order:
 * request id; DynamoDB call counting (`x-dynamodb-calls`); body limit (413 over `MAX_BODY_BYTES`);
 * token verification (401) for every non-public path; then the routers. Every error leaves as the
 * DESIGN.md envelope; unexpected ones as 500 with a request id and no internals.
 */
export function buildApp(domains: readonly Domain[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', async (c, next) => {
    c.set('requestId', c.req.header('x-amzn-requestid') ?? randomUUID());
    const { metrics } = await withMetrics(() => next());
    c.res.headers.set('x-dynamodb-calls', String(metrics.dynamoCalls));
    c.res.headers.set('x-request-id', c.var.requestId);
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(errorBody(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB`), 413),
    }),
  );
  app.use('/api/*', async (c, next) => {
    if (PUBLIC.has(c.req.path)) return next();
    c.set('caller', await callerFromHeader(c.req.header('authorization')));
    return next();
  });
  // Bespoke routes first: some sit under a CRUD path (`/api/department/user-list`) and must win over `/:id`.
  const bespoke: Record<string, () => Hono<AppEnv>> = {
    '/api/auth/login': loginRouter,
    '/api/auth/profile': profileRouter,
    '/api/auth/user-list': userListRouter,
    '/api/department/user-list': departmentUserListRouter,
    '/api/generic-program-outcome/setup': programOutcomeSetupRouter,
    '/api/co-po-matrix': coPoMatrixRouter,
    '/api/question-paper': questionPaperRouter,
    '/api/import': importRouter,
    '/api/marks': marksRouter,
    '/api/import-job': importJobRouter,
    '/api/attainment': attainmentRouter,
  };
  for (const route of SPECIAL_ROUTES) {
    const base = route.path.replace(/\/\{[^}]+\}$/, '');
    if (domains.includes(route.domain) && bespoke[base] && route.path === base) app.route(base, bespoke[base]());
  }
  for (const def of CRUD_ENTITIES) {
    if (!domains.includes(def.domain)) continue;
    for (const path of [def.path, ...(def.aliases ?? [])]) app.route(path, crudRouter(def));
  }

  app.notFound((c) => c.json(errorBody(`No API route ${c.req.method} ${c.req.path}`), 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(errorBody(err.detail, err.fields, undefined, err.rows), err.status);
    const requestId = c.var.requestId ?? randomUUID();
    console.error(JSON.stringify({ level: 'error', requestId, path: c.req.path, error: String(err), stack: (err as Error).stack }));
    return c.json(errorBody('Something went wrong on our side; quote the request id if it happens again', undefined, requestId), 500);
  });
  return app;
}
