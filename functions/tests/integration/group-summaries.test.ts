import type { DashboardView, ProgramAttainment, RollupProgramReadiness, RollupView, SarReadinessView } from '@attain/shared-types';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, signedIn, until } from '../support/client.js';

/**
 * The group roll-up and dashboard read each campus's stored summaries, which a change refreshes in the background
 * (docs/decisions/0039-campus-summaries.md, 0051-campus-summaries-refreshed-on-write.md): at most 2 DynamoDB calls
 * per campus on every read, right after a change too, and never a stale figure unmarked: after a mark is saved on a
 * campus, the roll-up lists that campus as updating until its cells are the Program Level PO Attainment pages' new
 * levels; marks claimed in a SAR section change that program's SAR readiness in the roll-up, equal to its SAR
 * Readiness page, once refreshed.
 */
const base = inject('stackUrl');
const users = inject('users');
let group: ReturnType<typeof client>;
let groupToken: string;

beforeAll(async () => {
  groupToken = await login(base, users.groupAdmin.email, users.groupAdmin.password);
  group = client(base, groupToken);
});

const run = Date.now().toString(36);

/** A program's SAR readiness in the roll-up's cell of `campus` (undefined: not listed there). */
const readinessOf = (roll: RollupView, campus: string, program: string): RollupProgramReadiness | undefined =>
  roll.sections.find((s) => s.key === 'sar-readiness')?.rows[0]?.cells[campus]?.programs?.find((p) => p.program === program);

/** Each PO/PSO row's cell of `campus` with a figure, per program type: `type/reference` -> level. */
const rollupCells = (roll: RollupView, campus: string) =>
  new Map(
    roll.sections
      .filter((s) => s.key === 'po-attainment')
      .flatMap((s) =>
        s.rows.flatMap((r) => {
          const v = r.cells[campus]?.value;
          return v === null || v === undefined ? [] : [[`${s.title.split(': ')[1]?.split(' programs')[0]}/${r.label}`, v] as const];
        }),
      ),
  );

/** The same cells from the campus's own Program Level PO Attainment pages: the mean level over its programs of a type. */
async function pageCells(campus: string, year: string): Promise<Map<string, number>> {
  const api = client(base, groupToken, campus);
  const types = new Map((await api.get('/api/program-type')).body.data.map((t: { id: string; name: string }) => [t.id, t.name]));
  const levels = new Map<string, number[]>();
  for (const p of (await api.get('/api/program?limit=1000')).body.data as { id: string; program_type: string }[]) {
    const years = (await api.get(`/api/attainment/program/${p.id}`)).body.data.years as ProgramAttainment[];
    for (const o of years.find((y) => y.academic_year === year)?.outcomes ?? []) {
      if (o.attainment === null) continue;
      const key = `${String(types.get(p.program_type) ?? 'Other')}/${o.reference}`;
      levels.set(key, [...(levels.get(key) ?? []), o.attainment]);
    }
  }
  return new Map([...levels].map(([k, v]) => [k, Math.round((100 * v.reduce((a, b) => a + b, 0)) / v.length) / 100]));
}

