import { type Stats, existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { ALL_DOMAINS } from '../lambdas/bundles/index.js';
import type { Context, Next } from 'hono';
import { Hono } from 'hono/tiny';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { routePath } from 'hono/route';
import { parseAccept } from 'hono/utils/accept';
import { buildApp } from '../platform/http/app.js';
import { callerFromRequest } from '../platform/http/verify-token.js';
import {
  OPENAPI_PATH,
  PUBLIC_SURVEY_PATH,
  PUBLIC_SURVEY_THROTTLE,
  type PublicSurveyError,
  isMiswrittenApiPath,
  miswrittenApiPathDetail,
} from '@attain/shared-types';
import { errorBody } from '../platform/lib/errors.js';
import { log, withLogScope } from '../platform/lib/log.js';
import { clientAddress, signInThrottle, tooManySignIns } from '../features/identity/sign-in-throttle.js';
import { RouteThrottle } from './route-throttle.js';
import { LOCAL_TOKEN_PATH, tokenEndpoint } from './token-endpoint.js';
import type { LocalFederation } from './cognito-federation.js';
import { type UserPoolTrigger, hostedUi } from './hosted-ui.js';
import type { PublicConfig } from '@attain/shared-types';
import { config } from '../platform/lib/config.js';

/**
 * Cognito operations the browser's sign-in uses (Amplify Auth with USER_PASSWORD_AUTH): sign in and refresh, answer
 * a challenge (a first password), read the signed-in user, change one's password, sign out. Nothing else passes.
 */
export const BROWSER_OPERATIONS: ReadonlySet<string> = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetUser',
  'ChangePassword',
  'GlobalSignOut',
  'RevokeToken',
]);

/** The user name of a password sign-in request (`InitiateAuth` with USER_PASSWORD_AUTH), else undefined. */
function signInUser(body: ArrayBuffer): string | undefined {
  try {
    const req = JSON.parse(new TextDecoder().decode(body)) as { AuthFlow?: string; AuthParameters?: { USERNAME?: unknown } };
    return req.AuthFlow === 'USER_PASSWORD_AUTH' && typeof req.AuthParameters?.USERNAME === 'string'
      ? req.AuthParameters.USERNAME
      : undefined;
  } catch {
    return undefined;
  }
}

/** A content coding this server produces. */
export type Coding = 'br' | 'gzip';

/** Bodies smaller than this (bytes) are sent as they are: compressing them saves little. */
export const COMPRESS_MIN_BYTES = 1024;

/** `Cache-Control` of Vite's hashed files under `/assets/`: a new build gives them new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The coding to answer a request with, from its `Accept-Encoding` header: brotli when acceptable, else gzip, else
 * undefined (send the body as it is). A coding with `q=0` is refused; `*` stands for every coding not named.
 */
export function chooseCoding(acceptEncoding: string | undefined): Coding | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const q = (coding: string) => (accepts.find((a) => a.type.toLowerCase() === coding) ?? accepts.find((a) => a.type === '*'))?.q ?? 0;
  if (q('br') > 0) return 'br';
  if (q('gzip') > 0 || q('x-gzip') > 0) return 'gzip';
  return undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses `body` with `coding` on libuv's thread pool. `effort` 'max' (brotli 11, gzip 9: about a second for
 * 500 KB of JavaScript) is for files compressed once and kept; 'fast' (brotli 4, gzip 6) is for each API response.
 */
