import { SAR_FORMAT_DEFS, type SarReadinessView, formatItems } from '@attain/shared-types';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';
import { upload } from '../support/uploads.js';

/**
 * The SAR readiness page's API (`GET /api/reports/sar/{program}/readiness`): a program made here, with its batches
 * entered, follows one SAR format; Criterion 4's marks come from the batches by NBA's formulas, narrative items count
 * the marks the team claims in their sections (0 until claimed), and NBA's decision rule names what holds it back.
 */
const base = inject('stackUrl');
const users = inject('users');
const run = Date.now().toString(36);
let admin: ReturnType<typeof client>;
let token: string;
let programId: string;

const readiness = async (year = '2025-26'): Promise<SarReadinessView> => {
  const res = await admin.get(`/api/reports/sar/${programId}/readiness?year=${year}`);
  expect(res.status).toBe(200);
  return res.body.data;
};
const item = (v: SarReadinessView, n: string) => v.criteria.flatMap((c) => c.items).find((i) => i.number === n)!;
const criterion = (v: SarReadinessView, n: string) => v.criteria.find((c) => c.number === n)!;

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  const p = await admin.post('/api/program', { title: `B.E. Readiness ${run}`, number_of_terms: 8, sar_version: 'SAR 2025 (GAPC v4)' });
  expect(p.status).toBe(201);
  programId = p.body.data.id;
  // Enrolment for the report year 2025-26: 57/60, (51 + 3)/60, 45/60 -> average 86.67 % -> 17 marks (2025 bands).
  for (const [entry_year, admitted, supernumerary] of [
    ['2025-26', 57, 0],
    ['2024-25', 51, 3],
    ['2023-24', 45, 0],
  ] as const) {
    const b = await admin.post('/api/batch-performance', { program: programId, entry_year, sanctioned: 60, admitted, supernumerary });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
  }
});

