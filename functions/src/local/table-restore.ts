import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@attain/shared-types';
import { ensureTable } from './bootstrap.js';
import { startDynamo } from './emulators.js';
import { freePort } from './ports.js';
import { REPO_ROOT } from './stack.js';

type Item = Record<string, unknown>;

/** Every item of `table`, page by page (one Scan per MB). */
async function* scanAll(doc: DynamoDBDocumentClient, table: string): AsyncGenerator<Item[]> {
  let start: Item | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start, ConsistentRead: true }));
    yield (page.Items ?? []) as Item[];
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Items per record type (`entityType`, else the partition's kind after the campus: `T#<campus>#<kind>#...`). */
async function countByKind(doc: DynamoDBDocumentClient, table: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for await (const items of scanAll(doc, table))
    for (const i of items) {
      const kind = String(i.entityType ?? String(i[TABLE.partitionKey]).split('#')[2] ?? 'other');
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
  return counts;
}

/**
 * The restore rehearsal of docs/restore.md, on this machine: `npm run table:restore -- --to <new table>` starts
 * DynamoDB Local over the local stack's data (`ATTAIN_DATA_DIR`, default `.local`; stop `npm start` first), exports
 * every item of the source table (default `attain`) to a JSON-lines file, imports it into a new table with the same
 * keys and indexes, and compares the item counts per record type. `--count-only` compares two existing tables, in AWS
 * too with `--aws` (the SDK's own credentials and region, no emulator). Exits 1 when any count differs.
 */
async function main() {
  const { values: a } = parseArgs({
    options: {
      from: { type: 'string', default: TABLE.defaultName },
      to: { type: 'string' },
      'count-only': { type: 'boolean', default: false },
      aws: { type: 'boolean', default: false },
    },
  });
  if (!a.to) {
    console.error('Usage: npm run table:restore -- --to <new table> [--from attain] [--count-only]');
    process.exit(2);
  }
  const dataDir = process.env.ATTAIN_DATA_DIR ?? join(REPO_ROOT, '.local');
  const dynamo = !a.aws ? await startDynamo(await freePort(), join(dataDir, 'dynamodb')) : undefined;
  try {
    if (dynamo) Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: dynamo.url, AWS_REGION: 'ap-south-1' });
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const t0 = Date.now();
    if (!a['count-only']) {
      mkdirSync(join(dataDir, 'exports'), { recursive: true });
      const file = join(dataDir, 'exports', `${a.from}-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
      const out = createWriteStream(file);
      await ensureTable(a.to);
      let n = 0;
      for await (const items of scanAll(doc, a.from)) {
        for (const i of items) out.write(`${JSON.stringify(i)}\n`);
        for (let k = 0; k < items.length; k += 25) {
          let batch = items.slice(k, k + 25).map((Item) => ({ PutRequest: { Item } }));
          while (batch.length) {
            const res = await doc.send(new BatchWriteCommand({ RequestItems: { [a.to]: batch } }));
            batch = (res.UnprocessedItems?.[a.to] ?? []) as typeof batch;
          }
        }
        n += items.length;
      }
      await new Promise((r) => out.end(r));
      console.log(`Exported and imported ${n} items in ${((Date.now() - t0) / 1000).toFixed(1)} s (export: ${file})`);
    }
    const [before, after] = await Promise.all([countByKind(doc, a.from), countByKind(doc, a.to)]);
    const kinds = [...new Set([...before.keys(), ...after.keys()])].sort();
    const differ = kinds.filter((k) => before.get(k) !== after.get(k));
    const total = (m: Map<string, number>) => [...m.values()].reduce((x, y) => x + y, 0);
    console.log(`${kinds.length} record types, ${total(before)} items in ${a.from}, ${total(after)} in ${a.to}`);
    for (const k of differ) console.log(`  ${k}: ${before.get(k) ?? 0} in ${a.from}, ${after.get(k) ?? 0} in ${a.to}`);
    console.log(differ.length ? `${differ.length} record types differ` : 'Every record type has the same count');
    process.exitCode = differ.length ? 1 : 0;
  } finally {
    await dynamo?.stop();
  }
}

void main();
