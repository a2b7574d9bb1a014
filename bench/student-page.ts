import { type CampusScope, type MyResultsView, type StudentsAttainmentView, curriculum, department, student } from '@attain/shared-types';
import { ensureCampusUser } from '../functions/src/features/identity/campus-users.js';
import { linkStudentAccount } from '../functions/src/features/identity/index.js';
import { createRecords, queryByField } from '../functions/src/platform/store/records.js';
import { listAll } from '../functions/src/platform/store/list-all.js';
import { measure } from './measures.js';

/** The campus's roster the page is read in (issue 43 item 6: a campus of 10,000 students). */
const CAMPUS_STUDENTS = 10_000;
/** Reads of the page timed. */
const READS = 30;
type Row = { metric: string; value: string; budget: string; ok: boolean | null };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/**
 * A step of `npm run bench` (issue 43 item 6): a student's own page (`GET /api/me/results`) on a campus of 10,000
 * students and thousands of courses. The student is one of the program fixture's 120 (its 64 courses x 4 occasions x
 * 20 questions, all in 2025-26, their results stored by the results worker as the fixture's marks were uploaded): eight
 * times the courses a student takes in a year, so the page is read at its heaviest. The roster is topped up to 10,000.
 * Checked: the page lists every course of the fixture, and its CO percents equal the staff's per-student page in three
 * courses; the student's percents are reached in some COs and not in others.
 * Measured: DynamoDB calls per read and p50/p99 over 30 reads.
 */
export async function benchStudentPage(base: string, headers: Record<string, string>, scope: CampusScope, program: string): Promise<Row[]> {
  const [cur] = await queryByField(scope, curriculum, 'program', program);
  if (!cur) throw new Error('bench student page: the program fixture has no curriculum');
  const roster = await listAll(scope, student, { curriculum: cur.id });
  const me = roster.find((s) => s.roll_no === 'BA7');
  if (!me) throw new Error('bench student page: the fixture has no student BA7');
  // The campus's roster up to 10,000, in a curriculum of its own.
  const onCampus = (await listAll(scope, student)).length;
  if (onCampus < CAMPUS_STUDENTS) {
    const dept = (await listAll(scope, department))[0];
    const stamp = Date.now().toString(36);
    const post = async (path: string, body: unknown) =>
      ((await (await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as { data: { id: string } })
        .data;
    const prog = await post('/api/program', { title: `Bench roster ${stamp}`, department: dept?.id, number_of_terms: 1 });
    const extra = (await post('/api/curriculum', { name: `Bench roster ${stamp}`, program: prog.id })).id;
    const rows = Array.from({ length: CAMPUS_STUDENTS - onCampus }, (_, i) => ({
      curriculum: extra,
      section: String.fromCharCode(65 + (i % 8)),
      roll_no: `BR${stamp}${String(i).padStart(5, '0')}`,
      name: `Bench roster student ${i}`,
    }));
    await createRecords(scope, student, rows as never);
  }
  const email = `ba7-${Date.now().toString(36)}@students.bench.example`;
  const password = `Bench-${Date.now().toString(36)}-Pass1!`;
  const sub = await ensureCampusUser({
    tenant: scope.campus,
    email,
    password,
    role: 'student',
    first_name: 'Bench',
    last_name: 'BA7',
    createdBy: scope.actor,
  });
  await linkStudentAccount(scope.campus, sub, me.id, email);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const mine = { authorization: `Bearer ${token}` };

  // The first read also counts the courses as seen (the staff's engagement count): measured apart.
  const first = await fetch(`${base}/api/me/results`, { headers: mine });
  const view = ((await first.json()) as { data: MyResultsView }).data;
  const times: number[] = [];
  const calls: number[] = [];
  let bytes = 0;
  for (let i = 0; i < READS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/me/results`, { headers: mine });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t);
    calls.push(Number(res.headers.get('x-dynamodb-calls')));
    if (!res.ok) throw new Error(`bench student page: ${res.status}`);
  }

  // Checked: every fixture course, with the staff's per-student page's percents.
  let same = view.courses.length > 0;
  for (const c of view.courses.slice(0, 3)) {
    const res = await fetch(`${base}/api/attainment/students/${c.course.id}?year=${view.year_choice.year}`, { headers });
    const staff = ((await res.json()) as { data: StudentsAttainmentView }).data;
    const row = staff.students.find((s) => s.roll_no === 'BA7');
    same &&= Boolean(row) && c.cos.every((co) => co.percent === (row?.co[co.id] ?? null));
  }
  const reached = view.courses.flatMap((c) => c.cos.map((co) => co.reached));
  const varies = reached.includes(true) && reached.includes(false);
  const worst = Math.max(...calls);
  measure('student.page.calls', worst);
  measure('student.page.ms', pct(times, 50));
  return [
    {
      metric:
        `GET /api/me/results: ${view.courses.length} courses of one student (stored results), campus of ` +
        `${CAMPUS_STUDENTS.toLocaleString('en-IN')} students; percents equal the staff's page, reached and not`,
      value: `${same ? 'equal' : 'DIFFERENT'}, ${varies ? 'both' : 'ONE KIND'}; ${(bytes / 1024).toFixed(0)} KB`,
      budget: 'equal, both',
      ok: same && varies && view.courses.length === 64,
    },
    {
      metric: 'GET /api/me/results: DynamoDB calls per read (first read, counting the courses as seen)',
      value: `${worst} (${first.headers.get('x-dynamodb-calls')})`,
      budget: '<= 3',
      ok: worst <= 3,
    },
    {
      metric: `GET /api/me/results p50 / p99 (n=${READS})`,
      value: `${pct(times, 50).toFixed(1)} / ${pct(times, 99).toFixed(1)} ms`,
      budget: 'p50 <= 300 ms',
      ok: pct(times, 50) <= 300,
    },
  ];
}
