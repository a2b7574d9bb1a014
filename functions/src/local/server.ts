import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { ALL_DOMAINS } from '../domains/index.js';
import { Hono } from 'hono';
import { buildApp } from '../http/app.js';
import { SignInThrottle } from './sign-in-throttle.js';

/** What the browser needs to sign in (the cloud writes the same `config.json` into the site bucket). */
export interface PublicConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Custom Cognito endpoint (local emulator through this server); absent in the cloud. */
  userPoolEndpoint?: string;
}

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

/**
 * The one local URL, on 127.0.0.1 unless `host` says otherwise: every domain's API app (the code the Lambdas run), the built frontend with an SPA fallback,
 * `/config.json`, and `/cognito`, a same-origin pass-through to the Cognito emulator for the browser's Amplify that
 * lets only `BROWSER_OPERATIONS` through and slows repeated failed sign-ins (`SignInThrottle`).
 */
export function startServer(opts: {
  port: number;
  host?: string;
  siteDir: string;
  cognitoUrl: string;
  publicConfig: Omit<PublicConfig, 'userPoolEndpoint'>;
}): Promise<Server> {
  const app = new Hono({ strict: false });
  app.route('/', buildApp(ALL_DOMAINS));
  app.get('/config.json', (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json({ ...opts.publicConfig, userPoolEndpoint: `${origin}/cognito` } satisfies PublicConfig);
  });
  const throttle = new SignInThrottle();
  app.post('/cognito', async (c) => {
    // Only what the browser's sign-in needs passes; admin operations (AdminCreateUser, ListUsers...) never do.
    const target = c.req.header('x-amz-target') ?? '';
    const operation = target.replace(/^AWSCognitoIdentityProviderService\./, '');
    if (!BROWSER_OPERATIONS.has(operation))
      return c.json({ __type: 'AccessDeniedException', message: 'This operation is not available here' }, 403);
    const body = await c.req.arrayBuffer();
    const user = operation === 'InitiateAuth' ? signInUser(body) : undefined;
    if (user !== undefined) {
      const wait = throttle.waitFor(user);
      if (wait > 0)
        return c.json(
          { __type: 'TooManyRequestsException', message: `Too many failed sign-ins: try again in ${Math.ceil(wait / 1000)} seconds` },
          400,
        );
    }
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
      const v = c.req.header(h);
      if (v) headers[h] = v;
    }
    const res = await fetch(`${opts.cognitoUrl}/`, { method: 'POST', headers, body });
    if (user !== undefined) throttle.record(user, res.ok);
    return new Response(res.body, {
      status: res.status,
      headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
    });
  });
  const indexFile = join(opts.siteDir, 'index.html');
  app.use('/*', serveStatic({ root: opts.siteDir }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The frontend is not built: run `npm run build` (npm start does it for you).', 503);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host ?? '127.0.0.1' }, () => resolve(server as Server));
    (server as Server).once('error', reject);
  });
}
