import {
  type DashboardView,
  type GroupView,
  PUBLIC_SURVEY_PATH,
  SSO_LOOKUP_PATH,
  type ProgramAttainment,
  type RollupView,
  SIGN_IN_ROUTES,
  apiRoutes,
} from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, signedIn, until } from '../support/client.js';

/**
 * Issue 16: a group administrator creates a campus (its admin invited by mail signs in), lists and disables the
 * group's campuses, reads any campus of its group through the same routes (never another group's, never writing),
 * and sees the campuses side by side in the roll-up, whose figures equal the campus pages they open.
 */
const base = inject('stackUrl');
const users = inject('users');
const ses = inject('sesEmulatorUrl');
let group: ReturnType<typeof client>;
let groupToken: string;

beforeAll(async () => {
  groupToken = await login(base, users.groupAdmin.email, users.groupAdmin.password);
  group = client(base, groupToken);
});

/**
 * The set-password link's token from the mail the SES emulator accepted for `address`, waiting for the mail worker to
 * hand it over (the test's time limit gives up).
 */
async function tokenSentTo(address: string): Promise<string> {
  for (;;) {
    const store = (await (await fetch(`${ses}/store`)).json()) as { emails: { destination: { to: string[] }; body: { html: string } }[] };
    const html = store.emails.filter((e) => e.destination.to.includes(address)).at(-1)?.body.html ?? '';
    const token = /set-password#token=([A-Za-z0-9_-]+)/.exec(html)?.[1];
    if (token) return token;
    await new Promise((r) => setImmediate(r));
  }
}

