import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { type ProgramAttainment, type RollupView, program } from '@attain/shared-types';
import pLimit from 'p-limit';
import { registerCampus } from '../functions/src/platform/store/campus-registry.js';
import { documentClient } from '../functions/src/platform/lib/aws.js';
import { config } from '../functions/src/platform/lib/config.js';
import { batchWrite } from '../functions/src/platform/store/batch.js';
import { DEMO_GROUP, DEMO_TENANT } from '../functions/src/local/seed/demo-campus.js';
import { SETTLE_MS } from '../functions/src/features/group/summary-shapes.js';
import { createRecords } from '../functions/src/platform/store/records.js';
import type { SummaryRefreshMeasure } from '../functions/src/local/local-summaries-worker.js';
import { measure } from './measures.js';

type Row = { metric: string; value: string; budget: string; ok: boolean | null };

/** Clones of the bench campus in the demo group, so the roll-up reads 10 campuses of bench scale. */
const CLONES = 9;
/**
 * The partitions the roll-up reads (programs, their stored results, methods and outcomes, surveys, faculty and their
 * research, mail); marks are not read by it (results are current), so they are not copied.
 */
const READ_BY_ROLLUP = new RegExp(
  `^(${[
    'program',
    'program-type',
    'generic-program-outcome',
    'attainment-method',
    'attainment-result#',
    'profile',
    'survey',
    'research-publication',
    'sponsored-project',
    'sent-mail',
    'organization',
  ].join('|')})`,
);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/**
 * Step 7d of `npm run bench` (issue 16): the group roll-up over 10 campuses of bench scale. The bench campus (the demo
 * campus holding step 7's 64-course program with stored results, the demo program, surveys, faculty and their
 * records) is copied item by item, keys rewritten, into 9 more campuses of the demo group (only the partitions the
 * roll-up reads). Then `GET /api/group/rollup` as the group administrator: the read that computes the copies'
 * summaries, then latency (n=10, p50 budget 1 s) and DynamoDB calls per campus (budget 2) of reads that find them
 * current (docs/decisions/0039-campus-summaries.md). The
 * answer is checked: every clone's PO figures equal the bench campus's, and the bench program's CAY levels (which vary
 * by outcome) appear in the bench campus's column. Then one change on the bench campus (a program added): the reads
 * while its summaries are refreshed in the background (decision 0051) stay <= 2 calls per campus and list it as
 * updating, and its refresh's DynamoDB calls and time are counted (`refreshes`: the local worker's, as the local stack
 * reports them).
 */
