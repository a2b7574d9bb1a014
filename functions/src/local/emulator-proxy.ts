import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';

/**
 * What the local stack's proxies in front of an emulator share (the SES events proxy, `ses-events.ts`; the Cognito
 * federation proxy, `cognito-federation.ts`): reading a request's body, passing a request on unchanged, and
 * listening on 127.0.0.1 only.
 */

/** The whole body of a request (bytes). */
export const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });

/** Sends `req` (with its `body`, read already) to `upstream` with its own method, path and headers; returns the answer. */
export function forwardTo(upstream: string, req: IncomingMessage, body: Buffer): Promise<Response> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
  return fetch(`${upstream}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
  });
}

/**
 * Serves `handle` on 127.0.0.1:`port`; a request whose handling fails is answered 502 with the error's message.
 * @returns the proxy's URL and how to stop it (`beforeClose` runs first: the SES proxy's pending events are dropped)
 */
export async function listenLocal(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  beforeClose: () => void = () => undefined,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: e.message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        beforeClose();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
