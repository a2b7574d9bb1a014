import { type ProgramAttainment, type ReportCell, type SarView, cellText, isFigure, sarFormatDef } from '@attain/shared-types';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sarFinalLevels } from '../../../bench/sar-export.js';
import { client, login, untilComputed } from '../support/client.js';
import { courseWithOneCo } from '../support/course-setup.js';

/**
 * The NBA SAR export (issue 15 item 3): `GET /api/reports/sar/{program}` on the seeded demo campus. Criterion 3's
 * figures are the ones the Attainment and CO-PO pages answer; Criterion 5's are worked by hand below for a department
 * made here; the DOCX is read back (mammoth) and its tables compared cell by cell with the JSON.
 */
const base = inject('stackUrl');
const users = inject('users');
const run = Date.now().toString(36);
let admin: ReturnType<typeof client>;
let demoProgram: { id: string; title: string };
let sar: SarView;

const table = (v: SarView, section: string, id?: string) => {
  const s = v.sections.find((x) => x.id === section);
  if (!s) throw new Error(`no section ${section}`);
  return id ? s.tables.find((t) => t.id === id)! : s.tables[0];
};
/** A cell's number as the page's JSON gives it: a figure's value, '-' (not assessed) as null. */
const value = (c: ReportCell | undefined) => {
  const v = isFigure(c) ? c.value : c;
  return v === '-' ? null : v;
};