describe('campus summaries', { timeout: 180_000 }, () => {
  it('the roll-up and the dashboard read at most 2 DynamoDB calls per campus, right after a change too', async () => {
    const calls = (res: { headers: Headers }) => Number(res.headers.get('x-dynamodb-calls'));
    const roll = await group.get('/api/group/rollup');
    const campuses = (roll.body.data as RollupView).campuses.length;
    expect(campuses).toBeGreaterThanOrEqual(2);
    // Once every summary the pages read is stored (the first reads above compute those none was stored of).
    await group.get('/api/dashboard');
    await client(base, groupToken, 'demo-east').get('/api/dashboard');
    expect(calls(await group.get('/api/group/rollup'))).toBeLessThanOrEqual(2 * campuses);
    expect(calls(await group.get('/api/dashboard'))).toBeLessThanOrEqual(2 * campuses);
    // One campus's dashboard, read by the group administrator: its one summary partition (the registration is cached).
    expect(calls(await client(base, groupToken, 'demo-east').get('/api/dashboard'))).toBeLessThanOrEqual(2);
    // A change on a campus: the next reads still cost at most 2 calls per campus (the stale summary is served, marked).
    const admin = await signedIn(base, users.demoAdmin);
    const made = await admin.post('/api/program', { title: `B.E. Summaries ${run}`, number_of_terms: 8 });
    expect(made.status).toBe(201);
    const stale = await group.get('/api/group/rollup');
    // The demo campus is updating, or (on a slow machine) already refreshed: the new program is then listed.
    const listed = (v: RollupView) =>
      v.sections.find((s) => s.key === 'sar-readiness')?.rows[0]?.cells.demo?.programs?.some((p) => p.program === made.body.data.id);
    expect((stale.body.data as RollupView).updating.includes('demo') || listed(stale.body.data)).toBe(true);
    expect(calls(stale)).toBeLessThanOrEqual(2 * campuses);
    expect(calls(await group.get('/api/dashboard'))).toBeLessThanOrEqual(2 * campuses);
  });

  it("a mark saved on a campus is counted in that campus's roll-up cells and dashboard once refreshed, updating meanwhile", async () => {
    const before = (await group.get('/api/group/rollup')).body.data as RollupView;
    const year = before.academic_year;
    const rollup = async () => (await group.get(`/api/group/rollup?year=${year}`)).body.data as RollupView;
    const east = rollupCells(before, 'demo-east');
    // Every mark of one of the year's occasions on the demo campus set to 0: its course's COs, so its POs, drop.
    const admin = await signedIn(base, users.demoAdmin);
    const span = { from: `${year.slice(0, 4)}-06-01`, to: `${Number(year.slice(0, 4)) + 1}-05-31` };
    const occasions = (await admin.get('/api/occasion?limit=1000')).body.data as { id: string; held_on?: string }[];
    const held = occasions.find((o) => o.held_on && o.held_on >= span.from && o.held_on <= span.to);
    expect(held).toBeDefined();
    const sheet = (await admin.get(`/api/marks/${held!.id}`)).body.data;
    const rows = (sheet.rows as { student: string; marks: Record<string, unknown> }[]).map((r) => ({
      student: r.student,
      marks: Object.fromEntries(Object.keys(r.marks).map((q) => [q, 0])),
    }));
    expect(rows.length).toBeGreaterThan(0);
    const saved = await admin.put(`/api/marks/${held!.id}`, { version: sheet.version, rows });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The next read, at once: the demo campus shows the program pages' levels already, or is listed as updating; never
    // old levels unmarked.
    // The same cells with the same levels, in whatever order the program types come (sorted: the roll-up lists them
    // in its own order, the pages in the programs' order).
    const sorted = (m: Map<string, number>) => JSON.stringify([...m].sort(([a], [b]) => a.localeCompare(b)));
    const same = (v: RollupView, pages: Map<string, number>) => sorted(rollupCells(v, 'demo')) === sorted(pages);
    const next = await rollup();
    expect(same(next, await pageCells('demo', year)) || next.updating.includes('demo')).toBe(true);
    // Refreshed in the background: the cells become the program pages' levels (read again each time: other files may
    // change the campus meanwhile), some of them moved; the other campus's are unchanged.
    const { v: after } = await until(
      async () => {
        const [v, pages] = [await rollup(), await pageCells('demo', year)];
        // What a failure prints first: whether the campus is still updating, its cells, and the pages' levels.
        return { updating: v.updating, cells: Object.fromEntries(rollupCells(v, 'demo')), pages: Object.fromEntries(pages), v };
      },
      ({ v, pages }) => Object.keys(pages).length > 0 && same(v, new Map(Object.entries(pages))),
    );
    expect([...rollupCells(after, 'demo')].some(([k, v]) => v !== rollupCells(before, 'demo').get(k))).toBe(true);
    expect(Object.fromEntries(rollupCells(after, 'demo-east'))).toEqual(Object.fromEntries(east));
    // The demo campus's dashboard counts the marks too: the courses below target are those of its program pages.
    const api = client(base, groupToken, 'demo');
    const dashboard = async () => (await api.get('/api/dashboard')).body.data as DashboardView;
    const belowTarget = async (year0: string) => {
      let below = 0;
      for (const p of (await api.get('/api/program?limit=1000')).body.data as { id: string }[]) {
        const years = (await api.get(`/api/attainment/program/${p.id}`)).body.data.years as ProgramAttainment[];
        below += years.find((y) => y.academic_year === year0)?.courses.filter((c) => c.cos.some((co) => co.met === false)).length ?? 0;
      }
      return below;
    };
    await until(
      async () => {
        const d = await dashboard();
        return { shown: d.tiles.attainment[0].value, pages: await belowTarget(d.academic_year) };
      },
      ({ shown, pages }) => shown === pages,
    );
  });

  it("a program's SAR readiness in the roll-up equals its SAR Readiness page, and moves once refreshed when marks are claimed", async () => {
    const admin = await signedIn(base, users.demoAdmin);
    const made = await admin.post('/api/program', {
      title: `B.E. Roll-up readiness ${run}`,
      number_of_terms: 8,
      sar_version: 'SAR 2025 (GAPC v4)',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    // The new program is listed once the campus is refreshed.
    const before = await until(
      async () => (await group.get('/api/group/rollup')).body.data as RollupView,
      (v) => readinessOf(v, 'demo', id) !== undefined,
    );
    const year = before.academic_year;
    const page = async (): Promise<SarReadinessView> => {
      const res = await client(base, groupToken, 'demo').get(`/api/reports/sar/${id}/readiness?year=${year}`);
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const shown = readinessOf(before, 'demo', id);
    const read = await page();
    expect(shown).toMatchObject({
      title: read.program_title,
      format: read.format.label,
      total: read.total,
      max: 1000,
      outcome: read.outcome,
      below: read.holding_back.map((h) => h.criterion),
      href: `/reports/sar-readiness?program=${id}&year=${year}&campus=demo`,
      api: `/api/reports/sar/${id}/readiness?year=${year}`,
    });
    expect(readinessOf(before, 'demo-east', id)).toBeUndefined();
    // 2.2 (capstone project, 25 marks) claimed at 20 for the roll-up's year: counted once the campus is refreshed.
    const claimed = await admin.post('/api/sar-section', {
      program: id,
      sar_format: 'SAR 2025 (GAPC v4)',
      academic_year: year,
      item: '2.2',
      text: '<p>Capstone projects assessed by rubric</p>',
      claimed_marks: 20,
      claim_reason: 'Rubric-assessed capstones',
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    const reread = await page();
    expect(reread.total).toBeCloseTo(read.total + 20, 2);
    const after = readinessOf(
      await until(
        async () => (await group.get(`/api/group/rollup?year=${year}`)).body.data as RollupView,
        (v) => readinessOf(v, 'demo', id)?.total === reread.total,
      ),
      'demo',
      id,
    );
    expect(after).toMatchObject({ total: reread.total, outcome: reread.outcome, below: reread.holding_back.map((h) => h.criterion) });
    expect(after?.total).not.toBe(shown?.total);
  });
});
