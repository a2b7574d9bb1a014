import type { RollupView } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CloudAssembly } from '../../src/local/deployed/cloud-assembly.js';
import { type DeployedRuntime, runtimeBaseEnv, startDeployedRuntime } from '../../src/local/deployed/deployed-runtime.js';
import { readRoutes } from '../../src/local/deployed/http-api.js';
import { checkPermissions } from '../../src/local/deployed/permissions.js';
import { client, login, signedIn, until } from '../support/client.js';
import { courseWithOneCo, occasionWithPaper } from '../support/course-setup.js';
import { exchangeCode, ssoBrowser } from '../support/sso.js';
import { assembly, local, records } from './deployed-run.js';

/**
 * The deployed-shape run (issue 45, docs/deployed-shape.md): the stack this suite's global setup synthesized serves
 * the API, the workers and the events from its own bundles. Every Node.js function of the template runs here, and a
 * template missing a route's handler, an environment variable or a grant fails (`permissions.test.ts`, run last,
 * checks every call of the whole run against the policies).
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
let token: string;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
});

describe('the synthesized stack, run from its own bundles', { timeout: 180_000 }, () => {
  it("answers one route of each API function through the template's route table and authorizer", async () => {
    const routes = readRoutes(assembly);
    const byFn = new Map<string, string>();
    for (const r of routes) if (!byFn.has(r.fn)) byFn.set(r.fn, r.routeKey.split(' ')[1].replace(/\{[^}]+\}/g, 'x'));
    expect(byFn.size).toBe(new Set(routes.map((r) => r.fn)).size);
    for (const [fn, path] of byFn) {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, `${fn} ${path}`).toBeLessThan(500);
      expect(res.headers.get('content-type'), `${fn} ${path}`).toMatch(/json/);
    }
    // A path the route table does not know reaches the catch-all route's function and its JSON 404.
    const unknown = await admin.get('/api/no-such-path');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors.detail).toMatch(/No API route/);
    // Without a token, the authorizer lets the request through with the reason and the function answers 401.
    expect((await fetch(`${base}/api/program`)).status).toBe(401);
  });

  it('runs the workers from their event sources: the S3 notification, the queues, the SNS subscription, the Lambda invoke and the user pool', async () => {
    // A marks file through S3: the import worker (S3 ObjectCreated), then the results worker (SQS).
    const { course, co, bloom, curriculum } = await courseWithOneCo(admin, 'Deployed shape', 'DS1');
    const roster = ['roll_no,name,section', ...Array.from({ length: 5 }, (_, i) => `DS${i},Student ${i},A`)].join('\n');
    const imported = await fetch(`${base}/api/import/students?curriculum=${curriculum.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: roster,
    });
    expect(imported.status).toBe(200);
    const occasion = await occasionWithPaper(admin, { course: course.id, co: co.id, bloom }, 'ISE deployed', 2, 10);
    const opened = await admin.post(`/api/marks/${occasion.id}/upload-url`, { file_name: 'marks.csv' });
    expect(opened.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries(opened.body.data.upload.fields as Record<string, string>)) form.append(k, v);
    const csv = ['roll_no,1,2', ...Array.from({ length: 5 }, (_, i) => `DS${i},${i + 4},${i + 5}`)].join('\n');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'marks.csv');
    expect((await fetch(opened.body.data.upload.url, { method: 'POST', body: form })).ok).toBe(true);
    const job = await until(
      async () => (await admin.get(`/api/import-job/${opened.body.data.job.id}`)).body.data,
      (j) => ['done', 'failed'].includes(j.status),
    );
    expect(job).toMatchObject({ status: 'done' });
    expect((await admin.get(`/api/marks/${occasion.id}`)).body.data.rows).toHaveLength(5);
    // A mail: the sender (SQS) sends through SES, the receipts function (SNS) records the delivery.
    const sim = 'success@simulator.amazonses.com';
    const sent = await admin.post('/api/send-mail', { to: [sim], subject: 'Deployed shape', email_body: '<p>Hello</p>' });
    expect(sent.status).toBe(201);
    const mail = await until(
      async () => (await admin.get(`/api/send-mail/${sent.body.data.id}`)).body.data,
      (m) => m.recipients?.[0]?.status === 'delivered',
    );
    expect(mail.state).toBe('sent');
    // The group's roll-up: the group function invokes the campus summaries function for what no summary is stored of.
    const group = await signedIn(base, users.groupAdmin);
    const rollup = async () => {
      const res = await group.get('/api/group/rollup');
      expect(res.status).toBe(200);
      return res.body.data as RollupView;
    };
    const campus = (await admin.get('/api/auth/profile')).body.data.tenant as string;
    const listed = (v: RollupView, program: string) =>
      v.sections.find((s) => s.key === 'sar-readiness')?.rows[0]?.cells[campus]?.programs?.some((p) => p.program === program);
    await until(rollup, (v) => !v.updating.includes(campus));
    // A new program: its write stamps the campus and queues its refresh (SQS), which the summaries function runs; the
    // roll-up then lists the program's SAR readiness, no longer updating.
    const made = await admin.post('/api/program', { title: 'B.E. Deployed shape', number_of_terms: 8 });
    expect(made.status).toBe(201);
    await until(rollup, (v) => Boolean(listed(v, made.body.data.id)) && !v.updating.includes(campus));
    // A first sign-in through the demo campus's college provider: the user pool's pre sign-up trigger links it, and its
    // pre token generation trigger (the same function) names the account in the token.
    const config = (await (await fetch(`${base}/config.json`)).json()) as { userPoolClientId: string };
    const provider = (await client(base).get('/api/auth/sso?domain=attain.example')).body.provider.identity_provider as string;
    const start = {
      domain: base,
      clientId: config.userPoolClientId,
      provider,
      redirectUri: `${base}/sso/callback`,
      login: users.demoFaculty2.email,
    };
    const browser = ssoBrowser();
    const signedInThrough = await exchangeCode(base, config.userPoolClientId, await browser.signIn(start));
    expect(signedInThrough.status).toBe(200);
    const idToken = ((await signedInThrough.json()) as { id_token: string }).id_token;
    const own = await (await signedIn(base, users.demoFaculty2)).get('/api/auth/profile');
    expect((await client(base, idToken).get('/api/auth/profile')).body.data.id).toBe(own.body.data.id);
    // Each worker (a function no route serves) ran from its event source.
    const served = new Set(readRoutes(assembly).flatMap((r) => [r.fn, r.authorizer ?? '']));
    const workers = [...assembly.functions.keys()].filter((fn) => !served.has(fn));
    expect(workers).toHaveLength(6);
    await until(
      async () => new Set(records().map((r) => r.fn)),
      (ran) => workers.every((fn) => ran.has(fn)),
    );
  });
});

describe('a template that lost a piece fails the run', { timeout: 120_000 }, () => {
  /**
   * Runs `use` on a second run over the same emulators, from a copy of the assembly changed by `change`; stops it. Its
   * functions' lines go to the run's log file, as the first run's do.
   */
  async function runWith(change: (a: CloudAssembly) => void, use: (rt: DeployedRuntime) => Promise<void>): Promise<void> {
    const copy: CloudAssembly = structuredClone(assembly);
    change(copy);
    const rt = await startDeployedRuntime({ assembly: copy, local: local(), baseEnv: runtimeBaseEnv(env), logsFile: inject('logFile') });
    try {
      await use(rt);
    } finally {
      await rt.stop();
    }
  }
  /** The function API Gateway would send `path` to: the first route that matches it, most specific first. */
  const fnServing = (path: string) => readRoutes(assembly).find((r) => r.pattern.test(path))?.fn as string;
  const get = (rt: DeployedRuntime, path: string) =>
    rt.api(new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${token}` } }));

  it('as it is, the copy serves the route (the control)', async () => {
    await runWith(
      () => undefined,
      async (rt) => {
        expect((await get(rt, '/api/department')).status).toBe(200);
      },
    );
  });

  it("a route's handler removed: the route answers API Gateway's 500", async () => {
    const fn = fnServing('/api/department');
    await runWith(
      (a) => {
        (a.functions.get(fn) as { handler: string }).handler = 'index.removed';
      },
      async (rt) => {
        const res = await get(rt, '/api/department');
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ message: 'Internal Server Error' });
      },
    );
  });

  it("a route removed from the route table: API Gateway's own 404 for it", async () => {
    await runWith(
      (a) => {
        for (const [id, r] of Object.entries(a.resources))
          if (
            r.Type === 'AWS::ApiGatewayV2::Route' &&
            ['ANY /api/department', 'ANY /api/{proxy+}'].includes(String(r.Properties?.RouteKey))
          )
            delete a.resources[id];
      },
      async (rt) => {
        const res = await get(rt, '/api/department');
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Not Found' });
      },
    );
  });

  it('an environment variable removed (the table name): the function fails', async () => {
    const fn = fnServing('/api/department');
    await runWith(
      (a) => {
        delete (a.functions.get(fn) as { environment: Record<string, unknown> }).environment.TABLE_NAME;
      },
      async (rt) => {
        expect((await get(rt, '/api/department')).status).toBe(500);
      },
    );
  });

  it("a grant removed (the API function's dynamodb:Query): the permissions check names the call", async () => {
    const fn = fnServing('/api/department');
    await runWith(
      () => undefined,
      async (rt) => {
        expect((await get(rt, '/api/department')).status).toBe(200);
        const role = assembly.functions.get(fn)?.role as string;
        const without: CloudAssembly = structuredClone(assembly);
        without.policies.set(
          role,
          (without.policies.get(role) ?? []).map((s) => ({
            ...s,
            Action: (Array.isArray(s.Action) ? s.Action : [s.Action]).filter((a) => a !== 'dynamodb:Query'),
          })),
        );
        const ranHere = rt.host.calls.filter((c) => c.fn === fn);
        expect(checkPermissions(assembly, rt.local, ranHere).denied).toEqual([]);
        expect(checkPermissions(without, rt.local, ranHere).denied).toContainEqual(
          expect.objectContaining({ fn, action: 'dynamodb:Query', by: 'implicit' }),
        );
      },
    );
  });
});