/** Every table of a DOCX's HTML (mammoth), as rows of cell texts, footnote markers left out. */
async function docxTables(bytes: Uint8Array): Promise<string[][][]> {
  const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  const text = (s: string) =>
    s
      .replace(/<sup>.*?<\/sup>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .trim();
  return [...html.matchAll(/<table>(.*?)<\/table>/gs)].map(([, t]) =>
    [...t.matchAll(/<tr>(.*?)<\/tr>/gs)].map(([, r]) => [...r.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map(([, c]) => text(c))),
  );
}

beforeAll(async () => {
  admin = client(base, await login(base, users.demoAdmin.email, users.demoAdmin.password));
  demoProgram = (await admin.get('/api/program')).body.data.find((p: { title: string }) => p.title.startsWith('B.Tech'));
  // The team's review copy: every figure with its trace (the copy to submit prints values only).
  const res = await admin.get(`/api/reports/sar/${demoProgram.id}?year=2025-26&review=1`);
  expect(res.status).toBe(200);
  sar = res.body.data;
});

describe('SAR Criterion 3 matches the web pages figure for figure', () => {
  it('PO/PSO attainment of CAY is the Program attainment page, with the method version and three years', async () => {
    const page = (await admin.get(`/api/attainment/program/${demoProgram.id}`)).body.data;
    const cay = page.years.find((y: { academic_year: string }) => y.academic_year === '2025-26');
    const rows = table(sar, '3.3.2', 'po-attainment-2025-26').rows;
    expect(rows.length).toBe(cay.outcomes.length);
    for (const o of cay.outcomes) {
      const row = rows.find((r) => r.outcome === o.reference)!;
      expect(value(row.direct) ?? null, o.reference).toEqual(o.direct ?? null);
      expect(value(row.final) ?? null, o.reference).toEqual(o.attainment ?? null);
      expect(row.met).toBe(o.met === null ? '-' : o.met ? 'Yes' : 'No');
    }
    expect(sar.years).toEqual(['2025-26', '2024-25', '2023-24']);
    expect(sar.method_version).toBe(page.method_version);
    expect(table(sar, '3.3.2', 'po-attainment-2023-24')).toBeDefined();
    // A direct figure keeps its inputs: the course levels it is the mean of.
    const direct = rows.find((r) => isFigure(r.direct))!.direct;
    expect(isFigure(direct) && direct.trace.inputs.length).toBeGreaterThan(0);
  });

  it("NBA's 12 POs under the 2025 format (the bench's program): the SAR's rows are the page's outcomes the format prints, PO12 left out", async () => {
    const token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
    const { program, curriculum, course, co, bloom } = await courseWithOneCo(admin, `SAR twelve POs ${run}`, `TW${run}`.slice(0, 12));
    expect((await admin.post('/api/generic-program-outcome/setup', { program: program.id, framework: 'nba_12_po' })).status).toBe(201);
    const pso = { program: program.id, outcome_type: 'PSO', po_reference: 'PSO1', statement: 'Design software systems for local industry' };
    expect((await admin.post('/api/generic-program-outcome', pso)).status).toBe(201);
    const pos = (await admin.get(`/api/generic-program-outcome?program=${program.id}`)).body.data as { id: string; po_reference: string }[];
    const id = (ref: string) => pos.find((o) => o.po_reference === ref)!.id;
    // CO1 maps PO1, PO2, NBA's PO7 (environment and sustainability), PO12 (life-long learning) and PSO1.
    const cells = { [co.id]: { [id('PO1')]: 3, [id('PO2')]: 2, [id('PO7')]: 1, [id('PO12')]: 2, [id('PSO1')]: 3 } };
    expect((await admin.put(`/api/co-po-matrix/${course.id}`, { version: 0, cells })).status).toBe(200);
    const csv = (path: string, body: string) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body });
    const students = Array.from({ length: 8 }, (_, i) => `TW${i}`);
    const roster = await csv(
      `/api/import/students?curriculum=${curriculum.id}`,
      ['roll_no,name,section', ...students.map((s) => `${s},Student ${s},A`)].join('\n'),
    );
    expect(roster.status).toBe(200);
    for (const [kind, held_on, offset] of [
      ['ISE', '2025-09-15', 2],
      ['ESE', '2025-11-20', 0],
    ] as const) {
      const occ = (
        await admin.post('/api/occasion', { course: course.id, kind, name: `${kind} twelve`, section: 'A', total_marks: 20, held_on })
      ).body.data;
      const paper = ['1', '2'].map((number) => ({ number, max_marks: 10, co: co.id, bloom_level: bloom }));
      expect((await admin.put(`/api/question-paper/${occ.id}`, { version: 0, questions: paper })).status).toBe(200);
      const marks = ['roll_no,1,2', ...students.map((s, i) => `${s},${Math.min(10, i + offset + 2)},${Math.min(10, i + offset)}`)];
      expect((await csv(`/api/marks/${occ.id}/upload`, marks.join('\n'))).status).toBe(200);
    }
    const page = (await untilComputed(admin, program.id)).body.data;
    const cay = page.years.find((y: ProgramAttainment) => y.academic_year === '2025-26') as ProgramAttainment;
    // The page has a PO12 level: the program's own outcome, mapped and assessed.
    expect(cay.outcomes.find((o) => o.reference === 'PO12')?.attainment).toEqual(expect.any(Number));
    const view = (await admin.get(`/api/reports/sar/${program.id}?year=2025-26&review=1`)).body.data as SarView;
    const format = sarFormatDef((await admin.get(`/api/program/${program.id}`)).body.data.sar_version);
    expect(format.pos).toBe(11);
    const rows = table(view, '3.3.2', 'po-attainment-2025-26').rows;
    // The 2025 format's 11 POs (as the program numbers them) and the PSO; PO12 is left out, as the readiness page says.
    expect(rows.map((r) => r.outcome)).toEqual([...Array.from({ length: 11 }, (_, i) => `PO${i + 1}`), 'PSO1']);
    for (const row of rows) {
      const o = cay.outcomes.find((x) => x.reference === row.outcome)!;
      expect(value(row.final) ?? null, o.reference).toEqual(o.attainment ?? null);
      expect(value(row.direct) ?? null, o.reference).toEqual(o.direct ?? null);
    }
    // The bench's check (step 7b) compares exactly these and names PO12 as left out, not as a different figure.
    expect(sarFinalLevels(cay, table(view, '3.3.2', 'po-attainment-2025-26'), format)).toEqual({
      compared: 12,
      differing: [],
      leftOut: ['PO12'],
    });
  });

  it("each course's CO attainment and its PAM row are the CO Attainment and CO-PO Mapping pages'", async () => {
    const courses = (await admin.get(`/api/Course-Curriculum?program=${demoProgram.id}&limit=1000`)).body.data as {
      id: string;
      code?: string;
    }[];
    const co = table(sar, '3.2.2').rows;
    const pam = table(sar, '3.1-pam').rows;
    let compared = 0;
    for (const c of courses.filter((x) => co.some((r) => String(r.course).startsWith(x.code ?? '?'))).slice(0, 3)) {
      const page = (await admin.get(`/api/attainment/course/${c.id}?year=2025-26`)).body.data;
      for (const r of page.result.cos) {
        const row = co.find((x) => x.co === r.code && String(x.course).startsWith(c.code!))!;
        expect(value(row.final) ?? null).toEqual(r.attainment);
        expect(value(row.direct)).toEqual(r.direct);
        compared++;
      }
      const matrix = (await admin.get(`/api/co-po-matrix/${c.id}`)).body.data;
      const pamRow = pam.find((x) => String(x.course).startsWith(c.code!))!;
      for (const o of matrix.outcomes) expect(value(pamRow[o.id]), o.po_reference).toEqual(matrix.articulation[o.id] ?? null);
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('the DOCX carries every table of the JSON, cell for cell, and each figure has a footnote', async () => {
    const token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
    const file = await fetch(`${base}/api/reports/sar/${demoProgram.id}?year=2025-26&format=docx&review=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="?SAR-B\.Tech-CSE-2025-26-review\.docx"?/);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const tables = await docxTables(bytes);
    const json = sar.sections.flatMap((s) => s.tables).filter((t) => t.rows.length || t.footer?.length);
    expect(tables.length).toBe(json.length);
    json.forEach((t, i) => {
      expect(tables[i][0]).toEqual(t.columns.map((c) => (c.unit ? `${c.label} (${c.unit})` : c.label)));
      expect(tables[i].slice(1)).toEqual([...t.rows, ...(t.footer ?? [])].map((r) => t.columns.map((c) => cellText(r[c.key]))));
    });
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    const figures = json.flatMap((t) =>
      [...t.rows, ...(t.footer ?? [])].flatMap((r) => t.columns.filter((c) => isFigure(r[c.key]))),
    ).length;
    expect((html.match(/id="footnote-\d+"/g) ?? []).length).toBe(figures);
    expect(html).toMatch(/Formula: /);
  });

  it("speaks NBA's words: no web address, repository path, spec section or trust note in the JSON or the DOCX", async () => {
    const token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
    const both = await admin.get(`/api/reports/sar/${demoProgram.id}?year=2025-26&criteria=3,5&review=1`);
    const file = await fetch(`${base}/api/reports/sar/${demoProgram.id}?year=2025-26&criteria=3,5&format=docx&review=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(await file.arrayBuffer()) });
    const INTERNAL = [
      /https?:\/\//,
      /www\./,
      /\.(md|ts|json)\b/,
      /shared\/data/,
      /DESIGN/,
      /§/,
      /\btrust\b/i,
      /spec part/i,
      /slideshare|scribd|blogspot/i,
    ];
    for (const [what, text] of [
      ['json', JSON.stringify(both.body)],
      ['docx', html],
    ]) {
      expect(INTERNAL.filter((re) => re.test(text)).map(String), what).toEqual([]);
    }
    // Each figure's source names the item of the program's own format (2025) it prints under.
    expect(html.includes('NBA SAR, UG Engineering, GAPC version 4.0 (2025), 1.5 Program Articulation Matrix')).toBe(true);
    expect(JSON.stringify(both.body).includes('NBA SAR, UG Engineering, GAPC version 4.0 (2025), 5.1 Student-Faculty Ratio (SFR)')).toBe(
      true,
    );
  });
});

describe('SAR Criterion 5 from profiles, intake and contribution records', () => {
  let programId: string;
  let token: string;
  beforeAll(async () => {
    const dept = (await admin.post('/api/department', { name: `SAR dept ${run}`, short_name: `S${run}`.slice(0, 10) })).body.data;
    const years = ['2020-21', '2021-22', '2022-23', '2023-24', '2024-25', '2025-26'];
    // 2020-21 is left out: CAYm2's student count then misses its final-year batch.
    const intake = years.slice(1).map((academic_year) => ({ academic_year, sanctioned_intake: 60, lateral_entries: 6 }));
    const p = await admin.post('/api/program', {
      title: `SAR program ${run}`,
      department: dept.id,
      number_of_terms: 8,
      intake,
      sar_version: 'SAR 2019 (UG Tier II)',
    });
    expect(p.status).toBe(201);
    programId = p.body.data.id;
    const member = (n: number, profile: Record<string, unknown>) =>
      admin.post('/api/auth/user-list', {
        email: `sar-${run}-${n}@attain.example`,
        role: 'faculty',
        password: 'Sar-Member-Pass-1!',
        first_name: `Member${n}`,
        last_name: 'Sample',
        department: dept.id,
        facility_type: 'Teaching',
        faculty_serving: 'Permanent',
        ...profile,
      });
    // In position: the professor all three years; the assistant from 2024-25; the associate until March 2025.
    for (const [n, prof] of [
      [1, { designation: ['Professor'], highest_qualification: 'Phd', date_of_joining: '2010-07-01' }],
      [2, { designation: ['Assistant Professor'], highest_qualification: 'MTech', date_of_joining: '2024-08-01' }],
      [
        3,
        { designation: ['Associate professor'], highest_qualification: 'Phd', date_of_joining: '2015-07-01', relieving_date: '2025-03-31' },
      ],
    ] as const)
      expect((await member(n, prof)).status).toBe(201);
    token = await login(base, `sar-${run}-1@attain.example`, 'Sar-Member-Pass-1!');
    const doi = `10.1000/sar.${run}`;
    for (const who of [1, 2]) {
      const t = who === 1 ? token : await login(base, `sar-${run}-2@attain.example`, 'Sar-Member-Pass-1!');
      const paper = {
        paper_title: 'A co-authored paper',
        type: 'Journal',
        journal_title: 'J',
        status: 'Published',
        level_status: 'International',
        publication_year: 2025,
        direct_object_identifier: doi,
      };
      expect((await client(base, t).post('/api/Research-Publication', paper)).status).toBe(201);
    }
  });

  const sfrRows = (v: SarView) => table(v, '5.1').rows;
  const read = async () => (await admin.get(`/api/reports/sar/${programId}?year=2025-26&criteria=5&review=1`)).body.data as SarView;

  it('2019: S, F, SFR and its marks, FQ and retention as worked by hand', async () => {
    const v = await read();
    expect(v.version).toBe('SAR 2019 (UG Tier II)');
    expect(v.context).toContain('Criterion 5 formulas: SAR 2019 (UG Tier II)');
    const rows = sfrRows(v);
    // S(2025-26) = (60 + 6) x 3 = 198; S(2024-25) = 198; S(2023-24) = 66 + 66 + (0 + 6) = 138 (2020-21 not listed).
    expect(rows.map((r) => value(r.students))).toEqual([198, 198, 138]);
    // F: 2 (professor, assistant); 3; 2 (professor, associate).
    expect(rows.map((r) => value(r.faculty))).toEqual([2, 3, 2]);
    // SFR 99, 66, 69; average 78 -> above 25: 0 marks.
    expect(rows.map((r) => value(r.sfr))).toEqual([99, 66, 69]);
    const [avg, marks] = table(v, '5.1').footer!;
    expect(value(avg.sfr)).toBe(78);
    expect(value(marks.sfr)).toBe(0);
    // FQ(2025-26) = 2.0 x (10 x 1 + 4 x 1) / (198 / 20) = 28 / 9.9 = 2.828.. -> 2.83.
    expect(value(table(v, '5.3').rows[0].fq)).toBe(2.83);
    // Retention: 2 in position in 2023-24, 1 of them still in 2025-26: 50 % -> 4.
    const ret = table(v, '5.4').rows[0];
    expect([ret.base, ret.retained, value(ret.marks)]).toEqual([2, 1, 4]);
    // 2019's cadre formula is not known: the report says so.
    const cadre = table(v, '5.2').rows[0].marks;
    expect(isFigure(cadre) && cadre.note).toMatch(/Formula not available/);
    // The co-authored paper: once for the department, once for each author.
    const dept = table(v, '5.5', 'research-department').rows.find((r) => r.measure === 'Journal papers')!;
    expect(value(dept['2025-26'])).toBe(1);
    const members = table(v, '5.5', 'research-per-member').rows;
    expect(members.map((r) => value(r.journal))).toEqual([1, 1, 0]);
  });

  it('2025 after the admin picks it for the program: cadre and FQI by the GAPC v4 formulas', async () => {
    const rec = (await admin.get(`/api/program/${programId}`)).body.data;
    const { id: _id, created_at: _c, created_by: _b, updated_at: _u, updated_by: _ub, ...body } = rec;
    expect((await admin.put(`/api/program/${programId}`, { ...body, sar_version: 'SAR 2025 (GAPC v4)' })).status).toBe(200);
    const v = await read();
    expect(v.version).toBe('SAR 2025 (GAPC v4)');
    // RF = 9.9: (1 / 1.1 + 0 + 0.4 x 1 / 6.6) x 12.5 = 12.1212.. -> 12.12.
    expect(value(table(v, '5.2').rows[0].marks)).toBe(12.12);
    // FQI = 2.5 x 14 / 9.9 = 3.5353.. -> 3.54.
    expect(value(table(v, '5.3').rows[0].fq)).toBe(3.54);
    // The 2025 retention bands are not in the sources.
    expect(value(table(v, '5.4').rows[0].marks)).toBeNull();
  });

  it('refuses a bad request and another campus', async () => {
    const bad = await admin.get(`/api/reports/sar/${programId}?year=2025&format=xls&criteria=4`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fields).toEqual({
      year: 'Write it as 2025-26',
      format: 'Choose json, docx or pdf',
      criteria: 'Choose criterion 3, 5, both, or all',
    });
    const other = client(base, await login(base, users.otherAdmin.email, users.otherAdmin.password));
    expect((await other.get(`/api/reports/sar/${programId}?year=2025-26`)).status).toBe(404);
    const pdf = await fetch(`${base}/api/reports/sar/${programId}?year=2025-26&format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
