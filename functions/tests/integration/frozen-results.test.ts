import {
  type FrozenYear,
  type MarksUploadTicket,
  type ReportCell,
  type SarView,
  approvalDate,
  isFigure,
  todayInIndia,
} from '@attain/shared-types';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login, untilComputed } from '../support/client.js';
import { courseWithOneCo } from '../support/course-setup.js';

/**
 * Frozen results (issue 16, deliverable 6): an admin approves a program's attainment for 2025-26; the approval keeps
 * the method version and the inputs' versions; marks, paper, occasion, matrix and method edits answer 409 naming the approver
 * until an admin unfreezes the year with a reason; the SAR reads the frozen year from its snapshot and says so.
 */
const base = inject('stackUrl');
const users = inject('users');
const env = inject('stackEnv');
const run = Date.now().toString(36);
const YEAR = '2025-26';
let admin: ReturnType<typeof client>;
let faculty: ReturnType<typeof client>;
let token: string;
let programId: string;
let courseId: string;
let occasionId: string;
let methodId: string;
let paper: unknown[];
let cells: Record<string, Record<string, number>>;
/** A large-file ticket opened before the approval, whose file arrives after it. */
let lateTicket: MarksUploadTicket;

const value = (c: ReportCell | undefined) => {
  const v = isFigure(c) ? c.value : c;
  return v === '-' ? null : v;
};
const approvals = async (): Promise<FrozenYear[]> => (await admin.get(`/api/attainment/freeze/${programId}`)).body.data;
/** Saves one student's marks through the grid at the sheet's current version. */
async function saveMarks(mark: number) {
  const sheet = (await admin.get(`/api/marks/${occasionId}`)).body.data;
  return admin.put(`/api/marks/${occasionId}`, { version: sheet.version, rows: [{ student: sheet.students[0].id, marks: { 1: mark } }] });
}

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
  const { program, curriculum, course, co, bloom } = await courseWithOneCo(admin, `Frozen ${run}`, `FZ${run}`.slice(0, 12));
  programId = program.id;
  courseId = course.id;
  await admin.post('/api/generic-program-outcome/setup', { program: programId, framework: 'nba_12_po' });
  const po = (await admin.get(`/api/generic-program-outcome?program=${programId}`)).body.data.find(
    (o: { po_reference: string }) => o.po_reference === 'PO1',
  );
  cells = { [co.id]: { [po.id]: 3 } };
  expect((await admin.put(`/api/co-po-matrix/${courseId}`, { version: 0, cells })).status).toBe(200);
  const method = await admin.post('/api/attainment-method', { program: programId });
  expect(method.status).toBe(201);
  methodId = method.body.data.id;
  await untilComputed(admin, programId);
  const roster = ['roll_no,name,section', ...Array.from({ length: 6 }, (_, i) => `FZ${i},Student ${i},A`)].join('\n');
  const r = await fetch(`${base}/api/import/students?curriculum=${curriculum.id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: roster,
  });
  expect(r.status).toBe(200);
  const occ = await admin.post('/api/occasion', {
    course: courseId,
    kind: 'ISE',
    name: 'ISE frozen',
    section: 'A',
    total_marks: 20,
    held_on: '2025-09-15',
  });
  expect(occ.status).toBe(201);
  occasionId = occ.body.data.id;
  paper = [1, 2].map((n) => ({ number: String(n), max_marks: 10, co: co.id, bloom_level: bloom }));
  expect((await admin.put(`/api/question-paper/${occasionId}`, { version: 0, questions: paper })).status).toBe(200);
  const csv = ['roll_no,1,2', ...Array.from({ length: 6 }, (_, i) => `FZ${i},${i + 4},${i + 3}`)].join('\n');
  const up = await fetch(`${base}/api/marks/${occasionId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  expect(up.status).toBe(200);
  const opened = await admin.post(`/api/marks/${occasionId}/upload-url`, { file_name: 'late.csv' });
  expect(opened.status).toBe(201);
  lateTicket = opened.body.data;
});

