import type { SarReadinessView, SarTableRowsView, SarView } from '@attain/shared-types';
import { NBA_TABLES } from '@attain/shared-types';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { courseWithOneCo } from '../support/course-setup.js';

/**
 * NBA's tables in a SAR section (Tier II): the rows Attain holds for an item's tables
 * (`GET /api/reports/sar/{program}/table-rows`), a section saving its tables (checked against the item's NBA tables),
 * and the whole SAR printing them under the item. A program made here: one course with two COs, a paper of 2025-26
 * and one of 2024-25, two laboratory experiments, one batch with named lists.
 */
const base = inject('stackUrl');
const users = inject('users');
const run = Date.now().toString(36);
const TIER2 = 'SAR 2019 (UG Tier II)';
let admin: ReturnType<typeof client>;
let token: string;
let programId: string;
let courseName: string;
let course: { code: string; title: string };
let levels: { id: string; name: string }[];

const rowsOf = async (item: string, year = '2025-26', format = TIER2): Promise<SarTableRowsView> => {
  const res = await admin.get(`/api/reports/sar/${programId}/table-rows?${new URLSearchParams({ sar_format: format, year, item })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  const made = await courseWithOneCo(admin, `SAR tables ${run}`, `ST${run.slice(-5)}`);
  programId = made.program.id;
  course = made.course;
  courseName = `${course.code} ${course.title}`;
  const prog = (await admin.get(`/api/program/${programId}`)).body.data;
  expect((await admin.put(`/api/program/${programId}`, { ...prog, sar_version: TIER2 })).status).toBe(200);
  const all = (await admin.get('/api/bloom-level')).body.data as { id: string; level_of_learning?: string; name: string }[];
  levels = all.slice(0, 2).map((l) => ({ id: l.id, name: [l.level_of_learning, l.name].filter(Boolean).join(' ') }));
  const co2 = (
    await admin.post('/api/Course-Outcome', {
      course: made.course.id,
      code: 'CO2',
      statement: 'Second outcome',
      cognitive_domain: made.bloom,
      delivery_method: (await admin.get('/api/delivery-method')).body.data[0].id,
    })
  ).body.data;
  // The paper of 2025-26: Q1 10 marks (CO1, first level), Q2 6 (CO2, second), Q3 4 (CO1, second) = 20 marks:
  // by CO, CO1 10 + 4 = 14 and CO2 6; by level, 10 and 6 + 4 = 10.
  const paperOf = async (held_on: string, questions: { number: string; max_marks: number; co: string; bloom_level: string }[]) => {
    const total = questions.reduce((s, q) => s + q.max_marks, 0);
    const o = await admin.post('/api/occasion', {
      course: made.course.id,
      kind: 'ISE',
      name: `ISE ${held_on}`,
      total_marks: total,
      held_on,
    });
    expect(o.status, JSON.stringify(o.body)).toBe(201);
    expect((await admin.put(`/api/question-paper/${o.body.data.id}`, { version: 0, questions })).status).toBe(200);
  };
  await paperOf('2025-09-15', [
    { number: '1', max_marks: 10, co: made.co.id, bloom_level: levels[0].id },
    { number: '2', max_marks: 6, co: co2.id, bloom_level: levels[1].id },
    { number: '3', max_marks: 4, co: made.co.id, bloom_level: levels[1].id },
  ]);
  // A paper of the year before is not the report year's.
  await paperOf('2024-10-01', [{ number: '1', max_marks: 10, co: made.co.id, bloom_level: levels[0].id }]);
  for (const [exp_no, no_of_session] of [
    [1, 2],
    [2, 3],
  ])
    expect(
      (
        await admin.post('/api/lab_experiment', {
          course: made.course.id,
          exp_no,
          experiment_detail: `Experiment ${exp_no}`,
          no_of_session,
        })
      ).status,
    ).toBe(201);
  const batch = await admin.post('/api/batch-performance', {
    program: programId,
    entry_year: '2021-22',
    placed: 1,
    placed_students: [{ name: 'Asha Rao', roll_no: '21CS001', detail: 'Infosys, 6.5 LPA' }],
    higher_studies: 1,
    higher_studies_students: [{ name: 'Ravi Kumar', detail: 'GATE, IIT Madras' }],
  });
  expect(batch.status, JSON.stringify(batch.body)).toBe(201);
  // A batch still studying in 2025-26 is none of LYG, LYGm1, LYGm2: its list is not 4.5a's.
  const studying = await admin.post('/api/batch-performance', {
    program: programId,
    entry_year: '2023-24',
    placed: 1,
    placed_students: [{ name: 'Early Offer' }],
  });
  expect(studying.status, JSON.stringify(studying.body)).toBe(201);
});

describe('NBA tables Attain can fill', () => {
  it('2.2.2: the question papers of the report year, marks by CO and by Bloom’s level', async () => {
    const v = await rowsOf('2.2.2');
    expect(v.tables).toHaveLength(1);
    expect(v.tables[0]).toMatchObject({ title: NBA_TABLES.questionPapers.title, columns: [...NBA_TABLES.questionPapers.columns] });
    expect(v.tables[0].rows).toEqual([
      [courseName, 'ISE 2025-09-15 (ISE)', '20', 'CO1 14, CO2 6', `${levels[0].name} 10, ${levels[1].name} 10`],
    ]);
    expect(v.tables[0].source).toMatch(/held in 2025-26/);
    // The year before has its own paper.
    expect((await rowsOf('2.2.2', '2024-25')).tables[0].rows.map((r) => r[3])).toEqual(['CO1 10']);
  });

  it('4.5: the named lists of the batches the placement figure counts (LYG 2021-22 for 2025-26); 6.1 and 6.5: the laboratory courses', async () => {
    expect((await rowsOf('4.5')).tables[0].rows).toEqual([
      ['LYG 2021-22', 'Asha Rao', '21CS001', 'Placed', 'Infosys, 6.5 LPA'],
      ['LYG 2021-22', 'Ravi Kumar', '', 'Higher studies', 'GATE, IIT Madras'],
    ]);
    expect((await rowsOf('6.1')).tables[0].rows).toEqual([[courseName, '2', '5', '', '', '', '']]);
    expect((await rowsOf('6.5')).tables[0].rows).toEqual([[courseName, '']]);
    // An item whose tables Attain cannot fill answers none.
    expect((await rowsOf('2.2.3')).tables).toEqual([]);
    // Tier I's 2.1.2: the courses of the curriculum in force, term by term.
    const structure = (await rowsOf('2.1.2', '2025-26', 'SAR 2016 (UG Tier I)')).tables[0];
    expect(structure.title).toBe(NBA_TABLES.curriculumStructure.title);
    expect(structure.rows).toHaveLength(1);
    expect(structure.rows[0].slice(1, 3)).toEqual([course.code, course.title]);
  });

  it('answers 400 for an item not of the format or a bad year, 404 for a program of another campus', async () => {
    const q = `sar_format=${encodeURIComponent(TIER2)}&year=2025-26`;
    const notItem = await admin.get(`/api/reports/sar/${programId}/table-rows?${q}&item=99.1`);
    expect(notItem.status).toBe(400);
    expect(notItem.body.errors.fields.item).toMatch(/Not an item of UG Engineering Tier II/);
    expect(
      (await admin.get(`/api/reports/sar/${programId}/table-rows?sar_format=${encodeURIComponent(TIER2)}&year=2025&item=2.2.2`)).status,
    ).toBe(400);
    // The other campus's administrator names this campus's program: not found there.
    const other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
    expect((await other.get(`/api/reports/sar/${programId}/table-rows?${q}&item=2.2.2`)).status).toBe(404);
  });

  it('gives colleagues’ Faculty Contribution records to a campus administrator only; a faculty member is told why', async () => {
    const faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
    const q = (item: string) => `sar_format=${encodeURIComponent(TIER2)}&year=2025-26&item=${item}`;
    const mine = await faculty.get(`/api/reports/sar/${programId}/table-rows?${q('5.6')}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.tables[0]).toMatchObject({
      title: NBA_TABLES.fdpAttended.title,
      rows: [],
      withheld: expect.stringMatching(/Only a campus administrator/),
    });
    expect((await admin.get(`/api/reports/sar/${programId}/table-rows?${q('5.6')}`)).body.data.tables[0].withheld).toBeUndefined();
    // Question papers are nobody's personal record: a faculty member gets them.
    expect((await faculty.get(`/api/reports/sar/${programId}/table-rows?${q('2.2.2')}`)).body.data.tables[0].rows).toHaveLength(1);
  });
});