describe('SAR readiness', () => {
  it('lists every criterion of the program’s format with its items, computed marks traced to the batches entered', async () => {
    const v = await readiness();
    expect(v.format.label).toBe('2025 (GAPC v4.0, 9 criteria, 11 POs)');
    expect(v.criteria.map((c) => c.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const er = item(v, '4.1');
    expect(er.source).toBe('computed');
    expect(er.awarded).toBe(17);
    expect(er.figures.map((f) => f.figure.value)).toEqual([95, 90, 75]);
    expect(er.computed?.trace.source).toMatch(/GAPC version 4.0 \(2025\), Criterion 4/);
    // A narrative item counts nothing until claimed, and says it is not written yet.
    expect(item(v, '2.2')).toMatchObject({ kind: 'table', max: 25, awarded: 0, source: 'none', section: null });
    expect(v.outcome).toBe('Not accredited');
    // Every criterion is below 60 %: each is named, with the items that would lift it most.
    expect(v.holding_back.map((h) => h.criterion)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(v.holding_back.find((h) => h.criterion === '2')?.lifts[0]).toEqual({ number: '2.2', title: 'Capstone project', gain: 25 });
  });

  it('counts a claim the team writes, refuses one above the item’s marks or on a computed item, and moves the projection', async () => {
    const before = criterion(await readiness(), '2').awarded;
    const section = {
      program: programId,
      sar_format: 'SAR 2025 (GAPC v4)',
      academic_year: '2025-26',
      item: '2.2',
      text: '<p>Projects…</p>',
    };
    const tooMany = await admin.post('/api/sar-section', { ...section, claimed_marks: 26 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.fields.claimed_marks).toBe('At most 25 (NBA’s marks for 2.2)');
    const computed = await admin.post('/api/sar-section', { ...section, item: '4.1', claimed_marks: 10 });
    expect(computed.status).toBe(400);
    expect(computed.body.errors.fields.claimed_marks).toBe('Computed from the data: no claim is taken');
    const other = await admin.post('/api/sar-section', { ...section, item: '10.1' });
    expect(other.status).toBe(400);
    const ok = await admin.post('/api/sar-section', { ...section, claimed_marks: 20, claim_reason: 'Rubric-assessed capstones' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const v = await readiness();
    expect(item(v, '2.2')).toMatchObject({ awarded: 20, source: 'claimed', section: { claimed: 20, status: 'Draft', written: true } });
    expect(item(v, '2.2').section?.claimed_by).toBe(users.demoAdmin.email);
    expect(criterion(v, '2').awarded).toBe(before + 20);
    // Another year's SAR does not count this year's claim.
    expect(item(await readiness('2024-25'), '2.2').awarded).toBe(0);
  });

  it('applies the Tier II format when the program follows it: 10 criteria, totals only, the rule said to be unconfirmed', async () => {
    const prog = (await admin.get(`/api/program/${programId}`)).body.data;
    expect((await admin.put(`/api/program/${programId}`, { ...prog, sar_version: 'SAR 2019 (UG Tier II)' })).status).toBe(200);
    const v = await readiness();
    expect(v.criteria).toHaveLength(10);
    expect(v.rule_stated).toBe(false);
    expect(v.six_years).toEqual({ total: 750, criterion_percent: null });
    // Tier II bands: 85 % average of N1/N (95, 85, 75) -> 18.
    expect(item(v, '4.1').awarded).toBe(18);
    // The 2025 claim is not the Tier II SAR's: its 2.2.x items have no section.
    expect(v.criteria[1].items.map((i) => i.section)).toEqual(v.criteria[1].items.map(() => null));
  });

  it('writes the whole SAR of each format as DOCX: every criterion heading in NBA’s order and every item, written or not', async () => {
    const prog = (await admin.get(`/api/program/${programId}`)).body.data;
    for (const format of SAR_FORMAT_DEFS) {
      const saved = await admin.put(`/api/program/${programId}`, { ...prog, sar_version: format.id });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      prog.version = saved.body.data.version;
      const file = await fetch(`${base}/api/reports/sar/${programId}?year=2025-26&criteria=all&format=docx`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status).toBe(200);
      const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(await file.arrayBuffer()) });
      const headings = [...html.matchAll(/<h1>(.*?)<\/h1>/g)].map(([, h]) => h.replace(/&amp;/g, '&'));
      expect(
        headings.filter((h) => h.startsWith('Criterion ')),
        format.id,
      ).toEqual(format.criteria.map((c) => `Criterion ${c.number}: ${c.title} (${c.marks} marks)`));
      const items = headings.filter((h) => /^\d/.test(h)).map((h) => h.split(' ')[0]);
      expect(items, format.id).toEqual(formatItems(format).map((x) => x.item.number));
      expect(headings[0]).toBe('Contents');
      expect(headings.at(-1)).toBe('Declaration');
      expect(html).toContain('Not written yet.');
    }
  });

  it('answers 404 for a program of another campus and 400 for a malformed year', async () => {
    expect((await admin.get(`/api/reports/sar/no-such-program/readiness`)).status).toBe(404);
    const bad = await admin.get(`/api/reports/sar/${programId}/readiness?year=2025`);
    expect(bad.status).toBe(400);
  });
});

describe('loading batches from a file', () => {
  const load = async (program: string, csv: string) => {
    const res = await fetch(`${base}/api/batch-performance/import?program=${program}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: csv,
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const batches = async () =>
    new Map(
      ((await admin.get(`/api/batch-performance?program=${programId}`)).body.data as Record<string, any>[]).map((b) => [b.entry_year, b]),
    );

  it('refuses a file with one bad row whole: nothing written, every problem named by row and column', async () => {
    const before = await batches();
    const res = await load(
      programId,
      [
        'entry_year,sanctioned,admitted,year1_appeared,year1_successful',
        '2022-23,60,58,58,55',
        // Row 3: more successful than appeared; row 4: a count that is not a whole number.
        '2021-22,60,60,60,61',
        '2020-21,60,5x,,',
      ].join('\n'),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.detail).toMatch(/nothing was written/);
    expect(res.body.errors.rows).toEqual([
      { row: 3, field: 'study_years', message: 'Row 1, Successful: more than the 60 who appeared' },
      { row: 4, field: 'admitted', message: expect.any(String) },
    ]);
    const after = await batches();
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(after.has('2022-23')).toBe(false);
  });

  it('refuses an entry year not written as one, an unknown column and an entry year given twice', async () => {
    const badYear = await load(programId, 'entry_year,sanctioned\n2019/20,60\n');
    expect(badYear.body.errors.rows).toEqual([{ row: 2, field: 'entry_year', message: 'Write it as 2025-26' }]);
    const res = await load(programId, 'entry_year,sanctioned,placd\n2019-20,60,3\n2019-20,60,4\n');
    expect(res.status).toBe(400);
    expect(res.body.errors.rows.map((r: { row: number; field: string }) => `${r.row} ${r.field}`)).toEqual(['1 placd', '3 entry_year']);
    expect((await batches()).has('2019-20')).toBe(false);
  });

  it('creates new batches and updates an entered one, keeping its named list; the readiness follows', async () => {
    const entered = (await batches()).get('2023-24')!;
    const named = await admin.put(`/api/batch-performance/${entered.id}`, {
      ...entered,
      placed: 1,
      placed_students: [{ name: 'Asha Nair', roll_no: '23CS001', detail: 'Infosys, 6.5 LPA' }],
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const res = await load(
      programId,
      [
        'entry_year,sanctioned,admitted,placed,year1_appeared,year1_successful,year1_mean_gpa',
        '2023-24,60,48,2,48,46,7.9',
        '2022-23,60,58,,58,55,8.1',
      ].join('\n'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ rows: 2, created: 1, updated: 1 });
    const after = await batches();
    expect(after.get('2023-24')).toMatchObject({
      admitted: 48,
      placed: 2,
      placed_students: [{ name: 'Asha Nair', roll_no: '23CS001', detail: 'Infosys, 6.5 LPA' }],
      study_years: [{ year: 1, appeared: 48, successful: 46, mean_gpa: 7.9 }],
    });
    expect(after.get('2022-23')).toMatchObject({
      sanctioned: 60,
      admitted: 58,
      study_years: [{ year: 1, appeared: 58, successful: 55, mean_gpa: 8.1 }],
    });
    // A later file with the second year only: the first year, the counts it leaves out and the named list stay.
    const second = await load(programId, 'entry_year,year2_appeared,year2_successful,sanctioned\n2023-24,46,44,\n');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await batches()).get('2023-24')).toMatchObject({
      sanctioned: 60,
      admitted: 48,
      supernumerary: 0,
      placed_students: [{ name: 'Asha Nair' }],
      study_years: [
        { year: 1, appeared: 48, successful: 46, mean_gpa: 7.9 },
        { year: 2, appeared: 46, successful: 44 },
      ],
    });
    // Enrolment for 2025-26 now reads 48 admitted for 2023-24: 57/60, (51 + 3)/60, 48/60 -> 88.33 %.
    expect(item(await readiness(), '4.1').figures.map((f) => f.figure.value)).toEqual([95, 90, 80]);
  });

  it('answers 404 for an unknown program and 400 for an empty file', async () => {
    expect((await load('no-such-program', 'entry_year\n2020-21\n')).status).toBe(404);
    expect((await load(programId, '  ')).status).toBe(400);
  });
});

describe('figures of a batch Attain already holds', () => {
  it('offers N from the intake list, N2 from the next year’s lateral entries and N1 from the roll, each with its source', async () => {
    const prog = (await admin.get(`/api/program/${programId}`)).body.data;
    const saved = await admin.put(`/api/program/${programId}`, {
      ...prog,
      intake: [
        { academic_year: '2024-25', sanctioned_intake: 60 },
        { academic_year: '2025-26', sanctioned_intake: 66, lateral_entries: 6 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const cur = await admin.post('/api/curriculum', { name: `Readiness 2024 scheme ${run}`, program: programId, start_year: 2024 });
    expect(cur.status, JSON.stringify(cur.body)).toBe(201);
    for (const n of [1, 2, 3]) {
      const s = await admin.post('/api/student', {
        curriculum: cur.body.data.id,
        roll_no: `24R${run}${n}`,
        name: `Student ${n}`,
        section: 'A',
      });
      expect(s.status, JSON.stringify(s.body)).toBe(201);
    }
    const res = await admin.get(`/api/batch-figures/${programId}?entry_year=2024-25`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      entry_year: '2024-25',
      offers: [
        { field: 'sanctioned', value: 60, source: "The program's intake list, 2024-25" },
        { field: 'lateral', value: 6, source: "The program's intake list, lateral entries of 2025-26, into the second year" },
        { field: 'admitted', value: 3, source: `Students on the roll of Readiness 2024 scheme ${run}` },
      ],
    });
    // Offered, never applied: the 2024-25 batch still reads what was entered.
    const batch = ((await admin.get(`/api/batch-performance?program=${programId}`)).body.data as Record<string, any>[]).find(
      (b) => b.entry_year === '2024-25',
    );
    expect(batch).toMatchObject({ admitted: 51, sanctioned: 60 });
    expect((await admin.get(`/api/batch-figures/${programId}?entry_year=2019-20`)).body.data.offers).toEqual([]);
    expect((await admin.get(`/api/batch-figures/no-such-program?entry_year=2024-25`)).status).toBe(404);
    expect((await admin.get(`/api/batch-figures/${programId}?entry_year=2024`)).status).toBe(400);
  });
});

describe('sections written by their owners', () => {
  it('lets a faculty member write the section they own, not approve it, not another’s; an admin approves', async () => {
    const faculty = client(base, await login(base, users.demoFaculty.email, users.demoFaculty.password));
    const colleague = client(base, await login(base, users.demoFaculty2.email, users.demoFaculty2.password));
    const me = (await faculty.get('/api/auth/profile')).body.data.id;
    const section = { program: programId, sar_format: 'SAR 2025 (GAPC v4)', academic_year: '2025-26', item: '1.1.2', text: '<p>PEOs</p>' };
    // Someone else's section, or none of theirs: refused.
    const forAnother = await faculty.post('/api/sar-section', {
      ...section,
      owner: (await colleague.get('/api/auth/profile')).body.data.id,
    });
    expect(forAnother.status).toBe(403);
    expect((await faculty.post('/api/sar-section', section)).status).toBe(403);
    const approving = await faculty.post('/api/sar-section', { ...section, owner: me, status: 'Approved' });
    expect(approving.status).toBe(403);
    expect(approving.body.errors.detail).toBe('Only an administrator may set Status to Approved');
    const mine = await faculty.post('/api/sar-section', { ...section, owner: me, status: 'In review' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    // The owner attaches evidence; the administrator then approves the section with it.
    const minutes = await upload(faculty, 'attachment', 'dab-minutes.pdf', 'application/pdf', Buffer.from('%PDF-1.4 minutes'));
    const edited = await faculty.put(`/api/sar-section/${mine.body.data.id}`, {
      ...mine.body.data,
      text: '<p>Vision, revised</p>',
      evidence: [minutes],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.evidence).toEqual([expect.objectContaining({ name: 'dab-minutes.pdf' })]);
    expect((await colleague.put(`/api/sar-section/${mine.body.data.id}`, { ...edited.body.data, text: '<p>Mine now</p>' })).status).toBe(
      403,
    );
    const approved = await admin.put(`/api/sar-section/${mine.body.data.id}`, { ...edited.body.data, status: 'Approved' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.evidence).toHaveLength(1);
    const after = await faculty.put(`/api/sar-section/${mine.body.data.id}`, { ...approved.body.data, text: '<p>Late change</p>' });
    expect(after.status).toBe(403);
    expect(after.body.errors.detail).toBe('This SAR section is approved: only an administrator may change it now');
    expect((await faculty.del(`/api/sar-section/${mine.body.data.id}`)).status).toBe(403);
  });
});
