import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type FrozenYear, type ProgramAttainment, recordPk } from '@attain/shared-types';
import { documentClient } from '../functions/src/platform/lib/aws.js';
import { config } from '../functions/src/platform/lib/config.js';
import { DEMO_TENANT } from '../functions/src/local/seed/demo-campus.js';

type Row = { metric: string; value: string; budget: string; ok: boolean | null };

/** DynamoDB's item size limit, bytes: a snapshot is one item. */
const ITEM_LIMIT = 400 * 1024;

/**
 * Step 7c of `npm run bench` (issue 16): approving the bench-scale program's newest year (64 courses with marks) keeps
 * its snapshot in one item. Time of the approval and the item's size (its JSON, an upper bound of DynamoDB's size),
 * against the 400 KB item limit; the snapshot must hold every course of that year. The year is unfrozen afterwards,
 * with a reason, so the steps after it may write.
 */
export async function benchFrozenSnapshot(
  base: string,
  headers: Record<string, string>,
  program: string,
  served: ProgramAttainment[],
): Promise<Row[]> {
  const year = served[0]?.academic_year;
  if (!year) throw new Error('bench freeze: the fixture program has no attainment year');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/attainment/freeze/${program}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ academic_year: year }),
  });
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`bench freeze: ${res.status} ${await res.text()}`);
  const approved = ((await res.json()) as { data: FrozenYear }).data;
  const got = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: { PK: recordPk(DEMO_TENANT, `attainment-freeze#${program}`), SK: year } }),
  );
  const bytes = Buffer.byteLength(JSON.stringify(got.Item ?? {}));
  const courses = (got.Item?.attainment as ProgramAttainment | undefined)?.courses.length ?? 0;
  const undo = await fetch(`${base}/api/attainment/freeze/${program}/${year}/unfreeze`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ reason: 'Bench: later steps write to this program', version: approved.version }),
  });
  if (!undo.ok) throw new Error(`bench unfreeze: ${undo.status} ${await undo.text()}`);
  return [
    {
      metric: `Approve ${year} of the ${served[0].courses.length}-course program (snapshot of results and input versions)`,
      value: `${ms.toFixed(0)} ms; ${approved.inputs.length} input versions`,
      budget: '<= 30 s (API limit)',
      ok: ms <= 30_000,
    },
    {
      metric: 'Frozen snapshot: one item, size (JSON) and courses held',
      value: `${(bytes / 1024).toFixed(1)} KB; ${courses} of ${served[0].courses.length} courses`,
      budget: '< 400 KB; every course',
      ok: bytes < ITEM_LIMIT && courses === served[0].courses.length,
    },
  ];
}