describe('a section’s tables', () => {
  const section = (tables: unknown) => ({ program: programId, sar_format: TIER2, academic_year: '2025-26', item: '2.2.2', tables });

  it('refuses a table not of the item, other columns, a row of the wrong width or a cell too long, and writes nothing', async () => {
    const cols = [...NBA_TABLES.questionPapers.columns];
    const title = NBA_TABLES.questionPapers.title;
    const cases: [unknown, RegExp][] = [
      [[{ title: 'Laboratories', columns: cols, rows: [] }], /“Laboratories” is not one of NBA’s tables for 2\.2\.2/],
      [[{ title, columns: cols.slice(1), rows: [] }], /has the columns Course, Assessment/],
      [[{ title, columns: cols, rows: [['only one cell']] }], /row 1: 1 cells for 5 columns/],
      [[{ title, columns: cols, rows: [['a', 'b', 'c', 'd', 'x'.repeat(1001)]] }], /^Table 1, rows: Too Long!$/],
      [[{ title, columns: cols, rows: [[1, 2, 3, 4, 5]] }], /^Table 1, rows/],
      [
        [
          { title, columns: cols, rows: [] },
          { title, columns: cols, rows: [] },
        ],
        /is given twice/,
      ],
      [[{ title, columns: cols, rows: Array.from({ length: 301 }, () => ['a', 'b', 'c', 'd', 'e']) }], /has 301 rows; at most 300/],
      // 150 rows of 5 cells of 100 Devanagari letters (3 bytes each in UTF-8): 225,000 bytes, over the 150,000 a section holds.
      [
        [{ title, columns: cols, rows: Array.from({ length: 150 }, () => Array.from({ length: 5 }, () => 'क'.repeat(100))) }],
        /bytes of text; at most 1,50,000/,
      ],
    ];
    for (const [tables, message] of cases) {
      const res = await admin.post('/api/sar-section', section(tables));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors.fields.tables).toMatch(message);
    }
    const listed = (await admin.get(`/api/sar-section?program=${programId}`)).body.data;
    expect(listed).toEqual([]);
  });

  it('keeps the rows filled from Attain, counts the item written, and prints them under 2.2.2 in the whole SAR', async () => {
    const filled = (await rowsOf('2.2.2')).tables[0];
    const saved = await admin.post('/api/sar-section', section([{ title: filled.title, columns: filled.columns, rows: filled.rows }]));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.tables[0].rows).toEqual(filled.rows);
    const ready: SarReadinessView = (await admin.get(`/api/reports/sar/${programId}/readiness?year=2025-26`)).body.data;
    const item = ready.criteria.flatMap((c) => c.items).find((i) => i.number === '2.2.2');
    expect(item?.section).toMatchObject({ written: true, tables: [{ title: filled.title, rows: filled.rows }] });
    const sar: SarView = (await admin.get(`/api/reports/sar/${programId}?year=2025-26&criteria=all`)).body.data;
    const printed = sar.sections.find((s) => s.id === '2.2.2')?.tables.find((t) => t.title === filled.title);
    expect(printed?.columns.map((c) => c.label)).toEqual(filled.columns);
    expect(printed?.rows.map((r) => Object.values(r))).toEqual(filled.rows);
    // A table nobody filled is printed with its headings and says so.
    expect(sar.sections.find((s) => s.id === '2.2.3')?.tables[0]).toMatchObject({
      title: NBA_TABLES.projects.title,
      rows: [],
      notes: ['Not filled yet.'],
    });
    const file = await fetch(`${base}/api/reports/sar/${programId}?year=2025-26&criteria=all&format=docx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { value: text } = await mammoth.extractRawText({ buffer: Buffer.from(await file.arrayBuffer()) });
    expect(text).toContain(filled.title);
    expect(text).toContain('CO1 14, CO2 6');
  });
});
