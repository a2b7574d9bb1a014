import { SAR_FORMAT_DEFS, type SarReadinessView, formatItems } from '@attain/shared-types';
import mammoth from 'mammoth';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

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