describe('approving a year', () => {
  it('only admins approve, and the year must look like 2025-26', async () => {
    expect((await faculty.post(`/api/attainment/freeze/${programId}`, { academic_year: YEAR })).status).toBe(403);
    const bad = await admin.post(`/api/attainment/freeze/${programId}`, { academic_year: '2025' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields.academic_year).toBe('Write it as 2025-26');
    expect(await approvals()).toEqual([]);
  });

  it("is refused while a course's results are being computed again, naming it", async () => {
    // A change whose recomputation is on its way (as a method change leaves every course of the program): the course's
    // inputs changed after its results, and a recomputation was queued after that.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
        region: env.AWS_REGION,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
      }),
    );
    const pk = `T#demo#attainment-result#${programId}`;
    const now = new Date().toISOString();
    const stamp = (sk: string, set: string, value?: string) =>
      doc.send(
        new UpdateCommand({
          TableName: env.TABLE_NAME,
          Key: { PK: pk, SK: sk },
          UpdateExpression: value === undefined ? `REMOVE ${set}` : `SET ${set} = :t`,
          ...(value === undefined ? {} : { ExpressionAttributeValues: { ':t': value } }),
        }),
      );
    await stamp(`inputs#${courseId}`, 'changed_at', now);
    await stamp('inputs#*', 'queued_at', now);
    const code = (await admin.get(`/api/Course-Curriculum/${courseId}`)).body.data.code;
    const refused = await admin.post(`/api/attainment/freeze/${programId}`, { academic_year: YEAR });
    expect(refused.status).toBe(409);
    expect(refused.body.errors.detail).toContain(`the results of ${code} are being computed again`);
    expect(await approvals()).toEqual([]);
    // Nothing on its way any more: the next approval computes the course and freezes its current figures.
    await stamp('inputs#*', 'queued_at');
  });

  it('keeps the method version and the inputs’ versions, and refuses a second approval', async () => {
    const sheet = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    const res = await admin.post(`/api/attainment/freeze/${programId}`, { academic_year: YEAR });
    expect(res.status).toBe(201);
    const [f] = await approvals();
    expect(f).toMatchObject({
      program: programId,
      academic_year: YEAR,
      status: 'Frozen',
      approved_by: users.demoAdmin.email,
      method_version: 1,
    });
    expect(f.inputs).toEqual(
      expect.arrayContaining([
        { kind: 'marks-sheet', id: occasionId, version: sheet.version },
        { kind: 'question-paper', id: occasionId, version: 1 },
        { kind: 'co-po-matrix', id: courseId, version: 1 },
        { kind: 'attainment-method', id: methodId, version: 1 },
      ]),
    );
    expect((await faculty.get(`/api/attainment/freeze/${programId}`)).body.data).toHaveLength(1);
    expect((await admin.post(`/api/attainment/freeze/${programId}`, { academic_year: YEAR })).status).toBe(409);
  });
});