async function compressBody(body: Uint8Array, coding: Coding, effort: 'max' | 'fast'): Promise<Uint8Array<ArrayBuffer>> {
  const out =
    coding === 'gzip'
      ? await gzipAsync(body, { level: effort === 'max' ? 9 : 6 })
      : await brotliAsync(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 4,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
  return new Uint8Array(out);
}

/** Adds `Accept-Encoding` to a response's `Vary` header unless it is there (or `Vary: *`). */
function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * The site's files compressed once per version (path, size in bytes, modification time) and kept in memory: a
 * built file never changes in place except `index.html`, whose new version replaces the old entry. Concurrent
 * requests for one file share one compression.
 */
class CompressedFiles {
  readonly #entries = new Map<string, { version: string; codings: Partial<Record<Coding, Promise<Uint8Array<ArrayBuffer>>>> }>();

  /** `path`'s bytes compressed with `coding`. @throws (rejects) when the file cannot be read. */
  get(path: string, stats: Stats, coding: Coding): Promise<Uint8Array<ArrayBuffer>> {
    const version = `${stats.size}:${stats.mtimeMs}`;
    let entry = this.#entries.get(path);
    if (entry?.version !== version) this.#entries.set(path, (entry = { version, codings: {} }));
    const codings = entry.codings;
    let body = codings[coding];
    if (!body) {
      const made = readFile(path).then((raw) => compressBody(raw, coding, 'max'));
      // A failed read is tried again on the next request.
      made.catch(() => {
        if (codings[coding] === made) delete codings[coding];
      });
      codings[coding] = body = made;
    }
    return body;
  }
}

/**
 * Whether a GET of a representation with `etag` and `modified` time may be answered 304: `If-None-Match` lists it
 * (weak comparison, `*` matches), or, without `If-None-Match`, `If-Modified-Since` is not earlier than `modified`
 * (whole seconds, as HTTP dates are).
 */
function notModified(c: Context, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  const since = Date.parse(c.req.header('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * Middleware for `/api`: after the API answers, sets `Cache-Control: no-store` when it set none, and compresses
 * text bodies (JSON, errors included) of at least `COMPRESS_MIN_BYTES` with the request's best coding at a fast
 * level. HEAD, 204/206/304, already encoded bodies, event streams and `no-transform` responses pass untouched.
 */
async function apiResponses(c: Context, next: Next): Promise<void> {
  await next();
  const res = c.res;
  // A body refused for its size was not read to its end: the connection is closed after the answer, and says so.
  if (res.status === 413) res.headers.set('Connection', 'close');
  if (!res.headers.has('Cache-Control')) res.headers.set('Cache-Control', 'no-store');
  if (c.req.method === 'HEAD' || !res.body || [204, 206, 304].includes(res.status)) return;
  if (res.headers.has('Content-Encoding') || /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return;
  varyOnAcceptEncoding(res.headers);
  const coding = chooseCoding(c.req.header('accept-encoding'));
  if (!coding) return;
  const raw = await res.arrayBuffer();
  if (raw.byteLength < COMPRESS_MIN_BYTES) {
    c.res = new Response(raw, res);
    return;
  }
  const body = await compressBody(new Uint8Array(raw), coding, 'fast');
  c.res = new Response(body, res);
  c.res.headers.set('Content-Encoding', coding);
  c.res.headers.set('Content-Length', String(body.length));
  const etag = c.res.headers.get('ETag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
}

/**
 * Middleware for the built site (`serveStatic` and the SPA fallback, which name the file they send in the
 * `siteFile` variable): sets `Cache-Control` (`IMMUTABLE` under `assets/`, else `no-cache`), `ETag` and
 * `Last-Modified`; answers 304 to a matching conditional GET; and sends compressible files of at least
 * `COMPRESS_MIN_BYTES` with the request's best coding from `files`, with `Vary: Accept-Encoding`. Range (206) and
 * other non-200 answers keep their body; already compressed types (woff2, PNG...) are sent as they are.
 */
function siteResponses(siteDir: string, files: CompressedFiles) {
  return async (c: Context<SiteEnv>, next: Next): Promise<void> => {
    await next();
    const file = c.get('siteFile');
    if (!file) return;
    const res = c.res;
    res.headers.set('Cache-Control', relative(siteDir, file).startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache');
    if (res.status !== 200) return;
    const stats = await stat(file).catch(() => undefined);
    if (!stats?.isFile()) return;
    const compressible = stats.size >= COMPRESS_MIN_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '');
    const coding = compressible ? chooseCoding(c.req.header('accept-encoding')) : undefined;
    if (compressible) varyOnAcceptEncoding(res.headers);
    const etag = `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${coding ? `-${coding}` : ''}"`;
    res.headers.set('ETag', etag);
    res.headers.set('Last-Modified', stats.mtime.toUTCString());
    if (notModified(c, etag, stats.mtime)) {
      await res.body?.cancel();
      c.res = new Response(null, { status: 304, headers: res.headers });
      c.res.headers.delete('Content-Length');
      c.res.headers.delete('Content-Type');
      return;
    }
    if (!coding) return;
    const body = await files.get(file, stats, coding);
    await res.body?.cancel();
    c.res = new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers: res.headers });
    c.res.headers.set('Content-Encoding', coding);
    c.res.headers.set('Content-Length', String(body.length));
  };
}

/** Variables of the local server's app: the site file a static or fallback response sends. */
type SiteEnv = { Variables: { siteFile?: string } };

/**
 * The one local URL, on 127.0.0.1 unless `host` says otherwise: every domain's API app (the code the Lambdas run), the built frontend with an SPA fallback,
 * `/config.json`, and `/cognito`, a same-origin pass-through to the Cognito emulator for the browser's Amplify that
 * lets only `BROWSER_OPERATIONS` through and slows repeated failed sign-ins with the same throttle as
 * `/api/auth/login` (`signInThrottle()`). Text responses of
 * the site and the API are compressed (brotli, else gzip, as the request accepts); hashed `/assets/` files are
 * cached for a year (`IMMUTABLE`), the page itself is revalidated (`no-cache`), and API answers default to `no-store`.
 * @throws (rejects) when the port cannot be listened on.
 */
export function startServer(opts: {
  port: number;
  host?: string;
  siteDir: string;
  cognitoUrl: string;
  publicConfig: Omit<PublicConfig, 'userPoolEndpoint'>;
  /** Throttle of the public survey route (requests per second and burst); default `PUBLIC_SURVEY_THROTTLE`, as in AWS. */
  publicSurveyThrottle?: { rate: number; burst: number };
  /** Serves `/api` instead of the in-process apps: the deployed-shape run's HTTP API (docs/deployed-shape.md). */
  api?: (req: Request) => Promise<Response>;
  /** The local pool's signing keys: with them, `/oauth2/token` serves API keys' client credentials (`tokenEndpoint`). */
  tokenKeyFile?: string;
  /**
   * The local pool's identity providers and links (`cognito-federation.ts`): with them and `tokenKeyFile`, the pool
   * domain's sign-in through a college's provider is served (`hosted-ui.ts`, decision 0063).
   */
  federation?: LocalFederation;
  /** The pool's triggers, when not this process's own (the deployed-shape run's function). */
  userPoolTrigger?: UserPoolTrigger;
}): Promise<Server> {
  const app = new Hono<SiteEnv>({ strict: false });
  // `/API/program`, `//api/program`: the API's JSON 404, not the web page (as CloudFront's function answers).
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (isMiswrittenApiPath(path)) return c.json(errorBody(miswrittenApiPathDetail(path)), 404, { 'Cache-Control': 'no-store' });
    return next();
  });
  app.use('/api/*', apiResponses);
  const limits = opts.publicSurveyThrottle ?? PUBLIC_SURVEY_THROTTLE;
  const publicSurvey = new RouteThrottle(limits.rate, limits.burst);
  app.use(`${PUBLIC_SURVEY_PATH}/*`, async (c, next) => {
    if (publicSurvey.take()) return next();
    return c.json(
      { errors: { detail: 'Many people are answering right now; try again in a moment', reason: 'busy' } satisfies PublicSurveyError },
      429,
      { 'Retry-After': '1' },
    );
  });
  // The API document, as CloudFront serves it from the site bucket: written by the frontend build.
  app.get(OPENAPI_PATH, (c) => {
    const file = join(opts.siteDir, OPENAPI_PATH.slice(1));
    if (!existsSync(file)) return c.json(errorBody('The API document is not built: run `npm run build` (npm start does it for you)'), 503);
    return c.body(readFileSync(file, 'utf8'), 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  const api = opts.api;
  if (api) app.all('/api/*', (c) => api(c.req.raw));
  else {
    // API Gateway's access log line (infra/lib/constructs/api.ts), one per request, after the API's own lines.
    app.use('/api/*', async (c, next) => {
      const started = Date.now();
      await next();
      const caller = (c.var as { caller?: { tenant: string } }).caller;
      withLogScope({ request_id: c.res.headers.get('x-request-id') ?? '', campus: caller?.tenant }, () =>
        log.info('request', { route: `${c.req.method} ${routePath(c)}`, status: c.res.status, ms: Date.now() - started }),
      );
    });
    app.route('/', buildApp(ALL_DOMAINS, callerFromRequest));
  }
  // The user pool domain's token endpoint, which cognito-local lacks: API keys' client credentials (decision 0062).
  // And its sign-in through a college's provider, which cognito-local lacks too (decision 0063).
  const ui = opts.tokenKeyFile && opts.federation ? hostedUi(opts.federation, opts.tokenKeyFile, opts.userPoolTrigger) : undefined;
  if (ui) app.route('/', ui.routes);
  const userGrants = ui?.userGrants;
  if (opts.tokenKeyFile) app.post(LOCAL_TOKEN_PATH, tokenEndpoint(opts.tokenKeyFile, userGrants));
  app.get('/config.json', (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json({
      ...opts.publicConfig,
      userPoolEndpoint: `${origin}/cognito`,
      // The pool domain is this server (its /oauth2/*), and the pool's tokens name the local issuer.
      ...(userGrants ? { oauthDomain: origin, oauthIssuer: config().jwtIssuer } : {}),
    } satisfies PublicConfig);
  });
  app.post('/cognito', async (c) => {
    // Only what the browser's sign-in needs passes; admin operations (AdminCreateUser, ListUsers...) never do.
    const target = c.req.header('x-amz-target') ?? '';
    const operation = target.replace(/^AWSCognitoIdentityProviderService\./, '');
    if (!BROWSER_OPERATIONS.has(operation))
      return c.json({ __type: 'AccessDeniedException', message: 'This operation is not available here' }, 403);
    const body = await c.req.arrayBuffer();
    const user = operation === 'InitiateAuth' ? signInUser(body) : undefined;
    const attempt = user === undefined ? undefined : { account: user, address: clientAddress(c.env) };
    const throttle = signInThrottle();
    const wait = attempt ? throttle.waitFor(attempt) : 0;
    if (wait > 0) {
      // Cognito's own error shape (Amplify reads `__type`), with the API's `errors.detail` beside it.
      const { retryAfter, detail } = tooManySignIns(wait);
      return c.json({ __type: 'TooManyRequestsException', message: detail, errors: { detail } }, 429, {
        'Retry-After': String(retryAfter),
      });
    }
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
      const v = c.req.header(h);
      if (v) headers[h] = v;
    }
    const res = await fetch(`${opts.cognitoUrl}/`, { method: 'POST', headers, body });
    // A refused password is a failure; an answer of the emulator that is not about the password (a 5xx) is neither.
    if (attempt && (res.ok || res.status === 400)) throttle.record(attempt, res.ok);
    return new Response(res.body, {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
    });
  });
  const indexFile = join(opts.siteDir, 'index.html');
  app.use('/*', siteResponses(opts.siteDir, new CompressedFiles()));
  app.use('/*', serveStatic({ root: opts.siteDir, onFound: (path, c) => c.set('siteFile', path) }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The frontend is not built: run `npm run build` (npm start does it for you).', 503);
    c.set('siteFile', indexFile);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host ?? '127.0.0.1' }, () => resolve(server as Server));
    (server as Server).once('error', reject);
  });
}
