import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { login } from '../support/client.js';

/**
 * Issue 11, item 7, against the running local stack: the built site's text files and large API answers travel
 * compressed (brotli, else gzip) as the request allows, hashed assets are cached for a year, the page is revalidated.
 * Uses node:http, not fetch, so the bytes on the wire are seen as sent (fetch decompresses silently).
 */
const base = inject('stackUrl');
const users = inject('users');
const dist = fileURLToPath(new URL('../../../frontend/dist/', import.meta.url));
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request to the stack; the body is returned exactly as received. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A response body decoded according to its `content-encoding`. */
function decoded(res: RawResponse): Buffer {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.body);
  if (coding === 'gzip') return gunzipSync(res.body);
  expect(coding).toBeUndefined();
  return res.body;
}

let script: string;
let scriptBytes: Buffer;
let indexBytes: Buffer;
let token: string;

beforeAll(async () => {
  if (!existsSync(`${dist}index.html`)) throw new Error('frontend/dist is not built: run `npm run build --workspace frontend` first');
  indexBytes = readFileSync(`${dist}index.html`);
  const src = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(indexBytes.toString('utf8'))?.[1];
  if (!src) throw new Error('frontend/dist/index.html loads no /assets/*.js script');
  script = src;
  scriptBytes = readFileSync(`${dist}${script.slice(1)}`);
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
});

describe('a hashed JavaScript asset', () => {
  it('comes as brotli when offered, smaller, decoding to the exact file, cached for a year', async () => {
    const res = await send(script, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(scriptBytes.length / 2);
    expect(brotliDecompressSync(res.body).equals(scriptBytes)).toBe(true);
  });
  it('comes as gzip when only gzip is offered, or brotli is refused', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip, deflate']) {
      const res = await send(script, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body.length).toBeLessThan(scriptBytes.length / 2);
      expect(gunzipSync(res.body).equals(scriptBytes)).toBe(true);
    }
  });
  it('comes as it is without Accept-Encoding, still cached for a year', async () => {
    const res = await send(script);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.equals(scriptBytes)).toBe(true);
  });
  it('answers HEAD with the headers and length of the GET, and no body', async () => {
    const get = await send(script, { 'accept-encoding': 'br' });
    const head = await send(script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });
  it('answers 304 to a revalidation with its ETag, and 200 when the coding differs', async () => {
    const first = await send(script, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeTruthy();
    const again = await send(script, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);
    const otherCoding = await send(script, { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(otherCoding.status).toBe(200);
    expect(gunzipSync(otherCoding.body).equals(scriptBytes)).toBe(true);
  });
});

describe('other site files', () => {
  it('serves index.html and app routes with no-cache', async () => {
    for (const path of ['/', '/index.html', '/configuration/program']) {
      const res = await send(path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(decoded(res).equals(indexBytes), path).toBe(true);
    }
  });
  it('sends already compressed fonts as they are', async () => {
    const font = readdirSync(`${dist}assets`).find((f) => f.endsWith('.woff2'));
    if (!font) return; // The build has no woff2 font to try.
    const res = await send(`/assets/${font}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.equals(readFileSync(`${dist}assets/${font}`))).toBe(true);
  });
});

describe('API answers', () => {
  it('compresses a large JSON list, which is not cached', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const plain = await send('/api/generic-program-outcome', auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4096);
    for (const coding of ['br', 'gzip']) {
      const res = await send('/api/generic-program-outcome', { ...auth, 'accept-encoding': coding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(res).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
  });
  it('sends a small JSON answer as it is', async () => {
    const res = await send('/api/department', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(401);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8')).errors.detail).toBeTruthy();
  });
});