export async function benchRollup(
  base: string,
  groupToken: string,
  served: ProgramAttainment[],
  refreshes: readonly SummaryRefreshMeasure[],
): Promise<Row[]> {
  // The bench program's newest year: the step-5 marks program has results this year too, but no outcomes to compare.
  const year = served[0]?.academic_year;
  if (!year) throw new Error('bench roll-up: the fixture program has no attainment year');
  const url = `${base}/api/group/rollup?year=${year}`;
  const headers = { authorization: `Bearer ${groupToken}` };
  // Marks are not copied, so the bench campus's results must be current before the copy: earlier steps change marks
  // (the step-5 import) after their results were stored, and a stale course would be recomputed from marks the
  // copies lack. One roll-up read recomputes and stores them, as any page reading that program would.
  const warm = await fetch(url, { headers });
  if (!warm.ok) throw new Error(`bench roll-up: ${warm.status} ${await warm.text()}`);
  await warm.arrayBuffer();
  const from = `T#${DEMO_TENANT}#`;
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new ScanCommand({
        TableName: config().tableName,
        FilterExpression: 'begins_with(PK, :p)',
        ExpressionAttributeValues: { ':p': from },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []).filter((i) => READ_BY_ROLLUP.test(String(i.PK).slice(from.length))));
    start = res.LastEvaluatedKey;
  } while (start);
  const t0 = performance.now();
  for (let n = 1; n <= CLONES; n++) {
    const campus = `bench-${n}`;
    const to = `T#${campus}#`;
    const rewrite = (v: unknown) => (typeof v === 'string' && v.startsWith(from) ? to + v.slice(from.length) : v);
    const copies = items.map((i) =>
      Object.fromEntries(Object.entries(i).map(([k, v]) => [k, k === 'SK' && i.entityType === 'organization' ? campus : rewrite(v)])),
    );
    const puts = copies.map((Item) => ({ PutRequest: { Item } }));
    const chunks = Array.from({ length: Math.ceil(puts.length / 25) }, (_, i) => puts.slice(i * 25, i * 25 + 25));
    const limit = pLimit(8);
    await Promise.all(chunks.map((chunk) => limit(() => batchWrite(chunk))));
    await registerCampus(
      {
        id: campus,
        group: DEMO_GROUP.id,
        name: `Bench campus ${n}`,
        status: 'Active',
        admin_email: `admin@${campus}.example`,
        created_by: 'bench',
      },
      { adopt: true },
    );
  }
  const copyS = (performance.now() - t0) / 1000;
  // The first read computes the copies' summaries (they have none); the timed reads after the settling time find them
  // current, as every read does until an input of a campus changes.
  const f0 = performance.now();
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`bench roll-up: ${first.status} ${await first.text()}`);
  const view = ((await first.json()) as { data: RollupView }).data;
  const firstMs = performance.now() - f0;
  const firstCalls = Number(first.headers.get('x-dynamodb-calls'));
  await new Promise((r) => setTimeout(r, SETTLE_MS + 100));
  await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  const calls: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    calls.push(Number(res.headers.get('x-dynamodb-calls')));
  }
  const meanCalls = calls.reduce((a, b) => a + b, 0) / calls.length;
  measure('rollup.calls_per_campus', meanCalls / view.campuses.length);
  // One change on the bench campus, as a person makes it (records.ts stamps the campus and queues its refresh); the
  // roll-up is read every 100 ms, as the page would be, until the campus is no longer updating.
  const seen = refreshes.length;
  const c0 = performance.now();
  await createRecords({ campus: DEMO_TENANT, actor: 'bench', access: 'read-write' }, program, [
    { title: 'B.E. Bench roll-up change', number_of_terms: 8 },
  ]);
  const whileUpdating: number[] = [];
  let marked = false;
  for (;;) {
    const res = await fetch(url, { headers });
    const v = ((await res.json()) as { data: RollupView }).data;
    if (!v.updating.includes(DEMO_TENANT)) break;
    marked = true;
    whileUpdating.push(Number(res.headers.get('x-dynamodb-calls')));
    if (performance.now() - c0 > 120_000) throw new Error('bench roll-up: the bench campus was still updating after 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const currentMs = performance.now() - c0;
  const refresh = refreshes.slice(seen).find((r) => r.campus === DEMO_TENANT);
  if (!refresh) throw new Error('bench roll-up: the bench campus was current again without a refresh');
  measure('summaries.refresh.calls', refresh.calls);
  measure('summaries.refresh.ms', refresh.ms);
  const maxUpdating = Math.max(0, ...whileUpdating);
  const clones = view.campuses.filter((c) => c.id === DEMO_TENANT || c.id.startsWith('bench-'));
  const poRows = view.sections.filter((s) => s.key === 'po-attainment').flatMap((s) => s.rows);
  const differing = poRows.flatMap((r) =>
    clones
      .filter((c) => r.cells[c.id]?.value !== r.cells[DEMO_TENANT]?.value)
      .map((c) => `${r.label}: ${c.id} ${r.cells[c.id]?.value} vs ${r.cells[DEMO_TENANT]?.value}`),
  );
  const clonesEqual = differing.length === 0;
  const cay = served.find((y) => y.academic_year === view.academic_year);
  const levels = new Set(poRows.map((r) => r.cells[DEMO_TENANT]?.value).filter((v) => v !== null && v !== undefined));
  const varied = levels.size > 1 && !!cay;
  return [
    {
      metric: `Roll-up fixture: ${CLONES} copies of the bench campus (${items.length} items each) in the demo group`,
      value: `${copyS.toFixed(0)} s`,
      budget: '-',
      ok: null,
    },
    {
      metric: `GET /api/group/rollup over ${view.campuses.length} campuses (${clones.length} of bench scale) p50 / p99 (n=10)`,
      value: `${pct(times, 50).toFixed(0)} / ${pct(times, 99).toFixed(0)} ms`,
      budget: 'p50 <= 1 s; p99 <= 30 s (API limit)',
      ok: pct(times, 50) <= 1000 && pct(times, 99) <= 30_000,
    },
    {
      metric: 'GET /api/group/rollup: DynamoDB calls per request (mean) and per campus (summaries current)',
      value: `${meanCalls.toFixed(0)}; ${(meanCalls / view.campuses.length).toFixed(2)} per campus`,
      budget: '<= 2 per campus',
      ok: meanCalls <= 2 * view.campuses.length,
    },
    {
      metric: "GET /api/group/rollup: the read that computed the 9 copies' summaries (DynamoDB calls, time)",
      value: `${firstCalls} calls, ${firstMs.toFixed(0)} ms`,
      budget: '-',
      ok: null,
    },
    {
      metric: 'GET /api/group/rollup right after a change on the bench campus: DynamoDB calls (most of any read while it was updating)',
      value:
        `${maxUpdating} (${(maxUpdating / view.campuses.length).toFixed(2)} per campus) over ${whileUpdating.length} reads; ` +
        (marked ? 'updating shown' : 'NOT SHOWN AS UPDATING'),
      budget: '<= 2 per campus; updating shown',
      ok: marked && maxUpdating <= 2 * view.campuses.length,
    },
    {
      metric: "The bench campus's summaries refreshed after that change (background): DynamoDB calls, refresh time, change to current",
      value:
        `${refresh.calls} calls for ${refresh.refreshed} summaries, ${refresh.ms.toFixed(0)} ms; ` +
        `current ${(currentMs / 1000).toFixed(1)} s after the change`,
      budget: '-',
      ok: null,
    },
    {
      metric: 'Roll-up: every copy equals the bench campus on each PO row; PO levels vary',
      value: `${clonesEqual ? 'equal' : `DIFFERENT (${differing.length}, e.g. ${differing[0]})`}; ${levels.size} distinct levels over ${poRows.length} rows`,
      budget: 'equal; > 1 level',
      ok: clonesEqual && varied,
    },
  ];
}
