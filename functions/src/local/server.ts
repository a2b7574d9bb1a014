import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { ALL_DOMAINS } from '../domains/index.js';
import { Hono } from 'hono';
import { buildApp } from '../http/app.js';

/** What the browser needs to sign in (the cloud writes the same `config.json` into the site bucket). */
export interface PublicConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Custom Cognito endpoint (local emulator through this server); absent in the cloud. */
  userPoolEndpoint?: string;
}

/**
 * The one local URL: every domain's API app (the code the Lambdas run), the built frontend with an SPA fallback,
 * `/config.json`, and `/cognito`, a same-origin pass-through to the Cognito emulator for the browser's Amplify.
 */
export function startServer(opts: { port: number; host?: string; siteDir: string; cognitoUrl: string; publicConfig: Omit<PublicConfig, 'userPoolEndpoint'> }): Promise<Server> {
  const app = new Hono({ strict: false });
  app.route('/', buildApp(ALL_DOMAINS));
  app.get('/config.json', (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json({ ...opts.publicConfig, userPoolEndpoint: `${origin}/cognito` } satisfies PublicConfig);
  });
  app.post('/cognito', async (c) => {
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent']) {
      const v = c.req.header(h);
      if (v) headers[h] = v;
    }
    const res = await fetch(`${opts.cognitoUrl}/`, { method: 'POST', headers, body: await c.req.arrayBuffer() });
    return new Response(res.body, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } });
  });
  const indexFile = join(opts.siteDir, 'index.html');
  app.use('/*', serveStatic({ root: opts.siteDir }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) return c.text('The frontend is not built: run `npm run build` (npm start does it for you).', 503);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host ?? '0.0.0.0' }, () => resolve(server as Server));
    (server as Server).once('error', reject);
  });
}