describe('a group administrator of group G', { timeout: 180_000 }, () => {
  it("lists G's campuses and reads them through the same routes, but never group H's campus", async () => {
    const view = (await group.get('/api/group/campus')).body.data as GroupView;
    expect(view.campuses.map((c) => c.id)).toEqual(expect.arrayContaining(['demo', 'demo-east']));
    expect(view.campuses.map((c) => c.id)).not.toContain('other');
    const demoPrograms = await client(base, groupToken, 'demo').get('/api/program');
    const eastPrograms = await client(base, groupToken, 'demo-east').get('/api/program');
    expect(demoPrograms.status).toBe(200);
    expect(eastPrograms.body.data[0].created_by).toBe('admin@east.attain.example');
    expect(demoPrograms.body.data.map((p: { id: string }) => p.id)).not.toContain(eastPrograms.body.data[0].id);
    // Group H's campus answers 404 exactly as a missing one, on lists, records and special routes.
    const toOther = client(base, groupToken, 'other');
    for (const p of ['/api/program', '/api/department', '/api/auth/user-list', '/api/send-mail', '/api/dashboard'])
      expect((await toOther.get(p)).status, p).toBe(404);
    expect((await client(base, groupToken, 'no-such-campus').get('/api/program')).status).toBe(404);
    // And group H's administrator never reads G's campuses.
    const otherGroup = await login(base, users.otherGroupAdmin.email, users.otherGroupAdmin.password);
    expect((await client(base, otherGroup, 'demo').get('/api/program')).status).toBe(404);
    expect(((await client(base, otherGroup).get('/api/group/campus')).body.data as GroupView).campuses.map((c) => c.id)).toEqual(['other']);
  });

  it('reads only: writes to a chosen campus are refused, and campus users cannot manage the group', async () => {
    const demo = client(base, groupToken, 'demo');
    const dept = (await demo.get('/api/department')).body.data[0];
    expect((await demo.put(`/api/department/${dept.id}`, { ...dept, name: 'Changed by the group' })).status).toBe(403);
    expect((await demo.post('/api/department', { name: 'Group dept', short_name: 'GRP' })).status).toBe(403);
    const admin = await signedIn(base, users.demoAdmin);
    expect((await admin.get('/api/group/campus')).status).toBe(403);
    expect((await admin.get('/api/group/rollup')).status).toBe(403);
    // A campus user's X-Campus is ignored: it still reads its own campus.
    const adminToEast = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password), 'demo-east');
    const own = (await admin.get('/api/program')).body.data.map((p: { id: string }) => p.id);
    expect((await adminToEast.get('/api/program')).body.data.map((p: { id: string }) => p.id)).toEqual(own);
  });

  it('writes nothing in a chosen campus through any route, files included; its own profile stays its own', async () => {
    const demo = client(base, groupToken, 'demo');
    // The upload that a read-only scope once let through.
    const ticket = await demo.post('/api/files/upload-url', {
      purpose: 'attachment',
      file_name: 'a.pdf',
      content_type: 'application/pdf',
      size: 10,
    });
    expect(ticket.status).toBe(403);
    expect(ticket.body.errors.detail).toMatch(/reading only/);
    const allowed: string[] = [];
    for (const { path } of apiRoutes()) {
      // Its own namespace (profile, group) and the public paths (no token) are not the campus's.
      const own = ['/api/group', '/api/auth/profile', ...SIGN_IN_ROUTES, PUBLIC_SURVEY_PATH, SSO_LOOKUP_PATH];
      if (own.some((p) => path.startsWith(p))) continue;
      const concrete = path.replace(/\{proxy\+\}/, 'x/confirm').replace(/\{[^}]+\}/g, 'x');
      for (const [method, res] of [
        ['POST', await demo.post(concrete, {})],
        ['PUT', await demo.put(concrete, {})],
        ['DELETE', await demo.del(concrete)],
      ] as const) {
        if (res.status !== 403) allowed.push(`${method} ${concrete}: ${res.status}`);
      }
    }
    expect(allowed).toEqual([]);
    expect((await demo.patch('/api/auth/profile', { first_name: 'Group', last_name: 'Administrator' })).status).toBe(200);
  });

  it('creates a campus whose invited admin signs in, then disables and enables it', async () => {
    const id = `north-${Date.now().toString(36)}`;
    const email = `north.admin.${Date.now()}@simulator.amazonses.com`;
    const bad = await group.post('/api/group/campus', {
      id: 'Bad Id!',
      name: 'N',
      admin_email: 'nope',
      admin_first_name: 'A',
      admin_last_name: '',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields).toMatchObject({
      id: expect.any(String),
      name: 'Too Short!',
      admin_email: 'Not valid email',
      admin_first_name: 'Too Short!',
    });
    const made = await group.post('/api/group/campus', {
      id,
      name: 'Attain Demo North Campus',
      admin_email: email,
      admin_first_name: 'Kavya',
      admin_last_name: 'Nair',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ id, status: 'Active', admin_email: email, invitation_mail: expect.any(String) });
    expect(
      (
        await group.post('/api/group/campus', {
          id,
          name: 'Again',
          admin_email: `x${email}`,
          admin_first_name: 'Ab',
          admin_last_name: 'Cd',
        })
      ).status,
    ).toBe(409);
    expect(
      (await client(base).post('/api/auth/set-password', { token: await tokenSentTo(email), password: 'North-Admin-12!' })).status,
    ).toBe(200);
    const northAdmin = await signedIn(base, { email, password: 'North-Admin-12!' });
    const org = await northAdmin.get('/api/organization');
    expect(org.body.data[0]?.name ?? org.body.data.name).toBe('Attain Demo North Campus');
    const listed = ((await group.get('/api/group/campus')).body.data as GroupView).campuses.find((c) => c.id === id)!;
    expect(listed.created_by).toBe(users.groupAdmin.email);

    expect(
      (await group.put(`/api/group/campus/${id}`, { status: 'Disabled', version: listed.version })).body.errors.fields.reason,
    ).toBeDefined();
    const off = await group.put(`/api/group/campus/${id}`, {
      status: 'Disabled',
      version: listed.version,
      reason: 'Subscription paused by the society',
    });
    expect(off.status).toBe(200);
    expect((await northAdmin.get('/api/program')).status).toBe(403);
    expect((await group.put(`/api/group/campus/${id}`, { status: 'Active', version: listed.version })).status).toBe(409);
    expect((await group.put(`/api/group/campus/${id}`, { status: 'Active', version: off.body.data.version })).status).toBe(200);
    expect((await northAdmin.get('/api/program')).status).toBe(200);
    // Another group's administrator cannot touch it.
    const otherGroup = client(base, await login(base, users.otherGroupAdmin.email, users.otherGroupAdmin.password));
    expect((await otherGroup.put(`/api/group/campus/${id}`, { status: 'Active', version: 3 })).status).toBe(404);
  });

  it('shows the campuses side by side, each figure equal to the campus page it opens', async () => {
    // Each campus's PO1 cell is the mean of PO1 over its programs of that type with results that year, read through the
    // Program Level PO Attainment page's own API. Other files change the demo campus meanwhile, so the roll-up may show
    // a campus updating (its previous figures, marked): read both again, as a person would, until they agree.
    const po1Cells = async (roll: RollupView, campus: string) => {
      const api = client(base, groupToken, campus);
      const types = new Map((await api.get('/api/program-type')).body.data.map((t: { id: string; name: string }) => [t.id, t.name]));
      const byType = new Map<string, number[]>();
      for (const p of (await api.get('/api/program?limit=1000')).body.data as { id: string; program_type: string }[]) {
        const years = (await api.get(`/api/attainment/program/${p.id}`)).body.data.years as ProgramAttainment[];
        const po1 = years.find((y) => y.academic_year === roll.academic_year)?.outcomes.find((o) => o.reference === 'PO1')?.attainment;
        const type = String(types.get(p.program_type) ?? 'Other');
        if (po1 !== undefined && po1 !== null) byType.set(type, [...(byType.get(type) ?? []), po1]);
      }
      return [...byType].map(([type, levels]) => {
        const cell = roll.sections
          .find((s) => s.key === 'po-attainment' && s.title.includes(`${type} programs`))
          ?.rows.find((r) => r.label === 'PO1')?.cells[campus];
        return {
          campus,
          type,
          href: cell?.href,
          shown: cell?.value,
          pages: levels.reduce((a, b) => a + b, 0) / levels.length,
        };
      });
    };
    const { roll } = await until(
      async () => {
        const roll = (await group.get('/api/group/rollup')).body.data as RollupView;
        return { cells: [...(await po1Cells(roll, 'demo')), ...(await po1Cells(roll, 'demo-east'))], updating: roll.updating, roll };
      },
      ({ cells }) =>
        cells.length > 0 && cells.every((c) => c.shown !== undefined && c.shown !== null && Math.abs(c.shown - c.pages) <= 0.005),
    );
    expect(roll.campuses.map((c) => c.id)).toEqual(expect.arrayContaining(['demo', 'demo-east']));
    for (const campus of ['demo', 'demo-east']) {
      const cells = await po1Cells(roll, campus);
      expect(cells.length).toBeGreaterThan(0);
      for (const c of cells) expect(c.href).toContain(`campus=${campus}`);
    }
    const po = roll.sections.find((s) => s.key === 'po-attainment' && s.title.includes('Undergraduate'))!;
    // The two demo campuses' own sample marks give them different levels.
    expect(po.rows.some((r) => r.cells.demo.value !== r.cells['demo-east'].value)).toBe(true);
    const survey = roll.sections.find((s) => s.key === 'survey')!;
    const dash = (await client(base, groupToken, 'demo').get(`/api/survey-results/dashboard?year=${roll.academic_year}`)).body.data;
    const invited = dash.surveys.reduce((n: number, s: { invited: number }) => n + s.invited, 0);
    const responded = dash.surveys.reduce((n: number, s: { responded: number }) => n + s.responded, 0);
    expect(survey.rows.find((r) => r.label === 'Invited or surveyed')!.cells.demo.value).toBe(invited);
    expect(survey.rows.find((r) => r.label === 'Response rate')!.cells.demo.value).toBeCloseTo((100 * responded) / invited, 1);
    const faculty = roll.sections.find((s) => s.key === 'faculty')!;
    expect(faculty.rows.find((r) => r.label === 'Faculty members')!.cells.demo.value).toBeGreaterThan(0);
    expect((await group.get('/api/group/rollup?year=2025')).status).toBe(400);
  });

  it('sees the dashboard for the whole group, or for one campus', async () => {
    const whole = (await group.get('/api/dashboard')).body.data as DashboardView;
    const demo = (await client(base, groupToken, 'demo').get('/api/dashboard')).body.data as DashboardView;
    const east = (await client(base, groupToken, 'demo-east').get('/api/dashboard')).body.data as DashboardView;
    expect(whole.scope).toBe('group');
    expect(demo.scope).toBe('campus');
    const courses = (v: DashboardView) => v.tiles.curriculum[0].value ?? 0;
    expect(courses(whole)).toBeGreaterThanOrEqual(courses(demo) + courses(east));
    // Courses below target: courses of the dashboard's year with a CO whose "Met" is No on the attainment pages.
    const belowTarget = async (campus: string, year: string) => {
      const api = client(base, groupToken, campus);
      let below = 0;
      for (const p of (await api.get('/api/program?limit=1000')).body.data as { id: string }[]) {
        const years = (await api.get(`/api/attainment/program/${p.id}`)).body.data.years as ProgramAttainment[];
        below += years.find((y) => y.academic_year === year)?.courses.filter((c) => c.cos.some((co) => co.met === false)).length ?? 0;
      }
      return below;
    };
    // Other files change the demo campus meanwhile: its dashboard may be updating; read both again until they agree.
    await until(
      async () => {
        const d = (await client(base, groupToken, 'demo').get('/api/dashboard')).body.data as DashboardView;
        return { shown: d.tiles.attainment[0].value, pages: await belowTarget('demo', d.academic_year), updating: d.updating };
      },
      ({ shown, pages }) => shown === pages,
    );
    expect(east.academic_year).toBe('2025-26');
    expect(east.tiles.attainment[0].value).toBe(await belowTarget('demo-east', '2025-26'));
    expect(Object.keys(whole.tiles)).toEqual([
      'dashboard',
      'attainment',
      'reports',
      'survey',
      'faculty-contribution',
      'assessments',
      'utilities',
      'curriculum',
    ]);
  });
});
