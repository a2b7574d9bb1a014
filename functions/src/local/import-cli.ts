import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { errorMessage } from '@attain/shared-types';

/**
 * `npm run import -- --url <api> --email <admin> --curriculum <name or id> --kind <kind> --file <csv>`: loads a CSV
 * into a campus through the API (so it works against the local stack, LocalStack or AWS alike). The password is
 * read from `ATTAIN_PASSWORD`. Exits 1 and prints one line per problem when the file is refused.
 */
async function main() {
  const { values: a } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      email: { type: 'string' },
      curriculum: { type: 'string' },
      kind: { type: 'string' },
      file: { type: 'string' },
      'delivery-method': { type: 'string' },
      'fallback-bloom': { type: 'string' },
      'create-courses-in-term': { type: 'string' },
    },
  });
  const password = process.env.ATTAIN_PASSWORD;
  if (!a.email || !password || !a.curriculum || !a.kind || !a.file) {
    console.error(
      'Usage: ATTAIN_PASSWORD=... npm run import -- --url <api> --email <admin> --curriculum <name|id> ' +
        '--kind curriculum|course-outcomes|co-po-matrix|students --file <csv>',
    );
    process.exit(2);
  }
  const login = await fetch(`${a.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: a.email, password }),
  });
  if (!login.ok) throw new Error(`Sign-in failed (${login.status})`);
  const auth = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const list = async (path: string) =>
    ((await (await fetch(`${a.url}${path}?limit=1000`, { headers: auth })).json()) as { data: Record<string, string>[] }).data;
  const cur = (await list('/api/curriculum')).find((c) => c.id === a.curriculum || c.name === a.curriculum);
  if (!cur) throw new Error(`No curriculum named ${a.curriculum}`);
  const q = new URLSearchParams({ curriculum: cur.id });
  if (a['delivery-method']) {
    const m = (await list('/api/delivery-method')).find((x) => x.name === a['delivery-method'] || x.id === a['delivery-method']);
    if (!m) throw new Error(`No delivery method ${a['delivery-method']}`);
    q.set('delivery_method', m.id);
  }
  if (a['fallback-bloom']) {
    const l = (await list('/api/bloom-level')).find((x) => x.level_of_learning === a['fallback-bloom'] || x.name === a['fallback-bloom']);
    if (!l) throw new Error(`No Bloom's level ${a['fallback-bloom']}`);
    q.set('fallback_bloom_level', l.id);
  }
  if (a['create-courses-in-term']) q.set('create_courses_in_term', a['create-courses-in-term']);
  const res = await fetch(`${a.url}/api/import/${a.kind}?${q}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv' },
    body: readFileSync(a.file, 'utf8'),
  });
  const body = (await res.json()) as {
    message?: string;
    data?: { notes: string[] };
    errors?: { detail: string; fields?: Record<string, string>; rows?: { row: number; field: string; message: string }[] };
  };
  if (!res.ok) {
    console.error(body.errors?.detail);
    for (const [k, v] of Object.entries(body.errors?.fields ?? {})) console.error(`  ${k}: ${v}`);
    for (const r of body.errors?.rows ?? []) console.error(`  row ${r.row}${r.field ? `, ${r.field}` : ''}: ${r.message}`);
    process.exit(1);
  }
  console.log(body.message);
  for (const n of body.data?.notes ?? []) console.log(`  ${n}`);
}

main().catch((e) => {
  console.error(errorMessage(e));
  process.exit(1);
});
