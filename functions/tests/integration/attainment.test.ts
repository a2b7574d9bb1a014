import { FEW_ANSWERS_COURSE } from '../../src/local/seed/demo-surveys.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, untilComputed } from '../support/client.js';

/**
 * From marks file to PO attainment through the API, on the hand-checked course of
 * functions/tests/unit/attainment-compute.test.ts (same marks, same expected levels).
 */
const base = inject('stackUrl');
const users = inject('users');
let admin: ReturnType<typeof client>;
let token: string;
let course: Record<string, any>;
let po: Record<string, string>;
let co: Record<string, string>;
let ise: Record<string, any>;
let ese: Record<string, any>;
let programId: string;

const csvPost = async (path: string, csv: string, t = token) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t}`, 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
  const program = (
    await admin.post('/api/program', {
      title: 'B.E. Attainment Test',
      department: dept.id,
      number_of_terms: 2,
      minimum_duration_qty: 1,
      minimum_duration_unit: 'Years',
    })
  ).body.data;
  programId = program.id;
  await admin.post('/api/generic-program-outcome/setup', { program: program.id, framework: 'nba_12_po' });
  po = Object.fromEntries(
    (await admin.get(`/api/generic-program-outcome?program=${program.id}`)).body.data.map((o: { po_reference: string; id: string }) => [
      o.po_reference,
      o.id,
    ]),
  );
  const cur = (await admin.post('/api/curriculum', { name: 'Attainment 2025', program: program.id })).body.data;
  const term1 = (await admin.get(`/api/term?curriculum=${cur.id}`)).body.data.find((t: { number: number }) => t.number === 1);
  course = (
    await admin.post('/api/Course-Curriculum', {
      curriculum: cur.id,
      term: term1.id,
      code: 'AT101',
      title: 'Programming',
      type: 'core',
      total_credits: 4,
      reviewer_department: dept.id,
    })
  ).body.data;
  expect(course.id).toBeTruthy();
  const bloom = (await admin.get('/api/bloom-level')).body.data[0].id;
  const method = (await admin.get('/api/delivery-method')).body.data[0].id;
  co = {};
  for (const code of ['CO1', 'CO2', 'CO3']) {
    co[code] = (
      await admin.post('/api/Course-Outcome', {
        course: course.id,
        code,
        statement: `Outcome ${code}`,
        cognitive_domain: bloom,
        delivery_method: method,
      })
    ).body.data.id;
  }
  const m = await admin.put(`/api/co-po-matrix/${course.id}`, {
    version: 0,
    cells: { [co.CO1]: { [po.PO1]: 3, [po.PO2]: 2 }, [co.CO2]: { [po.PO1]: 1, [po.PO3]: 2 }, [co.CO3]: { [po.PO1]: 3 } },
  });
  expect(m.status).toBe(200);
  const roster = await csvPost(
    `/api/import/students?curriculum=${cur.id}`,
    'roll_no,name,section\nS1,One,A\nS2,Two,A\nS3,Three,A\nS4,Four,A\nS5,Five,A\n',
  );
  expect(roster.body.data).toMatchObject({ created: 5 });
  ise = (await admin.post('/api/occasion', { course: course.id, kind: 'ISE', name: 'ISE 1', section: 'A', total_marks: 10 })).body.data;
  ese = (await admin.post('/api/occasion', { course: course.id, kind: 'ESE', name: 'ESE', section: 'A', total_marks: 20 })).body.data;
  const paper = (max: number) => [
    { number: '1', max_marks: max, co: co.CO1, bloom_level: bloom },
    { number: '2', max_marks: max, co: co.CO2, bloom_level: bloom },
  ];
  expect((await admin.put(`/api/question-paper/${ise.id}`, { version: 0, questions: paper(5) })).status).toBe(200);
  expect((await admin.put(`/api/question-paper/${ese.id}`, { version: 0, questions: paper(10) })).status).toBe(200);
});

describe('methodology', () => {
  it('refuses weights that do not add up to 100 and starts from the documented defaults', async () => {
    const bad = await admin.post('/api/attainment-method', { program: programId, cie_weight: 40, see_weight: 70 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields).toEqual({ see_weight: 'CIE and SEE weights add up to 110, not 100' });
    const ok = await admin.post('/api/attainment-method', { program: programId });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      threshold_percent: 60,
      level3_percent: 70,
      cie_weight: 30,
      see_weight: 70,
      po_rule: 'Weighted by correlation',
      version: 1,
    });
    expect((await admin.post('/api/attainment-method', { program: programId })).status).toBe(409);
  });
});

describe('students', () => {
  it('a roll number names one student of a curriculum: a second one is refused, a file re-load updates', async () => {
    const dup = await admin.post('/api/student', { curriculum: course.curriculum, roll_no: 's1', name: 'Someone else', section: 'A' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors.fields).toEqual({ roll_no: 'Already exists' });
    // A replace is held to the same rule: renaming another student to a taken roll number is refused too.
    const other = await admin.post('/api/student', { curriculum: course.curriculum, roll_no: 's-other', name: 'Other', section: 'A' });
    expect(other.status).toBe(201);
    const clash = await admin.put(`/api/student/${other.body.data.id}`, { ...other.body.data, roll_no: 'S1' });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.fields).toEqual({ roll_no: 'Already exists' });
    const renamed = await admin.put(`/api/student/${other.body.data.id}`, { ...other.body.data, roll_no: 's-other-2' });
    expect(renamed.status).toBe(200);
    // The released roll number is free again.
    const reuse = await admin.post('/api/student', { curriculum: course.curriculum, roll_no: 'S-OTHER', name: 'Third', section: 'A' });
    expect(reuse.status).toBe(201);
    for (const id of [other.body.data.id, reuse.body.data.id]) expect((await admin.del(`/api/student/${id}`)).status).toBe(200);
    const again = await csvPost(`/api/import/students?curriculum=${course.curriculum}`, 'roll_no,name,section\nS1,One Renamed,A\n');
    expect(again.body.data).toMatchObject({ created: 0, updated: 1 });
    const bad = await csvPost(`/api/import/students?curriculum=${course.curriculum}`, 'roll_no,name\nS7,\nS7,Seven\n');
    expect(bad.body.errors.rows).toEqual([
      { row: 2, field: 'name', message: 'Required' },
      { row: 3, field: 'roll_no', message: 'S7 is already on row 2' },
    ]);
  });
});

describe('marks: template, upload, attainment', () => {
  it('downloads a template of students x questions with max marks and COs', async () => {
    const res = await fetch(`${base}/api/marks/${ise.id}/template`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-disposition')).toContain('AT101-ISE_1-marks.csv');
    expect((await res.text()).split(/\r?\n/)).toEqual([
      'roll_no,name,1,2',
      'max_marks,,5,5',
      'co,,CO1,CO2',
      'S1,One Renamed,,',
      'S2,Two,,',
      'S3,Three,,',
      'S4,Four,,',
      'S5,Five,,',
    ]);
  });

  it('a file with an unknown student, a mark above the maximum and a non-number is refused row by row; nothing is written', async () => {
    const bad = await csvPost(`/api/marks/${ise.id}/upload?dry_run=true`, 'roll_no,name,1,2\nS1,One,6,2\nS9,Nine,1,1\nS2,Two,three,3\n');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.rows).toEqual([
      { row: 2, field: '1', message: '6 is more than the maximum of 5' },
      { row: 3, field: 'roll_no', message: "No student S9 on this occasion's roster" },
      { row: 4, field: '1', message: 'three is not a number of marks (at most 2 decimals)' },
    ]);
    expect((await csvPost(`/api/marks/${ise.id}/upload`, 'roll_no,name,1,2\nS1,One,6,2\n')).status).toBe(400);
    expect((await admin.get(`/api/marks/${ise.id}`)).body.data.rows).toEqual([]);
  });

  it('previews, then stores the filled files, and the CO and PO attainment match the hand computation', async () => {
    const iseCsv = 'roll_no,name,1,2\nmax_marks,,5,5\nco,,CO1,CO2\nS1,One,5,2\nS2,Two,3,3\nS3,Three,2,4\nS4,Four,AB,AB\nS5,Five,4,\n';
    const preview = await csvPost(`/api/marks/${ise.id}/upload?dry_run=true`, iseCsv);
    expect(preview.body.data).toMatchObject({ rows: 5, absent: 1 });
    expect((await admin.get(`/api/marks/${ise.id}`)).body.data.rows).toEqual([]);
    expect((await csvPost(`/api/marks/${ise.id}/upload`, iseCsv)).body.data).toMatchObject({ rows: 5, written: { items: 5, calls: 1 } });
    await csvPost(`/api/marks/${ese.id}/upload`, 'roll_no,1,2\nS1,8,6\nS2,5,5\nS3,7,9\nS4,6,2\nS5,4,7\n');
    const res = (await admin.get(`/api/attainment/course/${course.id}`)).body.data;
    const byCode = Object.fromEntries(res.result.cos.map((c: { code: string }) => [c.code, c]));
    // CIE CO1: 3 of 4 present reach 60 % -> 75 % -> 3; SEE CO1: 3 of 5 -> 60 % -> 2; 0.3 x 3 + 0.7 x 2 = 2.3
    expect(byCode.CO1).toMatchObject({ cie: { students: 4, reached: 3, level: 3 }, see: { reached: 3, level: 2 }, attainment: 2.3 });
    // CIE CO2: 2 of 4 -> 50 % -> 1; SEE CO2: 3 of 5 -> 2; 0.3 x 1 + 0.7 x 2 = 1.7
    expect(byCode.CO2).toMatchObject({ attainment: 1.7, met: false });
    expect(byCode.CO3.attainment).toBeNull();
    // PO1 = (3 x 2.3 + 1 x 1.7) / 4 = 2.15; PO2 = 2.3; PO3 = 1.7
    expect(res.result.po).toEqual({ [po.PO1]: 2.15, [po.PO2]: 2.3, [po.PO3]: 1.7 });
    expect(res.method_version).toBe(1);
    const prog = (await admin.get(`/api/attainment/program/${programId}`)).body.data;
    const p1 = prog.years[0].outcomes.find((o: { reference: string }) => o.reference === 'PO1');
    expect(p1).toMatchObject({ attainment: 2.15, courses: 1, met: true });
    const st = (await admin.get(`/api/attainment/students/${course.id}`)).body.data;
    // S1: CO1 0.3 x 100 + 0.7 x 80 = 86
    expect(st.students.find((s: { roll_no: string }) => s.roll_no === 'S1').co[co.CO1]).toBe(86);
  });

  it('recomputes with the new method version when the method changes', async () => {
    const m = (await admin.get(`/api/attainment-method?program=${programId}`)).body.data[0];
    const saved = await admin.put(`/api/attainment-method/${m.id}`, { ...m, cie_weight: 50, see_weight: 50 });
    expect(saved.status).toBe(200);
    const res = (await admin.get(`/api/attainment/course/${course.id}`)).body.data;
    // CO1: 0.5 x 3 + 0.5 x 2 = 2.5
    expect(res.result.cos[0].attainment).toBe(2.5);
    expect(res.result.method_version).toBe(2);
  });

  it('the program page reads the stored results (3 DynamoDB calls): a changed input is computed on write, not on read', async () => {
    // The method change is computed in the background (every course of the program); the page shows the courses as
    // updating until then, and the first read after that reads only stored results.
    const first = await untilComputed(admin, programId);
    expect(first.status).toBe(200);
    // The method change stored every course: nothing to compute, one Query for results (with the PO survey evidence) +
    // the method + the PO columns; the current academic year comes with the campus's registration, read once.
    expect(first.headers.get('x-attainment-recomputed')).toBe('0');
    expect(Number(first.headers.get('x-dynamodb-calls'))).toBeLessThanOrEqual(3);
    // PO1 = (3 x CO1 2.5 + 1 x CO2 1.5) / 4 = 2.25 with the 50/50 method.
    const po1 = (r: typeof first) => r.body.data.years[0].outcomes.find((o: { reference: string }) => o.reference === 'PO1');
    expect(po1(first)).toMatchObject({ attainment: 2.25, courses: 1 });
    expect(first.body.data.method_version).toBe(2);
    // An occasion edit changes the course's inputs: the write has its results computed (the local stack runs the
    // results queue before answering), so the next read computes nothing and costs the same 3 calls.
    const occ = (await admin.get(`/api/occasion/${ese.id}`)).body.data;
    expect((await admin.put(`/api/occasion/${ese.id}`, { ...occ, name: 'ESE (renamed)', held_on: occ.held_on })).status).toBe(200);
    const second = await admin.get(`/api/attainment/program/${programId}`);
    expect(second.headers.get('x-attainment-recomputed')).toBe('0');
    expect(Number(second.headers.get('x-dynamodb-calls'))).toBeLessThanOrEqual(3);
    expect(po1(second)).toMatchObject({ attainment: 2.25 });
    expect(second.body.data.updating).toBeUndefined();
    // Saved marks likewise: the course's new figures are there at the first read after the save.
    const cosBefore = second.body.data.years[0].courses[0].cos;
    const sheet = (await admin.get(`/api/marks/${ise.id}`)).body.data;
    const s1 = sheet.students.find((s: { roll_no: string }) => s.roll_no === 'S1').id;
    const old = sheet.rows.find((r: { student: string }) => r.student === s1).marks;
    expect(
      (await admin.put(`/api/marks/${ise.id}`, { version: sheet.version, rows: [{ student: s1, marks: { 1: 0, 2: 0 } }] })).status,
    ).toBe(200);
    const third = await admin.get(`/api/attainment/program/${programId}`);
    expect(third.headers.get('x-attainment-recomputed')).toBe('0');
    expect(Number(third.headers.get('x-dynamodb-calls'))).toBeLessThanOrEqual(3);
    const live = (await admin.get(`/api/attainment/course/${course.id}`)).body.data.result;
    const stored = third.body.data.years
      .find((y: { academic_year: string }) => y.academic_year === live.academic_year)
      .courses.find((c: { course: string }) => c.course === course.id);
    expect(stored.cos).toEqual(live.cos);
    expect(stored.cos).not.toEqual(cosBefore);
    const restored = (await admin.get(`/api/marks/${ise.id}`)).body.data;
    expect((await admin.put(`/api/marks/${ise.id}`, { version: restored.version, rows: [{ student: s1, marks: old }] })).status).toBe(200);
  });

  it('a program with no courses yet is computed once: its next view reads what was stored (3 DynamoDB calls)', async () => {
    const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
    const empty = (await admin.post('/api/program', { title: 'B.E. No Courses Yet', department: dept.id, number_of_terms: 1 })).body.data;
    const first = await admin.get(`/api/attainment/program/${empty.id}`);
    expect(first.status).toBe(200);
    expect(first.body.data.years).toEqual([]);
    // Computed whole the first time; stored, so the second view neither computes it again nor stamps the campus's
    // group summaries stale (which made every roll-up read compute the campus afresh).
    const second = await admin.get(`/api/attainment/program/${empty.id}`);
    expect(second.body.data.years).toEqual([]);
    expect(Number(second.headers.get('x-dynamodb-calls'))).toBeLessThanOrEqual(3);
  });

  it('the grid saves a correction and refuses a stale version with 409', async () => {
    const sheet = (await admin.get(`/api/marks/${ise.id}`)).body.data;
    const s5 = sheet.students.find((s: { roll_no: string }) => s.roll_no === 'S5').id;
    const ok = await admin.put(`/api/marks/${ise.id}`, { version: sheet.version, rows: [{ student: s5, marks: { 1: 4, 2: 3.5 } }] });
    expect(ok.status).toBe(200);
    const after = (await admin.get(`/api/marks/${ise.id}`)).body.data;
    expect(after.rows.find((r: { student: string }) => r.student === s5).marks).toEqual({ 1: 4, 2: 3.5 });
    expect((await admin.put(`/api/marks/${ise.id}`, { version: sheet.version, rows: [{ student: s5, marks: { 1: 1 } }] })).status).toBe(
      409,
    );
    expect(
      (await admin.put(`/api/marks/${ise.id}`, { version: after.version, rows: [{ student: s5, marks: { 1: 9 } }] })).body.errors.rows[0]
        .message,
    ).toBe('9 is more than the maximum of 5');
  });

  it('a large file goes browser -> S3 -> the import worker, with progress to poll', async () => {
    const open = await admin.post(`/api/marks/${ese.id}/upload-url`, { file_name: 'ese.csv' });
    expect(open.status).toBe(201);
    const { job, upload } = open.body.data;
    expect(job.status).toBe('waiting');
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob(['roll_no,1,2\nS1,10,10\nS2,9,9\nS3,8,8\nS4,7,7\nS5,AB,AB\n'], { type: 'text/csv' }), 'ese.csv');
    const put = await fetch(upload.url, { method: 'POST', body: form });
    expect(put.status).toBeLessThan(300);
    let state: Record<string, any> = job;
    for (let i = 0; i < 250 && !['done', 'failed'].includes(state.status); i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await admin.get(`/api/import-job/${job.id}`)).body.data;
    }
    expect(state).toMatchObject({ status: 'done', rows_total: 5, rows_written: 5 });
    const rows = (await admin.get(`/api/marks/${ese.id}`)).body.data.rows;
    expect(rows.filter((r: { absent?: boolean }) => r.absent)).toHaveLength(1);
  });

  it("another campus gets 404 for this occasion's marks and this course's attainment", async () => {
    const other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
    expect((await other.get(`/api/marks/${ise.id}`)).status).toBe(404);
    expect((await other.get(`/api/attainment/course/${course.id}`)).status).toBe(404);
  });

  it('faculty who do not own the course may not upload its marks', async () => {
    const t = await login(base, users.demoFaculty.email, users.demoFaculty.password);
    expect((await csvPost(`/api/marks/${ise.id}/upload`, 'roll_no,1,2\nS1,1,1\n', t)).status).toBe(403);
  });

  it('a row left blank is no marks entered: not stored as sat, never over stored marks, said in words; the grid clears', async () => {
    const mse = (
      await admin.post('/api/occasion', { course: course.id, kind: 'MSE', name: 'MSE blank rows', section: 'A', total_marks: 10 })
    ).body.data;
    const bloom = (await admin.get('/api/bloom-level')).body.data[0].id;
    const paper = [
      { number: '1', max_marks: 5, co: co.CO1, bloom_level: bloom },
      { number: '2', max_marks: 5, co: co.CO2, bloom_level: bloom },
    ];
    expect((await admin.put(`/api/question-paper/${mse.id}`, { version: 0, questions: paper })).status).toBe(200);
    // The template as downloaded, filled for 3 of 5 students: S3 and S4 left as they came (roll number and name only).
    const csv = 'roll_no,name,1,2\nmax_marks,,5,5\nco,,CO1,CO2\nS1,One,5,5\nS2,Two,3,\nS3,Three,,\nS4,Four,,\nS5,Five,AB,AB\n';
    const preview = await csvPost(`/api/marks/${mse.id}/upload?dry_run=true`, csv);
    expect(preview.body.data).toMatchObject({ rows: 3, with_marks: 2, absent: 1, unmarked: 2, blank_cells: 1 });
    expect(preview.body.message).toBe(
      'The file is fine: 2 students with marks, 1 absent, 2 without marks: they are left as they were; ' +
        '1 blank cell beside given marks counts as 0; nothing saved yet',
    );
    const saved = await csvPost(`/api/marks/${mse.id}/upload`, csv);
    expect(saved.body.message).toMatch(/^Saved: 2 students with marks, 1 absent, 2 without marks/);
    const roll = async () => {
      const sheet = (await admin.get(`/api/marks/${mse.id}`)).body.data;
      const byId = new Map(sheet.students.map((s: { id: string; roll_no: string }) => [s.id, s.roll_no]));
      return { sheet, rows: Object.fromEntries(sheet.rows.map((r: { student: string }) => [byId.get(r.student), r])) };
    };
    let { rows } = await roll();
    expect(Object.keys(rows).sort()).toEqual(['S1', 'S2', 'S5']);
    // A second file with S1 blank keeps S1's stored marks; S3's new marks are stored.
    await csvPost(`/api/marks/${mse.id}/upload`, 'roll_no,1,2\nS1,,\nS3,4,4\n');
    ({ rows } = await roll());
    expect(rows.S1.marks).toEqual({ 1: 5, 2: 5 });
    expect(rows.S3.marks).toEqual({ 1: 4, 2: 4 });
    // The attainment counts the students with marks only: the CIE share of CO1 is over S1, S2 and S3 in this occasion's
    // kind (the course-level CIE pools ISE as well, so the per-kind figure is read from the stored rows' count).
    expect(Object.values(rows).filter((r: any) => !r.absent)).toHaveLength(3);
    // A file with no marks at all saves nothing and says so.
    const empty = await csvPost(`/api/marks/${mse.id}/upload`, 'roll_no,1,2\nS1,,\nS2,,\n');
    expect(empty.status).toBe(400);
    expect(empty.body.errors.detail).toMatch(/the file has no marks/);
    // In the grid, which shows what is stored, a row emptied is cleared: S3 has no marks entered again.
    const { sheet } = await roll();
    const s3 = sheet.students.find((s: { roll_no: string }) => s.roll_no === 'S3').id;
    const cleared = await admin.put(`/api/marks/${mse.id}`, {
      version: sheet.version,
      rows: [{ student: s3, marks: { 1: null, 2: null } }],
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('Saved: 0 students with marks, 1 without marks: their marks are cleared');
    ({ rows } = await roll());
    expect(Object.keys(rows).sort()).toEqual(['S1', 'S2', 'S5']);
    // The clear is in the sheet's history: S3's marks from entered to none.
    const history = (await admin.get(`/api/audit/history/marks/${mse.id}`)).body.data as {
      changes: { field: string; old?: string; new?: string }[];
    }[];
    expect(history[0].changes).toEqual([expect.objectContaining({ field: 'S3 marks', old: 'entered', new: 'none' })]);
  });
});

describe("a course's own weightage", () => {
  it('ISE + MSE 40 and ESE 60 set on the course are its CIE/SEE split on the CO attainment page, said with its source', async () => {
    // The hand-checked ESE marks again (SEE CO1 level 2, CO2 level 2), so CIE and SEE levels differ.
    await csvPost(`/api/marks/${ese.id}/upload`, 'roll_no,1,2\nS1,8,6\nS2,5,5\nS3,7,9\nS4,6,2\nS5,4,7\n');
    const before = (await admin.get(`/api/attainment/course/${course.id}`)).body.data.result;
    expect(before.weights).toEqual({ cie: 50, see: 50, from: 'method' });
    const rec = (await admin.get(`/api/Course-Curriculum/${course.id}`)).body.data;
    const saved = await admin.put(`/api/Course-Curriculum/${course.id}`, {
      ...rec,
      total_ISE_and_MSE_weightage: 40,
      total_ESE_weightage: 60,
    });
    expect(saved.status).toBe(200);
    const after = (await admin.get(`/api/attainment/course/${course.id}`)).body.data.result;
    expect(after.weights).toEqual({ cie: 40, see: 60, from: 'course' });
    // A CO whose CIE and SEE levels differ shows the split: direct = 0.4 x CIE + 0.6 x SEE, where 50/50 gave another value.
    const differs = after.cos.findIndex((c: any) => c.cie && c.see && c.cie.level !== c.see.level);
    expect(differs).toBeGreaterThanOrEqual(0);
    const co = after.cos[differs];
    expect(co.direct).toBe(Math.round((0.4 * co.cie.level + 0.6 * co.see.level) * 100) / 100);
    expect(co.direct).not.toBe(before.cos[differs].direct);
    const back = (await admin.get(`/api/Course-Curriculum/${course.id}`)).body.data;
    await admin.put(`/api/Course-Curriculum/${course.id}`, { ...back, total_ISE_and_MSE_weightage: null, total_ESE_weightage: null });
    expect((await admin.get(`/api/attainment/course/${course.id}`)).body.data.result.weights.from).toBe('method');
  });
});

describe('demo campus sample marks', () => {
  it('are computed when the stack starts: the first view of every demo program reads stored results', async () => {
    // Runs before this file's other demo reads; no other test file writes the demo's marks, matrices or methods.
    // The demo's program (other test files make programs of their own, with inputs of their own).
    const programs = (await admin.get('/api/program')).body.data as { id: string; title: string; acronym?: string }[];
    const surveys = (await admin.get('/api/survey?limit=1000')).body.data as { program: string; survey_for: string }[];
    for (const p of programs.filter((x) => x.acronym === 'B.Tech CSE')) {
      const res = await admin.get(`/api/attainment/program/${p.id}`);
      expect(res.headers.get('x-attainment-recomputed'), p.title).toBe('0');
      // Results (with the PO/PSO survey evidence stored beside them) + method + PO columns; the start month of the
      // campus's year comes with its registration. The demo program has PO surveys: their evidence is not read again.
      expect(surveys.some((s) => s.program === p.id && s.survey_for === 'PO')).toBe(true);
      expect(Number(res.headers.get('x-dynamodb-calls')), p.title).toBeLessThanOrEqual(3);
    }
  });

  it('has three academic years of sample marks for the published courses, and program-level POs for each', async () => {
    const btech = (await admin.get('/api/program')).body.data.find((p: { acronym: string }) => p.acronym === 'B.Tech CSE');
    const prog = (await admin.get(`/api/attainment/program/${btech.id}`)).body.data;
    expect(prog.years.map((y: { academic_year: string }) => y.academic_year)).toEqual(['2025-26', '2024-25', '2023-24']);
    expect(prog.years[0].courses).toHaveLength(9);
    expect(prog.years[0].outcomes.find((o: { reference: string }) => o.reference === 'PO1').attainment).toBeGreaterThan(0);
  });

  it("shows the survey validity rule at work: one course's survey is too small for a level, and says why", async () => {
    const btech = (await admin.get('/api/program')).body.data.find((p: { acronym: string }) => p.acronym === 'B.Tech CSE');
    const cay = (await admin.get(`/api/attainment/program/${btech.id}`)).body.data.years[0];
    type Co = {
      code: string;
      indirect: number | null;
      survey?: { level: number | null; note?: string; respondents: number; population: number };
    };
    const surveyed = cay.courses.filter((c: { cos: Co[] }) => c.cos.some((co) => co.survey));
    const tooSmall = surveyed.filter((c: { cos: Co[] }) => c.cos.every((co) => !co.survey || co.survey.level === null));
    expect(tooSmall.map((c: { code: string }) => c.code)).toEqual([FEW_ANSWERS_COURSE]);
    const co1 = tooSmall[0].cos[0] as Co;
    expect(co1.indirect).toBeNull();
    expect(co1.survey?.note).toMatch(
      /^\d+ of \d+ responded; a survey level needs \d+ for a 95 % margin of error within ± 15 points .*: no indirect level used$/,
    );
    // Every other surveyed course has its indirect levels, from enough of its class.
    for (const c of surveyed.filter((x: { code: string }) => x.code !== FEW_ANSWERS_COURSE))
      for (const co of (c as { cos: Co[] }).cos.filter((x) => x.survey)) expect(co.indirect, `${c.code} ${co.code}`).not.toBeNull();
    // The program's alumni survey (all 12 answered) gives the POs an indirect level.
    expect(cay.outcomes.find((o: { reference: string }) => o.reference === 'PO1').indirect).not.toBeNull();
  });
});
