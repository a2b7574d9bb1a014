import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

const base = inject('stackUrl');
const users = inject('users');
let admin: ReturnType<typeof client>;
let faculty: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
const data = (f: string) => readFileSync(new URL(`../../src/local/seed/data/${f}`, import.meta.url), 'utf8');

/** Posts a CSV to the import endpoint. */
async function importCsv(token: string, kind: string, query: string, csv: string) {
  const res = await fetch(`${base}/api/import/${kind}?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
let adminToken: string;
let facultySub: string;
let program: Record<string, any>;
let cur: Record<string, any>;
let terms: Record<string, any>[];

beforeAll(async () => {
  adminToken = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, adminToken);
  faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
  other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
  facultySub = (await faculty.get('/api/auth/profile')).body.data.id;
  const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  program = (
    await admin.post('/api/program', {
      title: 'M.Tech Computer Science',
      department: dept.id,
      number_of_terms: 4,
      minimum_duration_qty: 2,
      minimum_duration_unit: 'Years',
    })
  ).body.data;
  await admin.post('/api/generic-program-outcome/setup', { program: program.id, framework: 'nba_12_po' });
  cur = (await admin.post('/api/curriculum', { name: 'M.Tech 2024', program: program.id })).body.data;
  terms = (await admin.get(`/api/term?curriculum=${cur.id}`)).body.data;
});

describe('the demo campus holds the real curriculum, outcomes and matrices', () => {
  it('has the 54 IIT Palakkad courses with their L-T-P credits, and the 9 published courses with 47 COs', async () => {
    const curricula = (await admin.get('/api/curriculum')).body.data;
    const iit = curricula.find((c: { name: string }) => c.name.startsWith('2022'));
    const courses = (await admin.get(`/api/Course-Curriculum?curriculum=${iit.id}&limit=1000`)).body.data;
    expect(courses).toHaveLength(54);
    expect(courses.find((c: { code: string }) => c.code === 'CS3010')).toMatchObject({
      title: 'Operating Systems',
      lecture_credits: 3,
      tutor_credits: 0,
      practical_credits: 0,
      total_credits: 3,
    });
    // 144 (SOURCES.md, non-honours total) + 4 honours-only PME* slots of 3
    expect(courses.reduce((s: number, c: { total_credits?: number }) => s + (c.total_credits ?? 0), 0)).toBe(144 + 12);
    const samples = curricula.find((c: { name: string }) => c.name === 'Published CO-PO samples');
    expect((await admin.get(`/api/Course-Curriculum?curriculum=${samples.id}`)).body.data).toHaveLength(9);
    expect((await admin.get(`/api/Course-Outcome?curriculum=${samples.id}&limit=1000`)).body.data).toHaveLength(47);
  });
  it("shows BCS401's matrix with the published average row", async () => {
    const samples = (await admin.get('/api/curriculum')).body.data.find((c: { name: string }) => c.name === 'Published CO-PO samples');
    const os = (await admin.get(`/api/Course-Curriculum?curriculum=${samples.id}`)).body.data.find(
      (c: { code: string }) => c.code === 'BCS401',
    );
    const m = (await admin.get(`/api/co-po-matrix/${os.id}`)).body.data;
    expect(m.cos.map((c: { code: string }) => c.code)).toEqual(['CO1', 'CO2', 'CO3', 'CO4', 'CO5']);
    const ref = (r: string) => m.outcomes.find((o: { po_reference: string }) => o.po_reference === r).id;
    // co-po-matrix.csv: BCS401 maps PO1 at 2 in every row it maps; PO3 is "-" throughout.
    expect(m.articulation[ref('PO1')]).toBe(2);
    expect(m.articulation[ref('PO3')]).toBeUndefined();
  });
});

describe('curricula, terms and references', () => {
  it('creates one term per program term, read-only over the API', async () => {
    expect(terms.map((t) => t.name)).toEqual(['Term 1', 'Term 2', 'Term 3', 'Term 4']);
    expect((await admin.post('/api/term', { name: 'Term 5', number: 5, curriculum: cur.id })).status).toBe(403);
  });
  it('refuses a term of another curriculum and a reference to another campus', async () => {
    const iit = (await admin.get('/api/curriculum')).body.data.find((c: { name: string }) => c.name.startsWith('2022'));
    const foreignTerm = (await admin.get(`/api/term?curriculum=${iit.id}`)).body.data[0];
    const dept = (await admin.get('/api/department')).body.data[0];
    const res = await admin.post('/api/Course-Curriculum', {
      curriculum: cur.id,
      term: foreignTerm.id,
      title: 'X',
      reviewer_department: dept.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.fields).toEqual({ term: 'Not part of the selected curriculum' });
    const otherDept = (await other.post('/api/department', { name: 'Mech', short_name: 'MEC' })).body.data;
    const res2 = await admin.post('/api/Course-Curriculum', {
      curriculum: cur.id,
      term: terms[0].id,
      title: 'X',
      reviewer_department: otherDept.id,
    });
    expect(res2.body.errors.fields).toEqual({ reviewer_department: 'Not found' });
  });
  it('refuses to delete a program with curricula, naming them, and a course with outcomes', async () => {
    const res = await admin.del(`/api/program/${program.id}`);
    expect(res.status).toBe(409);
    expect(res.body.errors.detail).toContain('curriculum M.Tech 2024');
    expect((await admin.get(`/api/program/${program.id}`)).status).toBe(200);
  });
  it('deletes an unused curriculum together with its terms', async () => {
    const spare = (await admin.post('/api/curriculum', { name: 'Spare', program: program.id })).body.data;
    expect((await admin.get(`/api/term?curriculum=${spare.id}`)).body.data).toHaveLength(4);
    expect((await admin.del(`/api/curriculum/${spare.id}`)).status).toBe(200);
    expect((await admin.get(`/api/term?curriculum=${spare.id}`)).body.data).toHaveLength(0);
  });
});

describe('course ownership, CO-PO matrix and question paper', () => {
  let course: Record<string, any>;
  let cos: Record<string, any>[];
  let levels: Record<string, any>[];
  let method: Record<string, any>;
  beforeAll(async () => {
    const dept = (await admin.get('/api/department')).body.data[0];
    course = (
      await admin.post('/api/Course-Curriculum', {
        curriculum: cur.id,
        term: terms[0].id,
        code: 'CS6010',
        title: 'Advanced Operating Systems',
        reviewer_department: dept.id,
        owner: facultySub,
      })
    ).body.data;
    levels = (await admin.get('/api/bloom-level')).body.data;
    method = (await admin.get('/api/delivery-method')).body.data[0];
  });
  it('lets the owning faculty member write COs of the course, and no one else', async () => {
    const k2 = levels.find((l) => l.level_of_learning === 'K2') as Record<string, any>;
    const mine = await faculty.post('/api/Course-Outcome', {
      course: course.id,
      code: 'CO1',
      statement: 'Explain process scheduling.',
      cognitive_domain: k2.id,
      delivery_method: method.id,
    });
    expect(mine.status).toBe(201);
    expect(mine.body.data).toMatchObject({ curriculum: cur.id, term: terms[0].id, created_by: users.demoFaculty.email });
    await faculty.post('/api/Course-Outcome', {
      course: course.id,
      code: 'CO2',
      statement: 'Analyse deadlocks.',
      cognitive_domain: k2.id,
      delivery_method: method.id,
    });
    const os = (await admin.get('/api/Course-Curriculum')).body.data.find((c: { code: string }) => c.code === 'CS3010');
    const notMine = await faculty.post('/api/Course-Outcome', {
      course: os.id,
      code: 'CO9',
      statement: 'X',
      cognitive_domain: k2.id,
      delivery_method: method.id,
    });
    expect(notMine.status).toBe(403);
    expect((await faculty.post('/api/program', { title: 'Nope' })).status).toBe(403);
    cos = (await admin.get(`/api/Course-Outcome?course=${course.id}`)).body.data;
    expect(cos.map((c) => c.code)).toEqual(['CO1', 'CO2']);
    expect((await admin.del(`/api/Course-Curriculum/${course.id}`)).body.errors.detail).toContain('course outcomes CO1, CO2');
  });
  it('saves the matrix whole, averages it, refuses a stale save, bad cells and a non-owner', async () => {
    const m = (await admin.get(`/api/co-po-matrix/${course.id}`)).body.data;
    expect(m.version).toBe(0);
    const po = (r: string) => m.outcomes.find((o: { po_reference: string }) => o.po_reference === r).id;
    const cells = { [cos[0].id]: { [po('PO1')]: 3, [po('PO2')]: 2 }, [cos[1].id]: { [po('PO1')]: 2 } };
    const saved = await faculty.put(`/api/co-po-matrix/${course.id}`, { version: 0, cells });
    expect(saved.status).toBe(200);
    // PO1: (3 + 2) / 2 = 2.5; PO2: 2 / 1 = 2.
    expect(saved.body.data.articulation).toEqual({ [po('PO1')]: 2.5, [po('PO2')]: 2 });
    expect((await admin.put(`/api/co-po-matrix/${course.id}`, { version: 0, cells: {} })).status).toBe(409);
    expect((await admin.put(`/api/co-po-matrix/${course.id}`, { version: 1, cells: { [cos[0].id]: { [po('PO1')]: 4 } } })).status).toBe(
      400,
    );
    expect((await admin.get(`/api/co-po-matrix/${course.id}`)).body.data.articulation[po('PO1')]).toBe(2.5);
    expect((await admin.del(`/api/Course-Outcome/${cos[1].id}`)).body.errors.detail).toContain('CO-PO matrix');
    expect((await other.get(`/api/co-po-matrix/${course.id}`)).status).toBe(404);
  });
  it("checks the paper's total against the occasion's and the rubric against the question", async () => {
    const occ = (await admin.post('/api/occasion', { course: course.id, kind: 'ISE', name: 'ISE 1', section: 'A', total_marks: 20 })).body
      .data;
    expect(occ).toMatchObject({ curriculum: cur.id, program: program.id, status: 'Planned' });
    const k3 = levels.find((l) => l.level_of_learning === 'K3') as Record<string, any>;
    const q = (number: string, max_marks: number, co: string, rubric?: unknown) => ({
      number,
      max_marks,
      co,
      bloom_level: k3.id,
      ...(rubric ? { rubric } : {}),
    });
    const short = await faculty.put(`/api/question-paper/${occ.id}`, { version: 0, questions: [q('1', 10, cos[0].id)] });
    expect(short.status).toBe(400);
    expect(short.body.errors.fields.total).toBe("The questions add up to 10 marks; the occasion's total is 20");
    const badRubric = await faculty.put(`/api/question-paper/${occ.id}`, {
      version: 0,
      questions: [q('1', 10, cos[0].id, [{ criterion: 'Method', marks: 4 }]), q('2', 10, cos[1].id)],
    });
    expect(badRubric.body.errors.fields['questions.0.rubric']).toBe('Rubric marks add up to 4, not 10');
    const ok = await faculty.put(`/api/question-paper/${occ.id}`, {
      version: 0,
      questions: [
        q('1a', 10, cos[0].id, [
          { criterion: 'Method', marks: 6 },
          { criterion: 'Answer', marks: 4 },
        ]),
        q('2', 10, cos[1].id),
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ total: 20, occasion_total: 20, version: 1 });
    expect((await admin.del(`/api/Course-Outcome/${cos[1].id}`)).body.errors.detail).toContain('question paper of ISE 1');
    expect((await admin.get(`/api/occasion?curriculum=${cur.id}&term=${terms[0].id}`)).body.data.map((o: { id: string }) => o.id)).toEqual([
      occ.id,
    ]);
  });
});

describe('users', () => {
  it('lets an admin add a faculty member who can then sign in; refuses duplicates and faculty', async () => {
    const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
    const body = {
      email: 'new.teacher@attain.example',
      role: 'faculty',
      password: 'New-Teacher-1!',
      title: 'Dr.',
      first_name: 'Meera',
      last_name: 'Nair',
      department: dept.id,
    };
    const res = await admin.post('/api/auth/user-list', body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'Dr. Meera Nair', role: 'faculty', created_by: users.demoAdmin.email });
    expect(await login(base, body.email, body.password)).toBeTruthy();
    expect((await admin.post('/api/auth/user-list', body)).status).toBe(409);
    expect((await faculty.post('/api/auth/user-list', { ...body, email: 'x@attain.example' })).status).toBe(403);
    const bad = await admin.post('/api/auth/user-list', { email: 'nope', role: 'faculty', password: 'short', first_name: 'M' });
    expect(bad.body.errors.fields).toMatchObject({
      email: 'Not valid email',
      password: 'At least 10 characters',
      first_name: 'Too Short!',
      last_name: 'Required',
    });
    const cse = (await admin.get('/api/department/user-list?short_name=CSE')).body.data.map((u: { email: string }) => u.email);
    expect(cse).toContain(body.email);
    expect((await other.get('/api/auth/user-list')).body.data.map((u: { email: string }) => u.email)).not.toContain(body.email);
  });
});

describe('CSV import', () => {
  it('refuses a malformed curriculum file with row-level errors and writes nothing', async () => {
    const csv = 'term,code,title,lecture\n1,CS6001,Machine Learning,3\n9,CS6002,Deep Learning,3\n2,CS6003,,x\n';
    const res = await importCsv(adminToken, 'curriculum', `curriculum=${cur.id}`, csv);
    expect(res.status).toBe(400);
    expect(res.body.errors.rows).toEqual([
      { row: 3, field: 'term', message: 'The curriculum has no term 9 (it has 4)' },
      { row: 4, field: 'title', message: 'Required' },
      { row: 4, field: 'lecture', message: 'x is not a whole number from 0 to 40' },
    ]);
    const titles = (await admin.get(`/api/Course-Curriculum?curriculum=${cur.id}`)).body.data.map((c: { title: string }) => c.title);
    expect(titles).not.toContain('Machine Learning');
  });
  it('loads course outcomes and a matrix, inferring Bloom levels from verbs, and is idempotent', async () => {
    const method = (await admin.get('/api/delivery-method')).body.data[0];
    const rows = data('course-outcomes.csv')
      .split('\n')
      .filter((l, i) => i === 0 || l.startsWith('C204,'));
    const first = await importCsv(
      adminToken,
      'course-outcomes',
      `curriculum=${cur.id}&delivery_method=${method.id}&create_courses_in_term=2`,
      rows.join('\n'),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ rows: 5, created: 6, updated: 0 });
    expect(first.body.data.notes.join('\n')).toContain('Row 4 (C204.3): Bloom\'s level K3 inferred from "Construct"');
    const again = await importCsv(
      adminToken,
      'course-outcomes',
      `curriculum=${cur.id}&delivery_method=${method.id}&create_courses_in_term=2`,
      rows.join('\n'),
    );
    expect(again.body.data).toMatchObject({ created: 0, updated: 5 });
    // The file maps PSO1-PSO3 too: the program adds its PSOs first (a matrix column it lacks is refused, below).
    for (const n of [1, 2, 3]) {
      expect(
        (
          await admin.post('/api/generic-program-outcome', {
            program: program.id,
            outcome_type: 'PSO',
            po_reference: `PSO${n}`,
            statement: `Program-specific outcome ${n}`,
          })
        ).status,
      ).toBe(201);
    }
    const matrix = data('co-po-matrix.csv')
      .split('\n')
      .filter((l, i) => i === 0 || l.startsWith('C204,'));
    const m = await importCsv(adminToken, 'co-po-matrix', `curriculum=${cur.id}`, matrix.join('\n'));
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    const course = (await admin.get(`/api/Course-Curriculum?curriculum=${cur.id}`)).body.data.find(
      (c: { code: string }) => c.code === 'C204',
    );
    const view = (await admin.get(`/api/co-po-matrix/${course.id}`)).body.data;
    expect(Object.keys(view.cells)).toHaveLength(5);
  });
  it('refuses a matrix column the program lacks, and faculty imports', async () => {
    const res = await importCsv(adminToken, 'co-po-matrix', `curriculum=${cur.id}`, 'course_code,co_code,PO1,PSO9\nC204,C204.1,3,2\n');
    expect(res.status).toBe(400);
    expect(res.body.errors.rows[0]).toEqual({
      row: 1,
      field: 'PSO9',
      message: 'The program has no PSO9; add it under Generic Program Outcomes first',
    });
    const facToken = await login(base, users.demoFaculty.email, users.demoFaculty.password);
    expect((await importCsv(facToken, 'curriculum', `curriculum=${cur.id}`, 'term,title\n1,X\n')).status).toBe(403);
  });
});

describe("NBA's PO list for a program", () => {
  it("is its SAR format's list when none is named: the 2025 format's 11 POs, the 2019 format's 12", async () => {
    const made = async (sar_version: string) =>
      (await admin.post('/api/program', { title: `B.E. PO list ${sar_version}`, number_of_terms: 8, sar_version })).body.data.id as string;
    for (const [version, count, last] of [
      ['SAR 2025 (GAPC v4)', 11, 'PO11'],
      ['SAR 2019 (UG Tier II)', 12, 'PO12'],
    ] as const) {
      const id = await made(version);
      const res = await admin.post('/api/generic-program-outcome/setup', { program: id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const refs = (res.body.data as { po_reference: string }[]).map((o) => o.po_reference);
      expect(refs).toHaveLength(count);
      expect(refs.at(-1)).toBe(last);
    }
    // A list named is the list given, whatever the format.
    const named = await admin.post('/api/generic-program-outcome/setup', {
      program: await made('SAR 2025 (GAPC v4)'),
      framework: 'nba_12_po',
    });
    expect(named.body.data).toHaveLength(12);
  });
});

describe("moving a program's 12 POs to the 2025 format's 11", () => {
  let p2025: Record<string, any>;
  let course: Record<string, any>;
  let cos: Record<string, any>[];
  let surveyId: string;
  /** The survey's questions as its report names them: outcome code and outcome record. */
  const surveyQuestions = async () =>
    (
      (await admin.get(`/api/survey-results/${surveyId}`)).body.data.questions as {
        question: { outcome_code?: string; outcome?: string };
      }[]
    )
      .map((q) => q.question)
      .filter((q) => q.outcome);
  const pos = async () =>
    ((await admin.get(`/api/generic-program-outcome?program=${p2025.id}&outcome_type=PO`)).body.data as Record<string, any>[]).sort(
      (a, b) => Number(a.po_reference.slice(2)) - Number(b.po_reference.slice(2)),
    );
  /** The matrix's levels by CO code and PO reference, as the page shows them. */
  const levels = async () => {
    const m = (await admin.get(`/api/co-po-matrix/${course.id}`)).body.data;
    const ref = (id: string) => m.outcomes.find((o: { id: string }) => o.id === id)?.po_reference ?? id;
    return Object.fromEntries(
      m.cos.map((co: { id: string; code: string }) => [
        co.code,
        Object.fromEntries(Object.entries(m.cells[co.id] ?? {}).map(([po, l]) => [ref(po), l])),
      ]),
    );
  };
  beforeAll(async () => {
    const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
    p2025 = (
      await admin.post('/api/program', {
        title: 'B.Tech Information Technology',
        department: dept.id,
        number_of_terms: 8,
        sar_version: 'SAR 2025 (GAPC v4)',
      })
    ).body.data;
    await admin.post('/api/generic-program-outcome/setup', { program: p2025.id, framework: 'nba_12_po' });
    const c = (await admin.post('/api/curriculum', { name: 'IT 2025', program: p2025.id })).body.data;
    const t = (await admin.get(`/api/term?curriculum=${c.id}`)).body.data;
    course = (
      await admin.post('/api/Course-Curriculum', {
        curriculum: c.id,
        term: t[0].id,
        code: 'IT101',
        title: 'Programming',
        reviewer_department: dept.id,
      })
    ).body.data;
    const delivery = (await admin.get('/api/delivery-method')).body.data[0];
    const k2 = (await admin.get('/api/bloom-level')).body.data.find((l: { level_of_learning: string }) => l.level_of_learning === 'K2');
    for (const code of ['CO1', 'CO2', 'CO3'])
      await admin.post('/api/Course-Outcome', {
        course: course.id,
        code,
        statement: `Outcome ${code}.`,
        cognitive_domain: k2.id,
        delivery_method: delivery.id,
      });
    cos = (await admin.get(`/api/Course-Outcome?course=${course.id}`)).body.data.sort((a: any, b: any) => a.code.localeCompare(b.code));
    const m = (await admin.get(`/api/co-po-matrix/${course.id}`)).body.data;
    const po = (r: string) => m.outcomes.find((o: { po_reference: string }) => o.po_reference === r).id;
    const saved = await admin.put(`/api/co-po-matrix/${course.id}`, {
      version: 0,
      cells: {
        [cos[0].id]: { [po('PO1')]: 3, [po('PO6')]: 1, [po('PO7')]: 3 },
        [cos[1].id]: { [po('PO7')]: 2, [po('PO12')]: 1 },
        [cos[2].id]: { [po('PO2')]: 2, [po('PO8')]: 3 },
      },
    });
    expect(saved.status).toBe(200);
    // A PO survey asking about PO7 and PO8.
    const template = await admin.post('/api/template', {
      name: 'Graduate exit (IT)',
      type: 'Students',
      survey_for: 'PO',
      scale: [
        { label: 'Low', weight: 1 },
        { label: 'High', weight: 3 },
      ],
      questions: [
        { text: 'Sustainability: {statement}', kind: 'Rating', outcome: 'PO7' },
        { text: 'Ethics: {statement}', kind: 'Rating', outcome: 'PO8' },
        { text: 'Tools: {statement}', kind: 'Rating', outcome: 'PO5' },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const made = await admin.post('/api/survey', {
      name: 'Graduate exit 2025-26',
      template: template.body.data.id,
      survey_for: 'PO',
      type: 'Students',
      program: p2025.id,
      curriculum: c.id,
      academic_year: '2025-26',
      start_date: '2026-04-01',
      end_date: '2026-04-30',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    surveyId = made.body.data.id;
  });

  it('readiness names the difference and offers the move; the preview shows every change and writes nothing', async () => {
    const r = (await admin.get(`/api/reports/sar/${p2025.id}/readiness`)).body.data;
    expect(r.pos).toMatchObject({ format: 11, program: 12, movable: true });
    expect(r.pos.mismatch).toContain('Move to the format’s 11 POs');
    const before = await levels();
    const res = await admin.get(`/api/po-move/${p2025.id}`);
    expect(res.status).toBe(200);
    const v = res.body.data;
    expect(v.blocked).toBeNull();
    expect(v.outcomes.map((o: { from: string; to: string; merged: boolean }) => `${o.from}>${o.to}${o.merged ? '*' : ''}`)).toEqual([
      'PO1>PO1',
      'PO2>PO2',
      'PO3>PO3',
      'PO4>PO4',
      'PO5>PO5',
      'PO6>PO6',
      'PO7>PO6*',
      'PO8>PO7',
      'PO9>PO8',
      'PO10>PO9',
      'PO11>PO10',
      'PO12>PO11',
    ]);
    expect(v.outcomes.find((o: { from: string }) => o.from === 'PO8').title_after).toBe('Ethics');
    // Only the rows mapping PO7 change their levels: CO1's PO6 takes the higher of 1 and 3; CO2's PO7 becomes its PO6.
    expect(v.matrices).toEqual([
      {
        course: course.id,
        code: 'IT101',
        title: 'Programming',
        cells: [
          { co: 'CO1', before: 'PO6 1, PO7 3', after: 'PO6 3' },
          { co: 'CO2', before: 'PO7 2', after: 'PO6 2' },
        ],
      },
    ]);
    expect(v.surveys).toEqual([{ id: surveyId, name: 'Graduate exit 2025-26', academic_year: '2025-26', questions: 2 }]);
    expect(await levels()).toEqual(before);
    expect(await pos()).toHaveLength(12);
    expect((await faculty.get(`/api/po-move/${p2025.id}`)).status).toBe(403);
    expect((await other.get(`/api/po-move/${p2025.id}`)).status).toBe(404);
    expect((await other.post(`/api/po-move/${p2025.id}`, {})).status).toBe(404);
  });

  it('moves the POs and the matrix when confirmed, finishes a move cut short, and refuses a second move', async () => {
    // A move cut short after the matrix was written: CO2's PO7 already joined PO6, the POs are still 12.
    const m = (await admin.get(`/api/co-po-matrix/${course.id}`)).body.data;
    const po = (r: string) => m.outcomes.find((o: { po_reference: string }) => o.po_reference === r).id;
    const cells = structuredClone(m.cells);
    delete cells[cos[1].id][po('PO7')];
    cells[cos[1].id][po('PO6')] = 2;
    expect((await admin.put(`/api/co-po-matrix/${course.id}`, { version: m.version, cells })).status).toBe(200);

    const res = await admin.post(`/api/po-move/${p2025.id}`, {});
    expect(res.status).toBe(200);
    const after = await pos();
    expect(after.map((o) => o.po_reference)).toEqual(Array.from({ length: 11 }, (_, i) => `PO${i + 1}`));
    expect(after.map((o) => o.title)).toContain('The Engineer and The World');
    expect(after.find((o) => o.po_reference === 'PO7')?.title).toBe('Ethics');
    // PO8 (3) is PO7 now, PO12 (1) is PO11; every other level is kept.
    expect(await levels()).toEqual({ CO1: { PO1: 3, PO6: 3 }, CO2: { PO6: 2, PO11: 1 }, CO3: { PO2: 2, PO7: 3 } });
    // The survey's PO7 question counts for PO6, its PO8 question for the new PO7 (the same record), PO5 stays.
    const id = (r: string) => after.find((o) => o.po_reference === r)?.id;
    expect(await surveyQuestions()).toEqual([
      expect.objectContaining({ outcome_code: 'PO6', outcome: id('PO6') }),
      expect.objectContaining({ outcome_code: 'PO7', outcome: id('PO7') }),
      expect.objectContaining({ outcome_code: 'PO5', outcome: id('PO5') }),
    ]);
    const r = (await admin.get(`/api/reports/sar/${p2025.id}/readiness`)).body.data;
    expect(r.pos).toMatchObject({ format: 11, program: 11, mismatch: null, movable: false });
    const again = await admin.post(`/api/po-move/${p2025.id}`, {});
    expect(again.status).toBe(409);
    expect(again.body.errors.detail).toContain('already has the 11 POs of its format');
  });
});
