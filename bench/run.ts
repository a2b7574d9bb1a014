/**
 * `npm run bench`: measures Attain against the budgets of DESIGN.md and prints one table.
 * - each Lambda bundle's minified size (the esbuild options the CDK stack uses) and module init time;
 * - the first page's JavaScript, gzip (the entry chunk and its static imports, from Vite's manifest);
 * - p50/p99 latency of list and create on /api/department through the local stack, and DynamoDB calls per request.
 * Results also go to bench/results/latest.json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiDomains } from '@attain/shared-types';
import { build } from 'esbuild';
import { BUNDLING, REPO_ROOT, handlerEntry } from '../infra/lib/bundling.js';
import { startLocalStack } from '../functions/src/local/stack.js';

type Row = { metric: string; value: string; budget: string; ok: boolean | null };
const rows: Row[] = [];
const out = join(REPO_ROOT, '.tmp', 'bench');
mkdirSync(out, { recursive: true });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

// 1. Lambda bundles
for (const name of [...apiDomains(), 'mail-receipts' as const]) {
  const file = join(out, `${name}.mjs`);
  await build({ entryPoints: [handlerEntry(name)], bundle: true, platform: 'node', outfile: file, minify: BUNDLING.minify, target: BUNDLING.target, format: BUNDLING.format, external: BUNDLING.externalModules, banner: { js: BUNDLING.banner }, logLevel: 'silent' });
  const kb = readFileSync(file).length / 1024;
  rows.push({ metric: `Lambda ${name}: bundle (minified)`, value: `${kb.toFixed(1)} KB`, budget: '<= 300 KB', ok: kb <= 300 });
  const inits: number[] = [];
  for (let i = 0; i < 5; i++) {
    const ms = execFileSync(process.execPath, ['--input-type=module', '-e', `const t=performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now()-t)`], {
      env: { ...process.env, NODE_NO_WARNINGS: '1', AWS_REGION: 'ap-south-1' },
      encoding: 'utf8',
    });
    inits.push(Number(ms.trim()));
  }
  const med = pct(inits, 50);
  rows.push({ metric: `Lambda ${name}: module init (median of 5)`, value: `${med.toFixed(0)} ms`, budget: '<= 150 ms', ok: med <= 150 });
}

// 2. First page JavaScript
const dist = join(REPO_ROOT, 'frontend', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) visit(i);
};
for (const [k, v] of Object.entries(manifest)) if (v.isEntry) visit(k);
const firstPage = [...seen].reduce((sum, k) => sum + gzipSync(readFileSync(join(dist, manifest[k].file))).length, 0) / 1024;
rows.push({ metric: 'First page JavaScript (gzip)', value: `${firstPage.toFixed(1)} KB`, budget: '<= 150 KB', ok: firstPage <= 150 });

// 3. API latency through the local stack
const stack = await startLocalStack({ port: 0, dataDir: null, seed: true, adminPassword: 'Bench-Admin-Pass-1!', host: '127.0.0.1' });
try {
  const login = await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: stack.adminEmail, password: stack.adminPassword }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const measure = async (n: number, fn: (i: number) => Promise<Response>) => {
    const times: number[] = [];
    const calls: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await fn(i);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      calls.push(Number(res.headers.get('x-dynamodb-calls')));
      if (!res.ok) throw new Error(`bench request failed: ${res.status}`);
    }
    return { times, calls: calls.reduce((a, b) => a + b, 0) / n };
  };
  const N = 200;
  const create = await measure(N, (i) => fetch(`${stack.url}/api/department`, { method: 'POST', headers, body: JSON.stringify({ name: `Bench department ${i}`, short_name: `B${i}` }) }));
  const list = await measure(N, () => fetch(`${stack.url}/api/department`, { headers }));
  rows.push({ metric: `POST /api/department p50 / p99 (n=${N})`, value: `${pct(create.times, 50).toFixed(1)} / ${pct(create.times, 99).toFixed(1)} ms`, budget: '-', ok: null });
  rows.push({ metric: 'POST /api/department DynamoDB calls per request', value: create.calls.toFixed(1), budget: '1 transaction (record + unique guard)', ok: create.calls <= 1 });
  rows.push({ metric: `GET /api/department (page of 100 of ${N + 1}) p50 / p99 (n=${N})`, value: `${pct(list.times, 50).toFixed(1)} / ${pct(list.times, 99).toFixed(1)} ms`, budget: '-', ok: null });
  rows.push({ metric: 'GET /api/department DynamoDB calls per request', value: list.calls.toFixed(1), budget: '1 round trip per list page', ok: list.calls <= 1 });
} finally {
  await stack.stop();
}

const lines = ['| metric | value | budget | within |', '|---|---|---|---|', ...rows.map((r) => `| ${r.metric} | ${r.value} | ${r.budget} | ${r.ok === null ? '' : r.ok ? 'yes' : 'NO'} |`)];
console.log(lines.join('\n'));
mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(REPO_ROOT, 'bench', 'results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
process.exit(0);