describe('a frozen year refuses edits', () => {
  it('a mark edit on a frozen year answers 409 with the reason', async () => {
    const [f] = await approvals();
    const res = await saveMarks(1);
    expect(res.status).toBe(409);
    expect(res.body.errors.detail).toContain(users.demoAdmin.email);
    expect(res.body.errors.detail).toContain(YEAR);
    expect(res.body.errors.detail).toContain(approvalDate(f.approved_at));
    expect(res.body.errors.detail).toMatch(/an admin must unfreeze it with a reason first/);
    const file = await fetch(`${base}/api/marks/${occasionId}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: 'roll_no,1,2\nFZ0,1,1',
    });
    expect(file.status).toBe(409);
  });

  it("refuses the year's SAR sections (written, moved into it or deleted), and takes another year's", async () => {
    const section = { program: programId, sar_format: 'SAR 2025 (GAPC v4)', academic_year: YEAR, item: '2.2', text: '<p>Projects</p>' };
    const refused = await admin.post('/api/sar-section', section);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.detail).toMatch(/an admin must unfreeze it with a reason first/);
    const open = await admin.post('/api/sar-section', { ...section, academic_year: '2023-24' });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const moved = await admin.put(`/api/sar-section/${open.body.data.id}`, { ...open.body.data, academic_year: YEAR });
    expect(moved.status).toBe(409);
    expect((await admin.del(`/api/sar-section/${open.body.data.id}`)).status).toBe(200);
  });

  it('refuses the question paper, the CO-PO matrix and the method', async () => {
    expect((await admin.put(`/api/question-paper/${occasionId}`, { version: 1, questions: paper })).status).toBe(409);
    const matrix = await admin.put(`/api/co-po-matrix/${courseId}`, { version: 1, cells });
    expect(matrix.status).toBe(409);
    expect(matrix.body.errors.detail).toContain(users.demoAdmin.email);
    const m = (await admin.get(`/api/attainment-method/${methodId}`)).body.data;
    const replaced = await admin.put(`/api/attainment-method/${methodId}`, { ...m, cie_weight: 50, see_weight: 50 });
    expect(replaced.status).toBe(409);
    expect(replaced.body.errors.detail).toMatch(/must unfreeze/);
    expect((await admin.del(`/api/attainment-method/${methodId}`)).status).toBe(409);
  });

  it('a large file whose ticket was opened before the approval fails with the reason and writes nothing', async () => {
    const before = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    const form = new FormData();
    for (const [k, v] of Object.entries(lateTicket.upload.fields)) form.append(k, v);
    const csv = ['roll_no,1,2', ...Array.from({ length: 6 }, (_, i) => `FZ${i},1,1`)].join('\n');
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'late.csv');
    expect((await fetch(lateTicket.upload.url, { method: 'POST', body: form })).ok).toBe(true);
    let job = lateTicket.job;
    while (!['done', 'failed'].includes(job.status)) job = (await admin.get(`/api/import-job/${job.id}`)).body.data;
    expect(job.status).toBe('failed');
    expect(job.detail).toMatch(/must unfreeze/);
    const after = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    expect([after.version, after.rows]).toEqual([before.version, before.rows]);
  });

  it('refuses adding an occasion to the year, changing, moving or deleting one of it, and moving one into it', async () => {
    const occ = (await admin.get(`/api/occasion/${occasionId}`)).body.data;
    const moved = await admin.put(`/api/occasion/${occasionId}`, { ...occ, held_on: '2026-09-15' });
    expect(moved.status).toBe(409);
    expect(moved.body.errors.detail).toContain(users.demoAdmin.email);
    expect((await admin.put(`/api/occasion/${occasionId}`, { ...occ, total_marks: 25 })).status).toBe(409);
    expect((await admin.del(`/api/occasion/${occasionId}`)).status).toBe(409);
    const late = { course: courseId, kind: 'MSE', name: 'MSE late', section: 'A', total_marks: 20, held_on: '2026-01-10' };
    expect((await admin.post('/api/occasion', late)).status).toBe(409);
    // The next academic year is open, but none of its occasions may move into the frozen one.
    const next = await admin.post('/api/occasion', { ...late, held_on: '2026-08-10' });
    expect(next.status).toBe(201);
    expect((await admin.put(`/api/occasion/${next.body.data.id}`, { ...next.body.data, held_on: '2026-01-10' })).status).toBe(409);
    expect((await admin.del(`/api/occasion/${next.body.data.id}`)).status).toBe(200);
    const kept = (await admin.get(`/api/occasion/${occasionId}`)).body.data;
    expect([kept.held_on, kept.total_marks, kept.version]).toEqual([occ.held_on, occ.total_marks, occ.version]);
  });

  it('the SAR reads the frozen year from the approved snapshot and says so', async () => {
    const [f] = await approvals();
    const page = (await admin.get(`/api/attainment/program/${programId}`)).body.data;
    const cay = page.years.find((y: { academic_year: string }) => y.academic_year === YEAR);
    // The review copy names the approval (the copy to submit does not).
    const res = await admin.get(`/api/reports/sar/${programId}?year=${YEAR}&criteria=3&format=json&review=1`);
    expect(res.status).toBe(200);
    const sar: SarView = res.body.data;
    expect(sar.frozen).toEqual([{ academic_year: YEAR, approved_by: f.approved_by, approved_at: f.approved_at, method_version: 1 }]);
    expect(sar.context).toContain(
      `Figures for ${YEAR} are from the results approved by ${users.demoAdmin.email} on ${approvalDate(f.approved_at)} (method version 1)`,
    );
    const rows = sar.sections.find((s) => s.id === '3.3.2')!.tables.find((t) => t.id === `po-attainment-${YEAR}`)!.rows;
    // The program has NBA's 12 POs and follows the 2025 format: the SAR lists that format's 11 and the PSOs.
    const listed = cay.outcomes.filter((o: { reference: string }) => o.reference !== 'PO12');
    expect(rows.length).toBe(listed.length);
    for (const o of listed) expect(value(rows.find((r) => r.outcome === o.reference)!.direct) ?? null).toEqual(o.direct ?? null);
    expect(cay.outcomes.some((o: { direct: number | null }) => o.direct !== null)).toBe(true);
  });
});

describe('unfreezing', () => {
  it('needs an admin, a reason of 10 characters and the version read', async () => {
    const [f] = await approvals();
    const path = `/api/attainment/freeze/${programId}/${YEAR}/unfreeze`;
    expect((await faculty.post(path, { reason: 'A long enough reason', version: f.version })).status).toBe(403);
    const none = await admin.post(path, { version: f.version });
    expect(none.status).toBe(400);
    expect(none.body.errors.fields.reason).toMatch(/at least 10 characters/);
    expect((await admin.post(path, { reason: 'too short', version: f.version })).status).toBe(400);
    expect((await admin.post(path, { reason: 'Marks of FZ0 were mistyped', version: f.version + 5 })).status).toBe(409);
    expect((await saveMarks(2)).status).toBe(409);
  });

  it('with a reason, the year is open again: marks save, and the SAR no longer cites the approval', async () => {
    const [f] = await approvals();
    const res = await admin.post(`/api/attainment/freeze/${programId}/${YEAR}/unfreeze`, {
      reason: 'Marks of FZ0 were mistyped',
      version: f.version,
    });
    expect(res.status).toBe(200);
    const [after] = await approvals();
    expect(after).toMatchObject({ status: 'Unfrozen', unfrozen_by: users.demoAdmin.email, unfreeze_reason: 'Marks of FZ0 were mistyped' });
    expect((await saveMarks(2)).status).toBe(200);
    const sar: SarView = (await admin.get(`/api/reports/sar/${programId}?year=${YEAR}&criteria=3&format=json&review=1`)).body.data;
    expect(sar.frozen).toEqual([]);
    expect(sar.context.join(' ')).not.toMatch(/approved by/);
  });

  it('approving again makes a fresh snapshot with the new marks sheet version', async () => {
    const sheet = (await admin.get(`/api/marks/${occasionId}`)).body.data;
    expect((await admin.post(`/api/attainment/freeze/${programId}`, { academic_year: YEAR })).status).toBe(201);
    const [f] = await approvals();
    expect(f.status).toBe('Frozen');
    expect(f.unfreeze_reason).toBeUndefined();
    expect(f.inputs).toContainEqual({ kind: 'marks-sheet', id: occasionId, version: sheet.version });
    expect((await saveMarks(3)).status).toBe(409);
  });
});

/**
 * One gate for a frozen year (Privacy and security, item 3): every write that changes an input of a course-year asks
 * one function, which knows the program and year each occasion and course was approved under (the approval lists them),
 * not only the course's current curriculum. A course with results in a frozen year cannot move out of or into that
 * program, and moving it by other means (as older data may have) opens nothing.
 */
describe('one gate for a frozen year', () => {
  const GY = '2024-25';
  const tag = `G${run}`.slice(0, 10);
  const ctx = {} as {
    a: { program: { id: string; title: string }; curriculum: { id: string }; terms: { id: string }[] };
    b: { program: { id: string; title: string }; curriculum: { id: string }; terms: { id: string }[] };
    course: Record<string, any>;
    visitor: Record<string, any>;
    co: string;
    bloom: string;
    occasion: string;
    visitorOccasion: string;
    paper: unknown[];
    survey: string;
    template: string;
  };
  /** The message every refusal carries: the program by its title, and the year. */
  const named = () => `${ctx.a.program.title} ${GY} is approved`;
  let owner: ReturnType<typeof client>;
  const both = () =>
    [
      ['admin', admin],
      ['faculty', owner],
    ] as const;

  /** A two-term program with one curriculum. */
  async function programWithCurriculum(title: string) {
    const dept = (await admin.get('/api/department')).body.data.find((d: { short_name: string }) => d.short_name === 'CSE');
    const program = (await admin.post('/api/program', { title, department: dept.id, number_of_terms: 2 })).body.data;
    const curriculum = (await admin.post('/api/curriculum', { name: title, program: program.id })).body.data;
    const terms = (await admin.get(`/api/term?curriculum=${curriculum.id}`)).body.data.sort(
      (x: { number: number }, y: { number: number }) => x.number - y.number,
    );
    return { program, curriculum, terms, dept };
  }
  const courseBody = (c: Record<string, any>) => {
    const { id: _i, created__: _c, updated__: _u, program: _p, department: _d, ...rest } = c;
    return rest;
  };
  const approve = async () =>
    expect((await admin.post(`/api/attainment/freeze/${ctx.a.program.id}`, { academic_year: GY })).status).toBe(201);
  async function unfreeze() {
    const f = ((await admin.get(`/api/attainment/freeze/${ctx.a.program.id}`)).body.data as FrozenYear[]).find(
      (y) => y.academic_year === GY,
    )!;
    const res = await admin.post(`/api/attainment/freeze/${ctx.a.program.id}/${GY}/unfreeze`, {
      reason: 'Checking the gate again',
      version: f.version,
    });
    expect(res.status).toBe(200);
  }
  const refused = (res: { status: number; body: Record<string, any> }, what: string) => {
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(409);
    expect(res.body.errors.detail, what).toContain(named());
  };
  const current = async (id: string) => (await admin.get(`/api/Course-Curriculum/${id}`)).body.data;
  /** Moves a course to another curriculum and term through the API. */
  const move = async (course: Record<string, any>, curriculum: string, term: string) =>
    admin.put(`/api/Course-Curriculum/${course.id}`, { ...courseBody(await current(course.id)), curriculum, term });
  async function marks(api: ReturnType<typeof client>, occasionId: string, mark: number) {
    const sheet = (await api.get(`/api/marks/${occasionId}`)).body.data;
    return api.put(`/api/marks/${occasionId}`, { version: sheet.version, rows: [{ student: sheet.students[0].id, marks: { 1: mark } }] });
  }
  async function paperSave(api: ReturnType<typeof client>) {
    const p = (await api.get(`/api/question-paper/${ctx.occasion}`)).body.data;
    return api.put(`/api/question-paper/${ctx.occasion}`, { version: p.version, questions: ctx.paper });
  }
  /** The stored course moved to program B's curriculum behind the API's back (as data moved before this gate existed). */
  async function storeCourseIn(side: 'a' | 'b') {
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
        region: env.AWS_REGION,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
      }),
    );
    await doc.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { PK: 'T#demo#course-curriculum', SK: ctx.course.id },
        UpdateExpression: 'SET curriculum = :c, term = :t, program = :p',
        ExpressionAttributeValues: { ':c': ctx[side].curriculum.id, ':t': ctx[side].terms[0].id, ':p': ctx[side].program.id },
      }),
    );
  }

  beforeAll(async () => {
    owner = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
    const ownerId = (await owner.get('/api/auth/profile')).body.data.id;
    const a = await programWithCurriculum(`Gate A ${tag}`);
    const b = await programWithCurriculum(`Gate B ${tag}`);
    ctx.a = a;
    ctx.b = b;
    const bloom: string = (await admin.get('/api/bloom-level')).body.data[0].id;
    const delivery: string = (await admin.get('/api/delivery-method')).body.data[0].id;
    ctx.bloom = bloom;
    const newCourse = async (side: typeof a, code: string) =>
      (
        await admin.post('/api/Course-Curriculum', {
          curriculum: side.curriculum.id,
          term: side.terms[0].id,
          code,
          title: `Gate course ${code}`,
          reviewer_department: a.dept.id,
          owner: ownerId,
        })
      ).body.data;
    ctx.course = await newCourse(a, `GA${run}`.slice(0, 12));
    ctx.visitor = await newCourse(b, `GB${run}`.slice(0, 12));
    for (const c of [ctx.course, ctx.visitor]) {
      const roster = ['roll_no,name,section', ...Array.from({ length: 3 }, (_, i) => `${c.code}-${i},Student ${i},A`)].join('\n');
      const side = c.id === ctx.course.id ? a : b;
      const r = await fetch(`${base}/api/import/students?curriculum=${side.curriculum.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: roster,
      });
      expect(r.status).toBe(200);
    }
    ctx.co = (
      await admin.post('/api/Course-Outcome', {
        course: ctx.course.id,
        code: 'CO1',
        statement: 'apply the gate',
        cognitive_domain: bloom,
        delivery_method: delivery,
      })
    ).body.data.id;
    const visitorCo = (
      await admin.post('/api/Course-Outcome', {
        course: ctx.visitor.id,
        code: 'CO1',
        statement: 'visit',
        cognitive_domain: bloom,
        delivery_method: delivery,
      })
    ).body.data.id;
    const occasionOf = async (course: string, co: string, name: string) => {
      const occ = await admin.post('/api/occasion', { course, kind: 'ESE', name, section: 'A', total_marks: 20, held_on: '2024-11-20' });
      expect(occ.status).toBe(201);
      const questions = [1, 2].map((n) => ({ number: String(n), max_marks: 10, co, bloom_level: bloom }));
      expect((await admin.put(`/api/question-paper/${occ.body.data.id}`, { version: 0, questions })).status).toBe(200);
      return { id: occ.body.data.id as string, questions };
    };
    const own = await occasionOf(ctx.course.id, ctx.co, 'ESE gate');
    ctx.occasion = own.id;
    ctx.paper = own.questions;
    ctx.visitorOccasion = (await occasionOf(ctx.visitor.id, visitorCo, 'ESE visitor')).id;
    expect((await marks(admin, ctx.occasion, 7)).status).toBe(200);
    expect((await marks(admin, ctx.visitorOccasion, 6)).status).toBe(200);
    expect((await admin.post('/api/attainment-method', { program: a.program.id })).status).toBe(201);
    await untilComputed(admin, a.program.id);
    const template = await admin.post('/api/template', {
      name: `Gate exit ${tag}`,
      type: 'Students',
      survey_for: 'CO',
      scale: [
        { label: 'Slight', weight: 0.33 },
        { label: 'Moderate', weight: 0.67 },
        { label: 'Substantial', weight: 1 },
      ],
      questions: [{ text: 'How well can you now {statement}?', kind: 'Rating', outcome: 'CO1' }],
    });
    expect(template.status).toBe(201);
    const survey = await admin.post('/api/survey', {
      name: `Gate exit ${tag}`,
      template: template.body.data.id,
      survey_for: 'CO',
      type: 'Students',
      program: a.program.id,
      curriculum: a.curriculum.id,
      course: ctx.course.id,
      academic_year: GY,
      start_date: '2025-04-01',
      end_date: '2025-04-30',
    });
    expect(survey.status, JSON.stringify(survey.body)).toBe(201);
    ctx.survey = survey.body.data.id;
    ctx.template = template.body.data.id;
  });

  it('a year cannot be approved while one of its surveys takes answers; once it is gone, it can', async () => {
    const today = todayInIndia();
    const open = await admin.post('/api/survey', {
      name: `Still open ${tag}`,
      template: ctx.template,
      survey_for: 'CO',
      type: 'Students',
      program: ctx.a.program.id,
      curriculum: ctx.a.curriculum.id,
      course: ctx.course.id,
      academic_year: GY,
      start_date: today,
      end_date: today,
    });
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const res = await admin.post(`/api/attainment/freeze/${ctx.a.program.id}`, { academic_year: GY });
    expect(res.status).toBe(409);
    expect(res.body.errors.detail).toContain(`"Still open ${tag}" (open, until ${approvalDate(today)})`);
    expect((await admin.get(`/api/attainment/freeze/${ctx.a.program.id}`)).body.data).toEqual([]);
    expect((await admin.del(`/api/survey/${open.body.data.id}`)).status).toBe(200);
    await approve();
    await unfreeze();
  });

  it('a course with results in the frozen year cannot move to another program, curriculum or term; unfrozen it can', async () => {
    await approve();
    refused(await move(ctx.course, ctx.b.curriculum.id, ctx.b.terms[0].id), 'move out');
    refused(await move(ctx.course, ctx.a.curriculum.id, ctx.a.terms[1].id), 'change of term');
    expect((await current(ctx.course.id)).curriculum).toBe(ctx.a.curriculum.id);
    await unfreeze();
    expect((await move(ctx.course, ctx.a.curriculum.id, ctx.a.terms[1].id)).status).toBe(200);
    expect((await move(ctx.course, ctx.a.curriculum.id, ctx.a.terms[0].id)).status).toBe(200);
  });

  it('a course of another program with results in the frozen year cannot move into the program; unfrozen it can', async () => {
    await approve();
    refused(await move(ctx.visitor, ctx.a.curriculum.id, ctx.a.terms[0].id), 'move in');
    expect((await current(ctx.visitor.id)).curriculum).toBe(ctx.b.curriculum.id);
    await unfreeze();
    expect((await move(ctx.visitor, ctx.a.curriculum.id, ctx.a.terms[0].id)).status).toBe(200);
    expect((await move(ctx.visitor, ctx.b.curriculum.id, ctx.b.terms[0].id)).status).toBe(200);
  });

  it('marks and the paper of an approved occasion stay refused when its course was moved out, as admin and as the owner', async () => {
    await approve();
    refused(await move(ctx.course, ctx.b.curriculum.id, ctx.b.terms[0].id), 'move out');
    await storeCourseIn('b');
    try {
      for (const [who, api] of both()) {
        refused(await marks(api, ctx.occasion, 3), `marks as ${who}`);
        refused(await paperSave(api), `paper as ${who}`);
      }
    } finally {
      await storeCourseIn('a');
    }
    await unfreeze();
    for (const [who, api] of both()) {
      expect((await marks(api, ctx.occasion, 4)).status, `marks as ${who}`).toBe(200);
      expect((await paperSave(api)).status, `paper as ${who}`).toBe(200);
    }
  });

  it("an approval stored before the campus's index of approvals existed still refuses the course's inputs", async () => {
    await approve();
    // Remove the campus's index (and its marker) as if the approval predated it.
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
        region: env.AWS_REGION,
        credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
      }),
    );
    const pk = 'T#demo#attainment-freeze-index';
    const items =
      (
        await doc.send(
          new QueryCommand({ TableName: env.TABLE_NAME, KeyConditionExpression: 'PK = :p', ExpressionAttributeValues: { ':p': pk } }),
        )
      ).Items ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) await doc.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: { PK: pk, SK: i.SK } }));
    for (const [who, api] of both()) refused(await marks(api, ctx.occasion, 1), `marks as ${who}`);
    await unfreeze();
    expect((await marks(admin, ctx.occasion, 4)).status).toBe(200);
  });

  it('every input of the course-year is refused while approved, as admin and as the owner, and works once unfrozen', async () => {
    await approve();
    const occ = (await admin.get(`/api/occasion/${ctx.occasion}`)).body.data;
    const late = { course: ctx.course.id, kind: 'MSE', name: 'MSE gate', section: 'A', total_marks: 20, held_on: '2025-01-10' };
    const coBody = (await admin.get(`/api/Course-Outcome/${ctx.co}`)).body.data;
    const newCo = {
      course: ctx.course.id,
      code: 'CO2',
      statement: 'another',
      cognitive_domain: coBody.cognitive_domain,
      delivery_method: coBody.delivery_method,
    };
    const matrix = (await admin.get(`/api/co-po-matrix/${ctx.course.id}`)).body.data;
    const method = (await admin.get(`/api/attainment-method?program=${ctx.a.program.id}`)).body.data[0];
    const offline = { version: 0, surveyed: 3, counts: { q1: [0, 1, 2] } };
    for (const [who, api] of both()) {
      refused(await marks(api, ctx.occasion, 2), `marks as ${who}`);
      refused(await paperSave(api), `paper as ${who}`);
      refused(await api.put(`/api/co-po-matrix/${ctx.course.id}`, { version: matrix.version, cells: {} }), `matrix as ${who}`);
    }
    refused(await admin.post('/api/occasion', late), 'occasion create');
    refused(await admin.put(`/api/occasion/${ctx.occasion}`, { ...occ, held_on: '2025-08-10' }), 'occasion move');
    refused(await admin.del(`/api/occasion/${ctx.occasion}`), 'occasion delete');
    refused(await admin.post('/api/Course-Outcome', newCo), 'CO create');
    refused(await admin.put(`/api/Course-Outcome/${ctx.co}`, { ...coBody, statement: 'apply the gate twice' }), 'CO change');
    refused(await admin.del(`/api/Course-Outcome/${ctx.co}`), 'CO delete');
    refused(await admin.put(`/api/attainment-method/${method.id}`, { ...method, cie_weight: 50, see_weight: 50 }), 'method');
    refused(await admin.put(`/api/survey-host/${ctx.survey}/offline`, offline), 'paper survey counts');
    expect((await admin.get(`/api/occasion/${ctx.occasion}`)).body.data.version).toBe(occ.version);

    await unfreeze();
    for (const [who, api] of both()) {
      expect((await marks(api, ctx.occasion, 5)).status, `marks as ${who}`).toBe(200);
      expect((await paperSave(api)).status, `paper as ${who}`).toBe(200);
    }
    expect((await admin.put(`/api/co-po-matrix/${ctx.course.id}`, { version: matrix.version, cells: {} })).status).toBe(200);
    const created = await admin.post('/api/occasion', late);
    expect(created.status).toBe(201);
    expect((await admin.del(`/api/occasion/${created.body.data.id}`)).status).toBe(200);
    const co2 = await admin.post('/api/Course-Outcome', newCo);
    expect(co2.status).toBe(201);
    expect((await admin.del(`/api/Course-Outcome/${co2.body.data.id}`)).status).toBe(200);
    expect((await admin.put(`/api/Course-Outcome/${ctx.co}`, { ...coBody, statement: 'apply the gate twice' })).status).toBe(200);
    expect((await admin.put(`/api/attainment-method/${method.id}`, { ...method, cie_weight: 50, see_weight: 50 })).status).toBe(200);
    expect((await admin.put(`/api/survey-host/${ctx.survey}/offline`, offline)).status).toBe(200);
  });
  it("refuses the program's POs, the year's surveys and the frozen occasions' rosters while approved; not once unfrozen", async () => {
    // Program A's POs, with CO1 mapped to PO1; a spare student to move, delete and rename.
    await admin.post('/api/generic-program-outcome/setup', { program: ctx.a.program.id, framework: 'nba_12_po' });
    const pos = (await admin.get(`/api/generic-program-outcome?program=${ctx.a.program.id}`)).body.data as Record<string, any>[];
    const po1 = pos.find((o) => o.po_reference === 'PO1')!;
    const po12 = pos.find((o) => o.po_reference === 'PO12')!;
    const m = (await admin.get(`/api/co-po-matrix/${ctx.course.id}`)).body.data;
    expect(
      (await admin.put(`/api/co-po-matrix/${ctx.course.id}`, { version: m.version, cells: { [ctx.co]: { [po1.id]: 2 } } })).status,
    ).toBe(200);
    const pupil = (
      await admin.post('/api/student', { curriculum: ctx.a.curriculum.id, roll_no: `GS${run}`, name: 'Gate Pupil', section: 'A' })
    ).body.data;
    const surveyRec = (await admin.get(`/api/survey/${ctx.survey}`)).body.data;
    const poBody = (o: Record<string, any>, change: Record<string, unknown>) => ({ ...o, ...change });
    const roster = (line: string) =>
      fetch(`${base}/api/import/students?curriculum=${ctx.a.curriculum.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: `roll_no,name,section\n${line}`,
      });
    await approve();
    const { program: _p, ...detached } = po12;
    refused(await admin.put(`/api/generic-program-outcome/${po12.id}`, detached), 'PO detached from its program');
    refused(await admin.put(`/api/generic-program-outcome/${po12.id}`, poBody(po12, { po_reference: 'PO13' })), 'PO renumbered');
    refused(await admin.del(`/api/generic-program-outcome/${po12.id}`), 'PO deleted');
    refused(
      await admin.post('/api/generic-program-outcome', {
        program: ctx.a.program.id,
        outcome_type: 'PSO',
        po_reference: 'PSO1',
        statement: 'x',
      }),
      'PSO added',
    );
    refused(await admin.put(`/api/survey/${ctx.survey}`, { ...surveyRec, academic_year: '2025-26' }), 'survey moved to another year');
    refused(await admin.put(`/api/survey/${ctx.survey}`, { ...surveyRec, end_date: '2025-06-30' }), 'survey reopened');
    refused(await admin.del(`/api/survey/${ctx.survey}`), 'survey deleted');
    refused(await admin.put(`/api/student/${pupil.id}`, { ...pupil, section: 'B' }), 'student moved to another section');
    refused(
      await admin.post('/api/student', { curriculum: ctx.a.curriculum.id, roll_no: `GN${run}`, name: 'New Pupil', section: 'A' }),
      'student added',
    );
    refused(await admin.del(`/api/student/${pupil.id}`), 'student deleted');
    const reimport = await roster(`GN${run},New Pupil,A`);
    expect(reimport.status).toBe(409);
    expect(((await reimport.json()) as { errors: { detail: string } }).errors.detail).toContain(named());
    expect(
      (await admin.get(`/api/student?curriculum=${ctx.a.curriculum.id}`)).body.data.some(
        (s: { roll_no: string }) => s.roll_no === `GN${run}`,
      ),
    ).toBe(false);
    // What no figure reads stays open: a PO's statement, a student's name, a survey's name.
    expect((await admin.put(`/api/generic-program-outcome/${po12.id}`, poBody(po12, { statement: 'Learn for life.' }))).status).toBe(200);
    expect((await admin.put(`/api/student/${pupil.id}`, { ...pupil, name: 'Gate Pupil Renamed' })).status).toBe(200);

    await unfreeze();
    // Open again; a PO mapped in a matrix still cannot leave its program.
    const mapped = await admin.put(`/api/generic-program-outcome/${po1.id}`, (({ program: _x, ...rest }) => rest)(po1));
    expect(mapped.status).toBe(409);
    expect(mapped.body.errors.detail).toContain('CO-PO matrices of 1 course');
    const fresh = (await admin.get(`/api/student/${pupil.id}`)).body.data;
    expect((await admin.put(`/api/student/${pupil.id}`, { ...fresh, section: 'B' })).status).toBe(200);
    expect((await roster(`GN${run},New Pupil,A`)).status).toBe(200);
    expect((await admin.put(`/api/survey/${ctx.survey}`, { ...surveyRec, end_date: '2025-06-30' })).status).toBe(200);
  });
});
