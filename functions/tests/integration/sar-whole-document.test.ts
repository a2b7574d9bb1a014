import {
  type ReportSection,
  type SarFormatDef,
  type SarReadinessView,
  type SarView,
  cellText,
  formatItems,
  isFigure,
  nbaYears,
  sarFormatDef,
  SAR_FORMAT_DEFS,
} from '@attain/shared-types';
import { strFromU8, unzipSync, unzlibSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, login } from '../support/client.js';

/**
 * The whole SAR of the demo program as a college downloads it, in the 2025 format (the program's, 11 POs) and in
 * Tier II: one label per year across the header and every table, the format's POs in the matrices and the PO
 * attainment, every figure citing an item of the program's own format, none of the product's draft words in the copy
 * to submit, and the team's review copy with the figure notes and "Review copy" on every page (decision 0045).
 */
const base = inject('stackUrl');
const users = inject('users');
let admin: ReturnType<typeof client>;
let token: string;
let programId: string;
let original: string | undefined;

/** What the product must never print in the SAR a program submits (its own doubts and internals). */
const DRAFT = [
  /\bnull\b/,
  /not confirmed/i,
  /as published in/i,
  /Formula: Not available/i,
  /method version/i,
  /not available/i,
  /not found/i,
];

const get = async (query: string) => {
  const res = await fetch(`${base}/api/reports/sar/${programId}?criteria=all&${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, query).toBe(200);
  return { bytes: new Uint8Array(await res.arrayBuffer()), name: res.headers.get('content-disposition') ?? '' };
};

/** Every word part of a DOCX (body, headers, footers, footnotes) as text, one line per paragraph. */
function docxParts(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes);
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => /^word\/(document|header\d*|footer\d*|footnotes)\.xml$/.test(name))
      .map(([name, data]) => [
        name.replace(/^word\/|\.xml$/g, '').replace(/\d+$/, ''),
        strFromU8(data)
          .replace(/<\/w:p>/g, '\n')
          .replace(/<[^>]+>/g, '')
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&apos;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>'),
      ]),
  );
}

/** The text of a PDF's content streams (Flate-inflated), and its page count. */
function pdfText(bytes: Uint8Array): { text: string; pages: number } {
  const raw = Buffer.from(bytes).toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index as number) + m[0].length;
    try {
      text += strFromU8(unzlibSync(bytes.subarray(start, raw.indexOf('endstream', start))), true);
    } catch {
      // Not a Flate stream (fonts, images): no text of ours.
    }
  }
  return { text, pages: (raw.match(/\/Type\s*\/Page[^s]/g) ?? []).length };
}

/** Every string a SAR view prints: its context, headings, texts, table titles, column labels, cells and notes. */
function printed(v: SarView): string[] {
  const table = (s: ReportSection) =>
    s.tables.flatMap((t) => [
      t.title,
      ...t.columns.map((c) => c.label),
      ...[...t.rows, ...(t.footer ?? [])].flatMap((r) => Object.values(r).map(cellText)),
      ...(t.notes ?? []),
    ]);
  return [
    v.title,
    ...v.context,
    ...v.sections.flatMap((s) => [s.title, ...(s.texts ?? []).flatMap((t) => [t.title, ...t.paragraphs]), ...table(s)]),
  ];
}

/** NBA's year labels a text gives academic years: `CAY 2025-26`, `LYGm1 2020-21`, each year with the labels it is given. */
function labelsByYear(texts: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const t of texts)
    for (const m of t.matchAll(/\b(CAY(?:[mp]\d+)?|LYG(?:m\d+)?)\s+(\d{4}-\d{2})\b/g)) {
      const set = out.get(m[2]) ?? new Set<string>();
      set.add(m[1]);
      out.set(m[2], set);
    }
  return out;
}

/** The PO columns of a table (`PO1`..), and the PO rows of a PO attainment table. */
const poColumns = (labels: readonly string[]) => labels.filter((l) => /^PO\d+$/.test(l));

beforeAll(async () => {
  token = await login(base, users.demoAdmin.email, users.demoAdmin.password);
  admin = client(base, token);
  const demo = (await admin.get('/api/program')).body.data.find((p: { title: string }) => p.title.startsWith('B.Tech'));
  programId = demo.id;
  original = (await admin.get(`/api/program/${programId}`)).body.data.sar_version;
});

/** Gives the demo program format `id` (what an admin does in Configuration > Program). */
async function useFormat(id: string | undefined) {
  const rec = (await admin.get(`/api/program/${programId}`)).body.data;
  const { id: _id, created_at: _c, created_by: _b, updated_at: _u, updated_by: _ub, ...body } = rec;
  expect((await admin.put(`/api/program/${programId}`, { ...body, sar_version: id ?? null })).status).toBe(200);
}

afterAll(async () => {
  if (admin) await useFormat(original);
});

describe.each([
  { id: 'SAR 2025 (GAPC v4)', pos: 11 },
  { id: 'SAR 2019 (UG Tier II)', pos: 12 },
])('the whole SAR of the demo program in $id', ({ id, pos }) => {
  const format: SarFormatDef = sarFormatDef(id);
  let sar: SarView;
  let review: SarView;
  let ready: SarReadinessView;
  let docx: Record<string, string>;
  let reviewDocx: Record<string, string>;
  let pdf: { text: string; pages: number };
  let reviewPdf: { text: string; pages: number };
  let names: { docx: string; review: string };

  beforeAll(async () => {
    await useFormat(id);
    sar = JSON.parse(new TextDecoder().decode((await get('format=json')).bytes)).data;
    review = JSON.parse(new TextDecoder().decode((await get('format=json&review=1')).bytes)).data;
    ready = (await admin.get(`/api/reports/sar/${programId}/readiness`)).body.data;
    const d = await get('format=docx');
    const rd = await get('format=docx&review=1');
    names = { docx: d.name, review: rd.name };
    docx = docxParts(d.bytes);
    reviewDocx = docxParts(rd.bytes);
    pdf = pdfText((await get('format=pdf')).bytes);
    reviewPdf = pdfText((await get('format=pdf&review=1')).bytes);
  });

  it('names each year by one label, CAY being the year the SAR is made for, in the header, the tables and the files', () => {
    const cay = sar.years[0];
    expect(sar.year_choice.year).toBe(cay);
    const want = new Map(nbaYears(cay).map((y) => [y.year, y.label]));
    for (const [what, texts] of [
      ['json', printed(sar)],
      ['review json', printed(review)],
      ['docx', Object.values(docx)],
      ['pdf', [pdf.text]],
    ] as const) {
      const found = labelsByYear(texts);
      // Both 3.8's (or 3.3.2's) years and Criterion 4's batches are there.
      expect(found.size, what).toBeGreaterThanOrEqual(6);
      for (const [year, labels] of found) expect([...labels], `${what} ${year}`).toEqual([want.get(year)]);
    }
    expect(sar.context).toContain(`Report year (CAY): ${cay}`);
    // The header lists the years each criterion uses, from the format's items.
    const uses = sar.context.find((c) => c.startsWith('Years each criterion uses: '))!.slice('Years each criterion uses: '.length);
    for (const c of format.criteria.filter((x) => x.items.some((i) => i.years)))
      for (const label of c.items.flatMap((i) => (i.years ?? '').split(', ')).filter(Boolean))
        expect(
          uses.split('; ').find((u) => u.startsWith(`Criterion ${c.number}: `)),
          `${c.number} ${label}`,
        ).toContain(label);
  });

  it("lists the format's POs in every matrix and PO attainment table, and readiness says where the program's differ", () => {
    const formatPos = Array.from({ length: pos }, (_, i) => `PO${i + 1}`);
    const tables = sar.sections.flatMap((s) => s.tables);
    const matrices = tables.filter((t) => poColumns(t.columns.map((c) => c.label)).length);
    const attainment = tables.filter((t) => t.id.startsWith('po-attainment-'));
    expect(matrices.length).toBeGreaterThan(1);
    expect(attainment).toHaveLength(3);
    // The demo program has the 11 POs of GAPC v4.0: all of them under 2025; under Tier II the 11 it has of the 12.
    const shown = formatPos.filter((r) => ready.pos.program >= Number(r.slice(2)));
    for (const t of matrices) expect(poColumns(t.columns.map((c) => c.label)), t.title).toEqual(shown);
    for (const t of attainment) expect(poColumns(t.rows.map((r) => String(r.outcome))), t.title).toEqual(shown);
    expect(ready.pos).toMatchObject({ format: pos, program: 11 });
    if (pos === 11) expect(ready.pos.mismatch).toBeNull();
    else expect(ready.pos.mismatch).toMatch(/has 12 POs .*this program has 11 .*PO12 has no column/);
  });

  it('gives each PO its own action taken (the demo sample actions, labelled sample)', () => {
    const cay = sar.sections.flatMap((s) => s.tables).find((t) => t.id === `po-attainment-${sar.years[0]}`)!;
    const actions = cay.rows.filter((r) => /^PO\d+$/.test(String(r.outcome))).map((r) => String(r.action));
    const written = actions.filter(Boolean);
    expect(written.length).toBeGreaterThan(3);
    expect(written.every((a) => a.includes('Sample action'))).toBe(true);
    // Not one text for every PO: at least two thirds of the POs with actions read differently.
    expect(new Set(written).size).toBeGreaterThanOrEqual(Math.ceil((2 * written.length) / 3));
  });

  it("cites an item of the program's own format for every figure (the review copy's notes)", () => {
    const numbers = new Set(formatItems(format).map((x) => x.item.number));
    const sources = review.sections.flatMap((s) =>
      s.tables.flatMap((t) =>
        [...t.rows, ...(t.footer ?? [])].flatMap((r) =>
          Object.values(r)
            .filter(isFigure)
            .map((f) => f.trace.source ?? ''),
        ),
      ),
    );
    expect(sources.length).toBeGreaterThan(100);
    for (const source of new Set(sources)) {
      expect(source.startsWith(`${format.document}, `), source).toBe(true);
      expect(numbers.has(source.slice(format.document.length + 2).split(' ')[0]), source).toBe(true);
    }
    const others = SAR_FORMAT_DEFS.filter((f) => f.document !== format.document).map((f) => f.document);
    for (const text of [...Object.values(reviewDocx), reviewPdf.text, ...Object.values(docx), pdf.text])
      for (const other of others) expect(text.includes(other), other).toBe(false);
  });

  it("prints none of the product's draft words in the copy to submit, and no figure notes", () => {
    for (const [what, text] of [
      ['json', printed(sar).join('\n')],
      ['docx', Object.values(docx).join('\n')],
      ['pdf', pdf.text],
    ] as const)
      expect(DRAFT.filter((re) => re.test(text)).map(String), what).toEqual([]);
    expect(
      sar.sections.flatMap((s) => s.tables).some((t) => [...t.rows, ...(t.footer ?? [])].some((r) => Object.values(r).some(isFigure))),
    ).toBe(false);
    expect(docx.footnotes ?? '').not.toMatch(/Formula: /);
    expect(pdf.text).not.toMatch(/figure traces|Review copy/);
    expect(Object.values(docx).join('\n')).not.toMatch(/Review copy/);
    expect(names.docx).toMatch(/SAR-B\.Tech-CSE-\d{4}-\d{2}\.docx/);
  });

  it('keeps the figure notes in the review copy, labelled "Review copy" on every page', () => {
    expect(review.review).toBe(true);
    expect(review.context[0]).toMatch(/^Review copy/);
    expect(reviewDocx.footnotes).toMatch(/Formula: /);
    expect(reviewDocx.header).toContain('Review copy');
    expect(reviewDocx.footer).toContain('Review copy');
    expect(reviewPdf.text).toContain('Annex: figure traces');
    // The label at the top and in the footer of each page.
    expect((reviewPdf.text.match(/\(Review copy\)/g) ?? []).length).toBe(reviewPdf.pages);
    expect((reviewPdf.text.match(/Review copy: NBA Self Assessment Report/g) ?? []).length).toBe(reviewPdf.pages);
    expect(names.review).toMatch(/SAR-B\.Tech-CSE-\d{4}-\d{2}-review\.docx/);
  });
});
